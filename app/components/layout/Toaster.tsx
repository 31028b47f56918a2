import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { Toast } from "~/utils/toast.server";
import { useT } from "~/utils/i18n";

const TOAST_DURATION_MS = 5000;
// a toast with Undo stays long enough to be read and pressed
const UNDO_TOAST_DURATION_MS = 20_000;
const CLIENT_TOAST_EVENT = "storyloom:toast";

/** Shows a toast from browser code (the recorder's 'Recording started' and the like). */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(CLIENT_TOAST_EVENT, { detail: toast }));
}

/**
 * One toast at a time, in a live region that screen readers announce (role=status).
 * Without JavaScript it is a notice at the top of the page's content (the region sits first in
 * <main>), never an overlay. With JavaScript (root.tsx marks <html data-js> before the first
 * paint) it floats inside the viewport at any width, at the bottom, or at the top while the
 * person is typing in a field in the lower part of the window, and leaves after 5 seconds (20
 * with Undo; never for one that stays) or on Dismiss.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const t = useT("auth");
  const [visible, setVisible] = useState<Toast | null>(toast);
  const [hydrated, setHydrated] = useState(false);
  const [place, setPlace] = useState<"bottom" | "top">("bottom");
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setVisible(toast);
    if (!toast || toast.stay) return;
    const timer = setTimeout(
      () => setVisible(null),
      toast.undo ? UNDO_TOAST_DURATION_MS : TOAST_DURATION_MS,
    );
    return () => clearTimeout(timer);
  }, [toast]);
  const [clientToast, setClientToast] = useState<{ toast: Toast; at: number } | null>(null);
  useEffect(() => {
    const onToast = (e: Event) =>
      setClientToast({ toast: (e as CustomEvent<Toast>).detail, at: Date.now() });
    window.addEventListener(CLIENT_TOAST_EVENT, onToast);
    return () => window.removeEventListener(CLIENT_TOAST_EVENT, onToast);
  }, []);
  useEffect(() => {
    if (!clientToast) return;
    setVisible(clientToast.toast);
    const timer = setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [clientToast]);
  // never over the field being typed in: a focused field low in the window sends the toast up
  useEffect(() => {
    if (!visible) return;
    const field = document.activeElement;
    const typing =
      field instanceof HTMLElement &&
      field.matches("input:not([type=hidden]), textarea, select, [contenteditable]");
    setPlace(
      typing && field.getBoundingClientRect().bottom > window.innerHeight * 0.5 ? "top" : "bottom",
    );
  }, [visible]);
  const tone =
    visible?.type === "error"
      ? "border-red-700 bg-red-50 text-red-900"
      : visible?.type === "info"
        ? "border-blue-700 bg-blue-50 text-blue-900"
        : "border-brand-700 bg-brand-50 text-brand-900";
  return (
    <div aria-live="polite" role="status" className="toast-region print:hidden" data-place={place}>
      {visible ? (
        <div
          className={`toast rounded-card border-2 p-4 shadow-raised ${tone}`}
          data-testid="toast"
        >
          <p className="text-lg font-bold">{visible.title}</p>
          {visible.description ? <p className="text-base">{visible.description}</p> : null}
          {visible.undo || hydrated ? (
            <div className="mt-1 flex flex-wrap gap-2">
              {visible.undo ? (
                <Form method="post" action={visible.undo.action} onSubmit={() => setVisible(null)}>
                  {visible.undo.fields.map(([name, value], i) => (
                    <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
                  ))}
                  <button type="submit" className="btn-secondary px-3">
                    {visible.undo.label}
                  </button>
                </Form>
              ) : null}
              {hydrated ? (
                <button type="button" className="btn-ghost px-2" onClick={() => setVisible(null)}>
                  {t("toast.dismiss")}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
