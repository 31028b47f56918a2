// The printable gazette: large type, one column, the month's family photos, messages and
// questions. Print CSS (tailwind.css, [data-print-root]) prints this section alone, on A4 or Letter.
import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/hydration";
import { mediaUrl } from "~/models/media-urls";
import type { Gazette } from "~/models/gazette.server";

function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <p className="text-base text-stone-700">
        To print this page, use your browser's Print command (Ctrl+P, or ⌘P on a Mac).
      </p>
    );
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Print this page
    </button>
  );
}

export function GazettePage({
  gazette: g,
  base,
  backTo,
}: {
  gazette: Gazette;
  base: string;
  backTo: { to: string; label: string };
}) {
  const q = (month: string) => `?month=${month}`;
  const empty = !g.photos.length && !g.comments.length && !g.questions.length && !g.stories.length;
  return (
    <div className="space-y-6">
      <div className="space-y-3 print:hidden">
        <p>
          <Link
            to={backTo.to}
            className="inline-flex min-h-target items-center font-semibold text-brand-800 underline"
          >
            <span aria-hidden="true">←&nbsp;</span>
            {backTo.label}
          </Link>
        </p>
        <nav aria-label="Gazette" className="card flex flex-wrap items-center gap-3">
          <Link to={`${base}${q(g.month.previous)}`} className="btn-secondary" rel="prev">
            <span aria-hidden="true">←</span> Earlier month
          </Link>
          {g.month.next ? (
            <Link to={`${base}${q(g.month.next)}`} className="btn-secondary" rel="next">
              Later month <span aria-hidden="true">→</span>
            </Link>
          ) : null}
          <a href={`${base}.pdf${q(g.month.ym)}`} className="btn-secondary" download>
            Download PDF
          </a>
          <PrintButton />
        </nav>
      </div>
      <article
        data-print-root
        className="gazette mx-auto max-w-3xl rounded-xl border border-stone-300 bg-white p-6 print:max-w-none print:border-0 print:p-0 sm:p-10"
        aria-labelledby="gazette-title"
      >
        <header className="mb-6 border-b-4 border-double border-stone-400 pb-4">
          <h1 id="gazette-title" className="text-4xl font-bold text-brand-900">
            {g.resident.firstName}'s Gazette
          </h1>
          <p className="text-2xl">
            {g.month.label} · {g.communityName}
          </p>
          <p className="text-lg text-stone-700">
            For {g.resident.firstName} {g.resident.lastName}
            {g.resident.roomNumber ? `, Room ${g.resident.roomNumber}` : ""}
          </p>
        </header>
        {empty ? (
          <p className="text-2xl">
            No family photos, messages or questions for {g.resident.firstName} in {g.month.label}.
          </p>
        ) : null}
        {g.photos.length ? (
          <section aria-labelledby="gazette-photos" className="mb-8">
            <h2 id="gazette-photos" className="mb-4 border-b-2 border-stone-300 text-3xl font-bold">
              Photos from your family
            </h2>
            <ul className="space-y-6">
              {g.photos.map((p) => (
                <li key={p.id} className="break-inside-avoid">
                  <img
                    src={mediaUrl(p.imageId, 800)}
                    alt={p.description ? `Photo: ${p.description}` : `Photo from ${p.from}`}
                    className="mb-2 max-h-[9cm] w-auto max-w-full rounded-lg"
                  />
                  {p.description ? <p className="text-2xl">{p.description}</p> : null}
                  <p className="text-xl text-stone-700">
                    From {p.from}, {p.dateLabel}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {g.comments.length ? (
          <section aria-labelledby="gazette-messages" className="mb-8">
            <h2
              id="gazette-messages"
              className="mb-4 border-b-2 border-stone-300 text-3xl font-bold"
            >
              Messages from your family
            </h2>
            <ul className="space-y-5">
              {g.comments.map((c) => (
                <li key={c.id} className="break-inside-avoid">
                  <p className="text-xl text-stone-700">
                    On “{c.storyTitle}”, {c.dateLabel}
                  </p>
                  <p className="whitespace-pre-line text-2xl">{c.content}</p>
                  <p className="text-xl text-stone-700">
                    — {c.from}
                    {c.reaction ? ` (${c.reaction.toLowerCase()})` : ""}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {g.questions.length ? (
          <section aria-labelledby="gazette-questions" className="mb-8">
            <h2
              id="gazette-questions"
              className="mb-4 border-b-2 border-stone-300 text-3xl font-bold"
            >
              Questions for you
            </h2>
            <ul className="space-y-5">
              {g.questions.map((qq) => (
                <li key={qq.id} className="break-inside-avoid">
                  <p className="text-2xl">“{qq.question}”</p>
                  <p className="text-xl text-stone-700">
                    Asked by {qq.from}, {qq.dateLabel}
                    {qq.answeredTitle ? `. Answered with your story “${qq.answeredTitle}”.` : "."}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {g.stories.length ? (
          <section aria-labelledby="gazette-stories">
            <h2
              id="gazette-stories"
              className="mb-4 border-b-2 border-stone-300 text-3xl font-bold"
            >
              Your stories shared this month
            </h2>
            <ul className="list-disc space-y-2 pl-8 text-2xl">
              {g.stories.map((s) => (
                <li key={s.id}>
                  {s.title} <span className="text-xl text-stone-700">({s.dateLabel})</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}
