import { Form, useLocation } from "@remix-run/react";
import type { DisplayPrefs } from "~/utils/display.server";

/** Larger text and high contrast switches, remembered in a cookie, usable without JavaScript. */
export function DisplayToggles({ prefs }: { prefs: DisplayPrefs }) {
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  return (
    <Form method="post" action="/preferences/display" className="flex flex-wrap gap-2" aria-label="Reading options">
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" name="toggle" value="large" className="btn-ghost border-2 border-stone-300" aria-pressed={prefs.large}>
        <span aria-hidden="true" className="text-xl font-bold">A+</span> Larger text
      </button>
      <button type="submit" name="toggle" value="contrast" className="btn-ghost border-2 border-stone-300" aria-pressed={prefs.contrast}>
        <span aria-hidden="true">◐</span> High contrast
      </button>
    </Form>
  );
}
