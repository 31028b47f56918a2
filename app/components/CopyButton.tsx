// Copies a text (a sign-in link, a temporary password) to the clipboard. Appears once JavaScript
// runs; without it the text is in a read-only field to select and copy.
import { useState } from "react";
import { useHydrated } from "~/components/hydration";
import { useT } from "~/utils/i18n";

export function CopyButton({
  text,
  inputId,
  label,
}: {
  text: string;
  inputId?: string;
  /** "Copy" unless another word is given */
  label?: string;
}) {
  const t = useT("auth");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          // no clipboard permission: select the text so that Ctrl+C copies it
          if (inputId) (document.getElementById(inputId) as HTMLInputElement | null)?.select();
        }
      }}
    >
      {copied ? t("copy.done") : (label ?? t("copy.label"))}
    </button>
  );
}
