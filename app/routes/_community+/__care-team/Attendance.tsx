// The occurrence page: the event's day, time and place; what was saved; the sign-ups and waiting
// list; and the residents, each with one tap for Attended, Declined, One-to-one or Asleep/unwell.
// One form and one Save button: it works the same with JavaScript on and off.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageTitle } from "~/utils/app-name";
import { useDateFormat } from "~/components/community-time";
import { Badge } from "~/components/admin/ui";
import { metaT, useT } from "~/utils/i18n";
import { AttendanceRow } from "~/components/attendance/AttendanceRow";
import { summaryText, timeText } from "~/components/attendance/text";
import type { occurrenceAction, occurrenceLoader } from "./attendance.server";

export const occurrenceMeta: MetaFunction<typeof occurrenceLoader> = ({ matches, data }) => [
  {
    title: pageTitle(
      matches,
      metaT(matches, "attendance")("page.title", { title: data?.occurrence.title ?? "" }),
    ),
  },
];

export function OccurrenceScreen() {
  const data = useLoaderData<typeof occurrenceLoader>();
  const result = useActionData<typeof occurrenceAction>();
  const navigation = useNavigation();
  const t = useT("attendance");
  const { lang, dayHeading, dateTime, number } = useDateFormat();
  const { occurrence, area } = data;
  const base = `/${area}/calendar/${encodeURIComponent(occurrence.id)}/occurrences/${occurrence.occurrenceDate}`;
  const sent = result && "sent" in result ? result.sent : {};
  const error = result?.intent !== "signup" ? result?.error : null;
  const busy = navigation.state === "submitting";
  const signedUp = new Set(data.signups?.signedUp.map((s) => s.id));
  const waiting = new Set(data.signups?.waiting.map((s) => s.id));
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (data.q) params.set("q", data.q);
    if (page > 1) params.set("page", String(page));
    const s = params.toString();
    return s ? `${base}?${s}` : base;
  };
  return (
    <div className="mx-auto max-w-5xl">
      <p className="mb-2 flex flex-wrap gap-x-4">
        <Link to={`/${area}/today`} className="link">
          {t("back.today")}
        </Link>
        <Link to={`/${area}/calendar`} className="link">
          {t("back.calendar")}
        </Link>
      </p>
      <header className="mb-6">
        <h1 className="page-title" id="occurrence-title">
          {occurrence.title}
        </h1>
        {!occurrence.isActive ? (
          <p className="mt-2">
            <Badge tone="red">{t("page.cancelledBadge")}</Badge>
          </p>
        ) : null}
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-lg sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("page.day")}</dt>
          <dd data-testid="occurrence-day">{dayHeading(occurrence.eventDate)}</dd>
          <dt className="font-semibold">{t("page.time")}</dt>
          <dd>{timeText(occurrence, t, lang)}</dd>
          {occurrence.location ? (
            <>
              <dt className="font-semibold">{t("page.place")}</dt>
              <dd>{occurrence.location}</dd>
            </>
          ) : null}
          {data.rule ? (
            <>
              <dt className="font-semibold">{t("page.repeats")}</dt>
              <dd>{data.rule}</dd>
            </>
          ) : null}
          {occurrence.moved ? (
            <>
              <dt className="font-semibold">{t("page.moved")}</dt>
              <dd>{t("page.movedFrom", { day: dayHeading(occurrence.occurrenceDate) })}</dd>
            </>
          ) : null}
        </dl>
        <p className="mt-3 flex flex-wrap gap-3">
          <Link to={`${base}/change`} className="btn-secondary">
            {t("page.change")}
          </Link>
          {occurrence.isActive && !data.notYet ? (
            <Link
              to={`/${area}/circles?occurrence=${encodeURIComponent(`${occurrence.id}/${occurrence.occurrenceDate}`)}`}
              className="btn-secondary"
            >
              {t("page.startCircle")}
            </Link>
          ) : null}
        </p>
      </header>

      <section aria-labelledby="saved-heading" className="card mb-6">
        <h2 id="saved-heading" className="mb-2 text-xl font-bold">
          {t("saved.heading")}
        </h2>
        <p className="text-lg font-bold" data-testid="attendance-summary">
          {summaryText(t, data.counts)}
        </p>
        {data.recorded ? (
          <p className="mt-1 text-base text-stone-700">
            {t("saved.recordedBy", {
              name: data.recorded.name ?? t("saved.someone"),
              when: dateTime(data.recorded.at),
            })}
          </p>
        ) : null}
      </section>

      {data.signups ? <Signups /> : null}

      {!occurrence.isActive ? (
        <p className="card mb-6 text-lg" role="status">
          {t("page.cancelledText")}
        </p>
      ) : data.notYet ? (
        <p className="card mb-6 text-lg" role="status" data-testid="attendance-not-yet">
          {t("page.notYetText", { day: dayHeading(occurrence.eventDate) })}
        </p>
      ) : (
        <section aria-labelledby="residents-heading">
          <h2 id="residents-heading" className="mb-2 text-2xl font-bold">
            {t("list.heading")}
          </h2>
          <p className="mb-3 text-base text-stone-700">{t("list.intro")}</p>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <div className="min-w-[14rem] flex-1">
              <label htmlFor="resident-search" className="label">
                {t("list.search")}
              </label>
              <input
                id="resident-search"
                name="q"
                type="search"
                defaultValue={data.q}
                className="input"
                autoComplete="off"
              />
            </div>
            <button type="submit" className="btn-secondary">
              {t("list.searchButton")}
            </button>
            {data.q ? (
              <Link to={base} className="btn-ghost">
                {t("list.showAll")}
              </Link>
            ) : null}
          </Form>
          <p className="mb-3 text-base" aria-live="polite">
            {data.q
              ? t("list.found", { count: data.total, q: data.q })
              : t("list.count", { count: data.total, n: number(data.total) })}
          </p>
          {error ? (
            <p id="attendance-error" className="field-error mb-3 text-lg" role="alert">
              {error}
            </p>
          ) : null}
          <Form
            method="post"
            id="attendance-form"
            preventScrollReset
            // drawn again from what was saved once a save changed it (a cleared mark unticks)
            key={`${data.recorded?.at ?? ""} ${data.counts.total}`}
          >
            {data.residents.length === 0 ? (
              <p className="card text-lg">{t("list.none")}</p>
            ) : (
              <ul className="space-y-3">
                {data.residents.map((r) => (
                  <AttendanceRow
                    key={r.id}
                    resident={r}
                    mark={data.marks[r.id]}
                    sent={sent[r.id]}
                    hasError={result?.residentId === r.id}
                    errorId="attendance-error"
                    badge={
                      signedUp.has(r.id) || waiting.has(r.id) ? (
                        <Badge tone={signedUp.has(r.id) ? "green" : "gray"}>
                          {signedUp.has(r.id) ? t("list.signedUp") : t("list.waiting")}
                        </Badge>
                      ) : null
                    }
                  />
                ))}
              </ul>
            )}
            {data.pages > 1 ? (
              <nav aria-label={t("list.pages")} className="mt-4 flex flex-wrap items-center gap-3">
                {data.page > 1 ? (
                  <Link to={pageLink(data.page - 1)} className="btn-secondary">
                    {t("list.previous")}
                  </Link>
                ) : null}
                <span>{t("list.pageOf", { page: data.page, pages: data.pages })}</span>
                {data.page < data.pages ? (
                  <Link to={pageLink(data.page + 1)} className="btn-secondary">
                    {t("list.next")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
            <div className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center gap-3 border-t-2 border-stone-300 bg-white/95 py-3">
              <button
                type="submit"
                name="intent"
                value="save"
                className="btn-primary text-lg"
                disabled={busy}
              >
                {t("save.button")}
              </button>
              {data.signups && data.signups.signedUp.length > 0 ? (
                <button
                  type="submit"
                  name="intent"
                  value="markSignedUp"
                  className="btn-secondary"
                  disabled={busy}
                >
                  {t("save.markSignedUp")}
                </button>
              ) : null}
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

function Signups() {
  const data = useLoaderData<typeof occurrenceLoader>();
  const result = useActionData<typeof occurrenceAction>();
  const t = useT("attendance");
  const signups = data.signups!;
  const error = result?.intent === "signup" ? result.error : null;
  const name = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
  return (
    <section aria-labelledby="signups-heading" className="card mb-6">
      <h2 id="signups-heading" className="mb-1 text-xl font-bold">
        {t("signup.heading")}
      </h2>
      <p className="mb-3 text-base">
        {t("signup.places", { taken: signups.signedUp.length, max: signups.max ?? 0 })}
      </p>
      {signups.signedUp.length ? (
        <ol className="mb-3 list-decimal space-y-1 pl-6" data-testid="signed-up">
          {signups.signedUp.map((s) => (
            <li key={s.id}>
              <span className="text-lg">{name(s)}</span>{" "}
              <Form method="post" preventScrollReset className="inline">
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="residentId" value={s.id} />
                <button type="submit" className="btn-ghost">
                  {t("signup.withdraw", { name: name(s) })}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mb-3">{t("signup.none")}</p>
      )}
      {signups.waiting.length ? (
        <>
          <h3 className="mb-1 text-lg font-bold">{t("signup.waitingHeading")}</h3>
          <ol className="mb-3 list-decimal space-y-1 pl-6" data-testid="waiting-list">
            {signups.waiting.map((s) => (
              <li key={s.id}>
                <span className="text-lg">{name(s)}</span>{" "}
                <Form method="post" preventScrollReset className="inline">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="residentId" value={s.id} />
                  <button type="submit" className="btn-ghost">
                    {t("signup.withdraw", { name: name(s) })}
                  </button>
                </Form>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {data.canSignUp ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="signup" />
          <div className="min-w-0 flex-1">
            <label htmlFor="signup-resident" className="label">
              {t("signup.choose")}
            </label>
            <select
              id="signup-resident"
              name="residentId"
              className="input"
              defaultValue=""
              aria-describedby={error ? "signup-error" : undefined}
            >
              <option value="">{t("signup.choosePlaceholder")}</option>
              {data.signupChoices.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.roomNumber
                    ? t("list.legendRoom", { name: name(r), room: r.roomNumber })
                    : name(r)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("signup.button")}
          </button>
          {error ? (
            <p id="signup-error" className="field-error w-full" role="alert">
              {error}
            </p>
          ) : null}
        </Form>
      ) : (
        <p className="text-base text-stone-700">{t("signup.closed")}</p>
      )}
    </section>
  );
}
