// The printable gazette: large type, one column, the month's family photos, messages and
// questions. Print CSS (tailwind.css, [data-print-root]) prints this section alone, on A4 or Letter.
import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/hydration";
import { mediaUrl } from "~/models/media-urls";
import type { Gazette } from "~/models/gazette.server";
import { reactionName } from "~/models/categories";
import { useT } from "~/utils/i18n";
import { useDateFormat } from "~/components/community-time";

function PrintButton() {
  const t = useT("family");
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-base text-stone-700">{t("gazette.printHow")}</p>;
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      {t("gazette.print")}
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
  const t = useT("family");
  const tc = useT("categories");
  const f = useDateFormat();
  // the month in the reader's language (the dates come written in it from the loader)
  const monthLabel = f.monthYear(g.month.ym);
  const q = (month: string) => `?month=${month}`;
  // "(heart)" after the name, as it is said in the reader's language
  const reactionOf = (c: { emoji: string | null; reaction: string | null }) =>
    (reactionName(tc, c.emoji) ?? c.reaction)?.toLocaleLowerCase(f.lang) ?? null;
  const empty =
    !g.photos.length &&
    !g.comments.length &&
    !g.questions.length &&
    !g.stories.length &&
    !g.activities.length;
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
        <nav aria-label={t("gazette.title")} className="card flex flex-wrap items-center gap-3">
          <Link to={`${base}${q(g.month.previous)}`} className="btn-secondary" rel="prev">
            <span aria-hidden="true">←</span> {t("gazette.earlier")}
          </Link>
          {g.month.next ? (
            <Link to={`${base}${q(g.month.next)}`} className="btn-secondary" rel="next">
              {t("gazette.later")} <span aria-hidden="true">→</span>
            </Link>
          ) : null}
          <a href={`${base}.pdf${q(g.month.ym)}`} className="btn-secondary" download>
            {t("gazette.downloadPdf")}
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
            {t("links.gazette", { name: g.resident.firstName })}
          </h1>
          <p className="text-2xl">
            {monthLabel} · {g.communityName}
          </p>
          <p className="text-lg text-stone-700">
            {g.resident.roomNumber
              ? t("gazette.forRoom", {
                  name: `${g.resident.firstName} ${g.resident.lastName}`,
                  room: g.resident.roomNumber,
                })
              : t("gazette.for", { name: `${g.resident.firstName} ${g.resident.lastName}` })}
          </p>
        </header>
        {empty ? (
          <p className="text-2xl">
            {t("gazette.empty", { name: g.resident.firstName, month: monthLabel })}
          </p>
        ) : null}
        {g.photos.length ? (
          <section aria-labelledby="gazette-photos" className="mb-8">
            <h2 id="gazette-photos" className="mb-4 border-b-2 border-stone-300 text-3xl font-bold">
              {t("gazette.photos")}
            </h2>
            <ul className="space-y-6">
              {g.photos.map((p) => (
                <li key={p.id} className="break-inside-avoid">
                  <img
                    src={mediaUrl(p.imageId, 800)}
                    alt={
                      p.description
                        ? t("gazette.photoAlt", { description: p.description })
                        : t("gazette.photoFromAlt", { from: p.from })
                    }
                    className="mb-2 max-h-[9cm] w-auto max-w-full rounded-lg"
                  />
                  {p.description ? <p className="text-2xl">{p.description}</p> : null}
                  <p className="text-xl text-stone-700">
                    {t("gazette.photoFrom", { from: p.from, date: p.dateLabel })}
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
              {t("gazette.messages")}
            </h2>
            <ul className="space-y-5">
              {g.comments.map((c) => (
                <li key={c.id} className="break-inside-avoid">
                  <p className="text-xl text-stone-700">
                    {t("gazette.messageOn", { title: c.storyTitle, date: c.dateLabel })}
                  </p>
                  <p className="whitespace-pre-line text-2xl">{c.content}</p>
                  <p className="text-xl text-stone-700">
                    {reactionOf(c)
                      ? t("gazette.byReacting", { from: c.from, reaction: reactionOf(c) })
                      : t("gazette.by", { from: c.from })}
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
              {t("gazette.questions")}
            </h2>
            <ul className="space-y-5">
              {g.questions.map((qq) => (
                <li key={qq.id} className="break-inside-avoid">
                  <p className="text-2xl">“{qq.question}”</p>
                  <p className="text-xl text-stone-700">
                    {qq.answeredTitle
                      ? t("gazette.askedAnswered", {
                          from: qq.from,
                          date: qq.dateLabel,
                          title: qq.answeredTitle,
                        })
                      : t("gazette.asked", { from: qq.from, date: qq.dateLabel })}
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
              {t("gazette.stories")}
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
        {g.activities.length ? (
          <section aria-labelledby="gazette-activities" className="mt-8">
            <h2
              id="gazette-activities"
              className="mb-4 border-b-2 border-stone-300 text-3xl font-bold"
            >
              {t("gazette.activities")}
            </h2>
            <ul className="list-disc space-y-2 pl-8 text-2xl" data-testid="gazette-activities">
              {g.activities.map((title) => (
                <li key={title}>{title}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}
