// A printable sheet of one-time sign-in links, one block per person, to cut up and hand out.
// Shown once, in the answer to the form that made the links (never stored, never in a URL).
import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useHydrated } from "~/components/hydration";
import { useT, type T, type TranslationValues } from "~/utils/i18n";
import type { SheetEntry } from "./sheet";

const MARK = "\u0000";

/**
 * A translated sentence with elements in it (a word in bold): each of `elements` stands in the
 * message as a value of its name and is drawn as the element given, where the language puts it.
 */
export function richText(
  t: T,
  key: string,
  values: TranslationValues,
  elements: Record<string, ReactNode>,
): ReactNode[] {
  const marked = { ...values };
  for (const name of Object.keys(elements)) marked[name] = `${MARK}${name}${MARK}`;
  return t(key, marked)
    .split(MARK)
    .map((part, i) => <Fragment key={i}>{i % 2 === 1 ? (elements[part] ?? part) : part}</Fragment>);
}

export function SignInSheet({
  title,
  entries,
  skipped,
  backTo,
  facility,
}: {
  title: string;
  entries: SheetEntry[];
  skipped: { name: string; reason: string }[];
  backTo: string;
  facility?: string;
}) {
  const hydrated = useHydrated();
  const t = useT("care");
  return (
    <section aria-labelledby="sheet-title" className="space-y-4" data-testid="sign-in-sheet">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 id="sheet-title" className="text-2xl font-bold">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              {t("common:print")}
            </button>
          ) : null}
          <Link to={backTo} className="btn-secondary">
            {t("sheet.done")}
          </Link>
        </div>
      </div>
      <p className="text-base print:hidden">
        {richText(
          t,
          hydrated ? "sheet.made" : "sheet.madePrintCommand",
          { count: entries.length },
          { once: <strong>{t("sheet.once")}</strong> },
        )}
      </p>
      {skipped.length ? (
        <div
          className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-base print:hidden"
          role="note"
        >
          <p className="font-semibold">{t("sheet.noLinkFor")}</p>
          <ul className="list-disc pl-6">
            {skipped.map((s) => (
              <li key={s.name}>{t("sheet.skipped", { name: s.name, reason: s.reason })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        {entries.map((e) => (
          <li
            key={e.url}
            className="card break-inside-avoid border-2 border-dashed border-stone-500"
            data-testid="sheet-entry"
          >
            {facility ? <p className="text-base text-stone-700">{facility}</p> : null}
            <p className="text-xl font-bold">{e.name}</p>
            {e.detail ? <p className="text-base">{e.detail}</p> : null}
            <p className="mt-2 text-base">
              {richText(t, "sheet.username", {}, { username: <strong>{e.username}</strong> })}
            </p>
            <div className="mt-2 flex flex-wrap items-start gap-4">
              {/* the library's SVG (paths only): scanning it opens the same link as the one typed below */}
              <div
                className="h-36 w-36 shrink-0"
                role="img"
                aria-label={t("sheet.qr", { name: e.name })}
                data-testid="sheet-qr"
                dangerouslySetInnerHTML={{ __html: e.qrSvg }}
              />
              <div className="min-w-0 flex-1">
                <p className="text-base">{t("sheet.scan")}</p>
                <p className="break-all font-mono text-base" data-testid="sheet-url">
                  {e.url}
                </p>
              </div>
            </div>
            <p className="mt-1 text-sm text-stone-700">
              {t("sheet.worksUntil", { date: e.expires })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
