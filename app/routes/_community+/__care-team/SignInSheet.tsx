// A printable sheet of one-time sign-in links, one block per person, to cut up and hand out.
// Shown once, in the answer to the form that made the links (never stored, never in a URL).
import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/hydration";
import type { SheetEntry } from "./sheet";

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
  return (
    <section aria-labelledby="sheet-title" className="space-y-4" data-testid="sign-in-sheet">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h2 id="sheet-title" className="text-2xl font-bold">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              Print
            </button>
          ) : null}
          <Link to={backTo} className="btn-secondary">
            Done
          </Link>
        </div>
      </div>
      <p className="text-base print:hidden">
        {entries.length} {entries.length === 1 ? "link" : "links"} made. Each works{" "}
        <strong>once</strong>; the person opens it, chooses a password and from then on signs in
        with the username shown. For safety the links are shown only now
        {hydrated ? "" : " (print this page with your browser's Print command)"}.
      </p>
      {skipped.length ? (
        <div
          className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-base print:hidden"
          role="note"
        >
          <p className="font-semibold">No link for:</p>
          <ul className="list-disc pl-6">
            {skipped.map((s) => (
              <li key={s.name}>
                {s.name}: {s.reason}
              </li>
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
              Username: <strong>{e.username}</strong>
            </p>
            <div className="mt-2 flex flex-wrap items-start gap-4">
              {/* the library's SVG (paths only): scanning it opens the same link as the one typed below */}
              <div
                className="h-36 w-36 shrink-0"
                role="img"
                aria-label={`QR code of ${e.name}'s sign-in link`}
                data-testid="sheet-qr"
                dangerouslySetInnerHTML={{ __html: e.qrSvg }}
              />
              <div className="min-w-0 flex-1">
                <p className="text-base">
                  Scan the code, or type this link once, to choose your password:
                </p>
                <p className="break-all font-mono text-base" data-testid="sheet-url">
                  {e.url}
                </p>
              </div>
            </div>
            <p className="mt-1 text-sm text-stone-700">Works once, until {e.expires}.</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
