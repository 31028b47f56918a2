// The occurrence page: the event's day, time and place; what was saved; the sign-ups and waiting
// list; and the residents, each with one tap for Attended, Declined, One-to-one or Asleep/unwell.
// One form and one Save button: it works the same with JavaScript on and off.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { pageTitle } from "~/utils/app-name";
import { useDateFormat } from "~/components/community-time";
import { Badge } from "~/components/admin/ui";
import { formatClockTime } from "~/models/event-dates";
import { metaT, useT, type T } from "~/utils/i18n";
import type { occurrenceAction, occurrenceLoader } from "./attendance.server";

export const STATUS_ORDER = ["attended", "declined", "one_to_one", "unwell", "absent"] as const;
const TAPS = ["attended", "declined", "one_to_one", "unwell"] as const;
const ENGAGEMENTS = ["active", "passive", "none"] as const;
const MOOD_CHOICES = ["happy", "calm", "anxious", "sad", "agitated"] as const;

type Counts = Record<(typeof STATUS_ORDER)[number], number>;

/** "10 attended, 2 declined": the counts that are not zero, in the statuses' order. */
export function summaryText(t: T, counts: Counts): string {
  const parts = STATUS_ORDER.filter((s) => counts[s] > 0).map((s) =>
    t(`attendance:count.${s}`, { count: counts[s] }),
  );
  return parts.length ? parts.join(", ") : t("attendance:count.none");
}

/** "2:00 PM to 3:00 PM", "From 2:00 PM", or "All day". */
export function timeText(
  e: { startTime: string | null; endTime: string | null },
  t: T,
  lang: string,
): string {
  const start = formatClockTime(e.startTime, lang);
  const end = formatClockTime(e.endTime, lang);
  if (start && end) return t("attendance:time.range", { start, end });
  if (start) return t("attendance:time.from", { start });
  return t("attendance:time.allDay");
}

/** A radio drawn as a big toggle button: the label is the target, the tick says it is chosen. */
function Toggle({
  name,
  value,
  label,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="inline-flex cursor-pointer">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="peer sr-only"
      />
      <span className="inline-flex min-h-target min-w-[8.5rem] items-center justify-center rounded-control border-2 border-brand-700 bg-white px-4 text-lg font-bold text-brand-800 hover:bg-brand-50 peer-checked:bg-brand-700 peer-checked:text-white peer-checked:before:mr-1 peer-checked:before:content-['✓'] peer-checked:hover:bg-brand-800 peer-focus-visible:outline peer-focus-visible:outline-4 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700">
        {label}
      </span>
    </label>
  );
}

