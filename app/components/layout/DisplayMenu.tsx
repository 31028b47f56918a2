// "Display" in the header: larger text and high contrast, each a switch that says plainly whether
// it is on, and the language, each offered in its own name. A <details> disclosure and plain
// forms, so it opens and works without JavaScript; text size and contrast are kept in a cookie for
// this browser (a kiosk keeps them for everyone who uses it), the language on the account.
import { Form, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import { useT } from "~/utils/i18n";

function Switch({ name, label, on }: { name: "large" | "contrast"; label: string; on: boolean }) {
  const t = useT("common");
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
            <span aria-hidden="true">✓ </span>
            {t("display.on")}
          </>
        ) : (
          t("display.off")
        )}
      </span>
    </button>
  );
}

export function DisplayMenu() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const prefs = root?.display ?? { large: false, contrast: false };
  const location = useLocation();
  const t = useT("common");
  const on = [prefs.large, prefs.contrast].filter(Boolean).length;
  const returnTo = location.pathname + location.search;
  return (
    // the panel hangs from the header's right edge (the header row is `relative`), so it stays in
    // the window wherever the summary wraps to, at any text size
    <details className="group" data-testid="display-menu">
      <summary className="btn-ghost cursor-pointer list-none border-2 border-stone-400 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-lg font-bold">
          A+
        </span>{" "}
        {t("display.menu")}
        {on ? (
          <span className="rounded-full bg-brand-800 px-2 text-base text-white">
            {t("display.countOn", { count: on })}
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
          aria-label={t("display.options")}
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <Switch name="large" label={t("display.large")} on={prefs.large} />
          <Switch name="contrast" label={t("display.contrast")} on={prefs.contrast} />
        </Form>
        <p className="mt-2 text-base text-stone-700">{t("display.kept")}</p>
        <LanguageChoice returnTo={returnTo} className="mt-3 border-t-2 border-stone-200 pt-3" />
      </div>
    </details>
  );
}

/**
 * The languages, each in its own name and marked as that language (a screen reader says
 * "Español" in Spanish). The current one is pressed. A full page load follows the choice, so
 * every part of the page, the app's own text included, comes in the new language.
 */
export function LanguageChoice({ returnTo, className }: { returnTo: string; className?: string }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const t = useT("common");
  const languages = root?.languages ?? [];
  if (languages.length < 2) return null;
  return (
    <Form
      method="post"
      action="/preferences/language"
      reloadDocument
      className={className}
      aria-labelledby="language-choice-title"
    >
      <p id="language-choice-title" className="mb-2 text-base font-bold">
        {t("display.language")}
      </p>
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap gap-2">
        {languages.map((l) => {
          const current = l.code === root?.lang;
          return (
            <button
              key={l.code}
              type="submit"
              name="language"
              value={l.code}
              lang={l.code}
              aria-pressed={current}
              className={`min-h-target rounded-lg border-2 px-3 py-2 text-base font-semibold ${
                current
                  ? "border-brand-800 bg-brand-800 text-white"
                  : "border-stone-500 bg-white text-ink hover:bg-stone-100"
              }`}
              data-testid={`language-${l.code}`}
            >
              {current ? <span aria-hidden="true">✓ </span> : null}
              {l.name}
            </button>
          );
        })}
      </div>
    </Form>
  );
}
