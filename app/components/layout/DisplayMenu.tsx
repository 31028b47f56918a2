// "Display" in the header: larger text and high contrast, each a switch that says plainly whether
// it is on. A <details> disclosure and a plain form, so it opens and works without JavaScript; the
// choice is kept in a cookie for this browser (a kiosk keeps it for everyone who uses it).
import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

function Switch({ name, label, on }: { name: "large" | "contrast"; label: string; on: boolean }) {
  return (
    <button
      type="submit"
      name="toggle"
      value={name}
      aria-pressed={on}
      className={`flex min-h-target w-full items-center justify-between gap-3 rounded-lg border-2 px-3 py-2 text-left text-base font-semibold ${
        on
          ? "border-brand-800 bg-brand-800 text-white"
          : "border-stone-500 bg-white text-ink hover:bg-stone-100"
      }`}
      data-testid={`display-${name}`}
    >
      <span>{label}</span>
      <span
        className={`rounded-full border-2 px-3 text-base font-bold ${on ? "border-white bg-white text-brand-900" : "border-stone-600 text-stone-800"}`}
      >
        {on ? (
          <>
            <span aria-hidden="true">✓ </span>On
          </>
        ) : (
          "Off"
        )}
      </span>
    </button>
  );
}

export function DisplayMenu() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const prefs = root?.display ?? { large: false, contrast: false };
  const location = useLocation();
  const on = [prefs.large ? "larger text" : null, prefs.contrast ? "high contrast" : null].filter(
    Boolean,
  );
  return (
    // the panel hangs from the header's right edge (the header row is `relative`), so it stays in
    // the window wherever the summary wraps to, at any text size
    <details className="group" data-testid="display-menu">
      <summary className="btn-ghost cursor-pointer list-none border-2 border-stone-400 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-lg font-bold">
          A+
        </span>{" "}
        Display
        {on.length ? (
          <span className="rounded-full bg-brand-800 px-2 text-base text-white">
            {on.length === 2 ? "2 on" : "1 on"}
          </span>
        ) : null}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute right-4 top-full z-40 hidden w-72 group-open:block max-w-[calc(100vw-2rem)] rounded-xl border-2 border-stone-400 bg-white p-3 shadow-lg">
        <Form
          method="post"
          action="/preferences/display"
          className="space-y-2"
          aria-label="Reading options"
        >
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <Switch name="large" label="Larger text" on={prefs.large} />
          <Switch name="contrast" label="High contrast" on={prefs.contrast} />
        </Form>
        <p className="mt-2 text-base text-stone-700">Kept for this browser.</p>
      </div>
    </details>
  );
}