/** A plain radio with its label: the details' choices, light on a page of a hundred residents. */
function Choice({
  name,
  value,
  label,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="inline-flex min-h-target cursor-pointer items-center gap-2 pr-3 text-base">
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="h-6 w-6"
      />
      {label}
    </label>
  );
}

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
        <p className="mt-3">
          <Link to={`${base}/change`} className="btn-secondary">
            {t("page.change")}
          </Link>
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
      ) : (
        <section aria-labelledby="residents-heading">
          <h2 id="residents-heading" className="mb-2 text-2xl font-bold">
            {t("list.heading")}
          </h2>
          <p className="mb-3 text-base text-stone-700">{t("list.intro")}</p>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <div className="min-w-0 flex-1">
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
                {data.residents.map((r) => {
                  const mark = data.marks[r.id];
                  const mine = sent[r.id];
                  const status = mine?.status ?? mark?.status ?? "";
                  const engagement = mine?.engagement ?? mark?.engagement ?? "";
                  const mood = mine?.mood ?? mark?.mood ?? "";
                  const note = mine?.note ?? mark?.note ?? "";
                  const hasError = result?.residentId === r.id;
                  const legendId = `resident-${r.id}`;
                  return (
                    <li key={r.id}>
                      <fieldset
                        className={`card !p-3 sm:!p-4 ${hasError ? "border-2 border-red-700" : ""}`}
                        data-testid="attendance-row"
                        aria-describedby={hasError ? "attendance-error" : undefined}
                      >
                        <legend id={legendId} className="sr-only">
                          {r.roomNumber
                            ? t("list.legendRoom", {
                                name: `${r.firstName} ${r.lastName}`,
                                room: r.roomNumber,
                              })
                            : `${r.firstName} ${r.lastName}`}
                        </legend>
                        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                          <p className="min-w-[12rem] flex-1 text-lg" aria-hidden="true">
                            <span className="font-bold">
                              {r.firstName} {r.lastName}
                            </span>
                            {r.roomNumber ? (
                              <span className="ml-2 text-stone-700">
                                {t("list.room", { room: r.roomNumber })}
                              </span>
                            ) : null}
                          </p>
                          {signedUp.has(r.id) || waiting.has(r.id) ? (
                            <Badge tone={signedUp.has(r.id) ? "green" : "gray"}>
                              {signedUp.has(r.id) ? t("list.signedUp") : t("list.waiting")}
                            </Badge>
                          ) : null}
                          <div className="flex flex-wrap gap-2">
                            {TAPS.map((s) => (
                              <Toggle
                                key={s}
                                name={`status.${r.id}`}
                                value={s}
                                label={t(`status.${s}`)}
                                defaultChecked={status === s}
                              />
                            ))}
                            {status === "absent" ? (
                              <Toggle
                                name={`status.${r.id}`}
                                value="absent"
                                label={t("status.absent")}
                                defaultChecked
                              />
                            ) : null}
                          </div>
                        </div>
                        <details className="mt-2" open={hasError || undefined}>
                          <summary className="inline-flex min-h-target cursor-pointer items-center font-bold text-brand-800 underline">
                            {t("details.summary")}
                            {mark?.note || mark?.mood || mark?.engagement ? (
                              <span className="ml-2 font-normal no-underline">
                                {t("details.hasDetails")}
                              </span>
                            ) : null}
                          </summary>
                          <div className="mt-2 space-y-3">
                            <fieldset>
                              <legend className="label">{t("details.engagement")}</legend>
                              <div className="flex flex-wrap gap-2">
                                {ENGAGEMENTS.map((e) => (
                                  <Choice
                                    key={e}
                                    name={`engagement.${r.id}`}
                                    value={e}
                                    label={t(`engagement.${e}`)}
                                    defaultChecked={engagement === e}
                                  />
                                ))}
                                <Choice
                                  name={`engagement.${r.id}`}
                                  value=""
                                  label={t("details.notNoted")}
                                  defaultChecked={!engagement}
                                />
                              </div>
                            </fieldset>
                            <fieldset>
                              <legend className="label">{t("details.mood")}</legend>
                              <div className="flex flex-wrap gap-2">
                                {MOOD_CHOICES.map((m) => (
                                  <Choice
                                    key={m}
                                    name={`mood.${r.id}`}
                                    value={m}
                                    label={t(`mood.${m}`)}
                                    defaultChecked={mood === m}
                                  />
                                ))}
                                <Choice
                                  name={`mood.${r.id}`}
                                  value=""
                                  label={t("details.notNoted")}
                                  defaultChecked={!mood}
                                />
                              </div>
                            </fieldset>
                            <div>
                              <label htmlFor={`note-${r.id}`} className="label">
                                {t("details.note")}
                              </label>
                              <textarea
                                id={`note-${r.id}`}
                                name={`note.${r.id}`}
                                defaultValue={note}
                                maxLength={500}
                                rows={2}
                                className="input"
                              />
                            </div>
                            {mark ? (
                              <button
                                type="submit"
                                name="clear"
                                value={r.id}
                                className="btn-ghost text-red-800"
                              >
                                {t("details.clear", { name: `${r.firstName} ${r.lastName}` })}
                              </button>
                            ) : null}
                          </div>
                        </details>
                      </fieldset>
                    </li>
                  );
                })}
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
