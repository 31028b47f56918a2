// The activity calendar: events by date with Today / Tomorrow / short date badges, and the event form.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { ErrorList, Field, KeptNotice, SubmitButton, useKeptFields } from "~/components/forms";
import type { CalendarEventSchema } from "~/models/admin-schemas.server";
import type { EventDateBadge } from "~/models/event-dates";
import type { CalendarEventView } from "~/models/event.server";
import { formatShortDate } from "~/models/local-time";
import { useDateFormat } from "~/components/community-time";
import { PSEUDO_LANGUAGE, pseudoize, useT, type T } from "~/utils/i18n";
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { calendarLoader, deleteEventLoader, editEventLoader } from "./calendar.server";
import { useHydrated } from "~/components/hydration";
import { Badge, ConfirmDelete, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";

type EventFormShape = z.input<typeof CalendarEventSchema>;

/** The Repeats fieldset's values (as recurrence.server.ts's RecurrenceFields). */
type RepeatValues = {
  repeat: "none" | "daily" | "weekly" | "monthly";
  interval: number;
  weekdays: string[];
  monthlyBy: "date" | "weekday";
  ends: "never" | "on" | "after";
  until: string | null;
  count: number | null;
};

const NO_REPEAT: RepeatValues = {
  repeat: "none",
  interval: 1,
  weekdays: [],
  monthlyBy: "date",
  ends: "never",
  until: null,
  count: null,
};

const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;

/** How an event repeats: every control a plain input, usable without JavaScript. */
function RepeatFieldset({
  formId,
  values,
  errors,
}: {
  formId: string;
  values: RepeatValues;
  errors?: string[];
}) {
  const t = useT("programs");
  const { lang } = useDateFormat();
  const days = weekdayNames(lang, "long");
  const errorId = `${formId}-repeat-error`;
  const radio = (name: string, value: string, checked: boolean, label: string) => (
    <label key={value} className="flex min-h-target items-center gap-3 text-base">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="h-6 w-6" />
      {label}
    </label>
  );
  return (
    <fieldset
      className="mb-4 rounded-lg border-2 border-stone-300 p-3"
      aria-describedby={errors?.length ? errorId : undefined}
      aria-invalid={errors?.length ? true : undefined}
      data-testid="repeat-fieldset"
    >
      <legend className="px-1 text-lg font-bold">{t("form.repeats")}</legend>
      {errors?.length ? (
        <p id={errorId} className="mb-2 font-semibold text-red-800" role="alert">
          {errors[0]}
        </p>
      ) : null}
      <fieldset className="mb-3">
        <legend className="label">{t("form.howOften")}</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {radio("repeat", "none", values.repeat === "none", t("form.none"))}
          {radio("repeat", "daily", values.repeat === "daily", t("form.daily"))}
          {radio("repeat", "weekly", values.repeat === "weekly", t("form.weekly"))}
          {radio("repeat", "monthly", values.repeat === "monthly", t("form.monthly"))}
        </div>
      </fieldset>
      <div className="mb-3">
        <label htmlFor={`${formId}-interval`} className="label">
          {t("form.interval")}
        </label>
        <p id={`${formId}-interval-hint`} className="mb-1 text-base text-stone-700">
          {t("form.intervalHint")}
        </p>
        <input
          id={`${formId}-interval`}
          name="interval"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          defaultValue={Number.isFinite(values.interval) ? String(values.interval) : ""}
          aria-describedby={`${formId}-interval-hint`}
          className="input max-w-[8rem]"
        />
      </div>
      <fieldset className="mb-3">
        <legend className="label">{t("form.weekdays")}</legend>
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
          {WEEKDAYS.map((code, i) => (
            <label key={code} className="flex min-h-target items-center gap-3 text-base">
              <input
                type="checkbox"
                name="weekdays"
                value={code}
                defaultChecked={values.weekdays.includes(code)}
                className="h-6 w-6"
              />
              {days[i]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="label">{t("form.monthlyBy")}</legend>
        {radio("monthlyBy", "date", values.monthlyBy === "date", t("form.monthlyByDate"))}
        {radio("monthlyBy", "weekday", values.monthlyBy === "weekday", t("form.monthlyByWeekday"))}
      </fieldset>
      <fieldset>
        <legend className="label">{t("form.ends")}</legend>
        {radio("ends", "never", values.ends === "never", t("form.endsNever"))}
        <div className="flex flex-wrap items-center gap-3">
          {radio("ends", "on", values.ends === "on", t("form.endsOn"))}
          <input
            type="date"
            name="until"
            aria-label={t("form.until")}
            defaultValue={values.until ?? ""}
            className="input max-w-[12rem]"
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {radio("ends", "after", values.ends === "after", t("form.endsAfter"))}
          <input
            type="number"
            name="count"
            inputMode="numeric"
            min={1}
            max={730}
            aria-label={t("form.count")}
            defaultValue={values.count ? String(values.count) : ""}
            className="input max-w-[8rem]"
          />
          <span className="text-base">{t("form.times")}</span>
        </div>
      </fieldset>
    </fieldset>
  );
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "14:30" as the reader writes a time of day: "2:30 PM", "14:30". */
export function clockTime(hhmm: string | null, lang: string): string | null {
  if (!hhmm) return null;
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const intlLang = lang === PSEUDO_LANGUAGE ? "en" : lang;
  let format = clockFormats.get(intlLang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLang, {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    });
    clockFormats.set(intlLang, format);
  }
  // Intl puts a narrow no-break space before AM/PM: an ordinary one reads and matches the same
  const text = format
    .format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))))
    .replace(/\u202f/g, " ");
  return lang === PSEUDO_LANGUAGE ? pseudoize(text) : text;
}

/** A YYYY-MM-DD day as a short date ("Mar 5, 2025"): a day, not an instant, so no time zone moves it. */
export function calendarDay(ymd: string, lang: string): string {
  return formatShortDate(`${ymd}T00:00:00Z`, "UTC", lang);
}

/** An event's badge: Today, Tomorrow, or its short date. */
export function badgeLabel(badge: EventDateBadge, eventDate: string, t: T, lang: string): string {
  if (badge.kind === "today") return t("care-content:event.today");
  if (badge.kind === "tomorrow") return t("care-content:event.tomorrow");
  return calendarDay(eventDate, lang);
}

function timeRange(e: Pick<CalendarEventView, "startTime" | "endTime">, t: T, lang: string) {
  const start = clockTime(e.startTime, lang);
  const end = clockTime(e.endTime, lang);
  if (start && end) return t("event.timeRange", { start, end });
  return start ?? (end ? t("event.until", { time: end }) : t("event.allDay"));
}

type OccurrenceView = CalendarEventView & { ruleText: string | null };

/** An occurrence's own page: /{area}/calendar/{eventId}/occurrences/{occurrenceDate}. */
function occurrenceHref(calendar: string, e: Pick<CalendarEventView, "id" | "occurrenceDate">) {
  return `${calendar}/${e.id}/occurrences/${e.occurrenceDate}`;
}

function EventItem({ event, area }: { event: OccurrenceView; area: AreaName }) {
  const cfg = AREAS[area];
  const t = useT("care-content");
  const tp = useT("programs");
  const { lang } = useDateFormat();
  const tone =
    event.badge.kind === "today" ? "green" : event.badge.kind === "tomorrow" ? "blue" : "gray";
  return (
    <li className={`card ${event.isActive ? "" : "opacity-90"}`} data-testid="calendar-event">
      <article aria-labelledby={`event-${event.id}`}>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <Badge tone={tone}>{badgeLabel(event.badge, event.eventDate, t, lang)}</Badge>
          <h3
            id={`event-${event.id}`}
            className={`mr-2 text-xl font-bold ${event.isActive ? "" : "line-through"}`}
          >
            {event.title}
          </h3>
          {event.isActive ? (
            <Badge tone="green">{t("event.active")}</Badge>
          ) : (
            <Badge tone="red">{t("event.cancelled")}</Badge>
          )}
        </div>
        <dl className="mb-3 grid gap-x-6 gap-y-1 text-base sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t("event.when")}</dt>
          <dd>
            {calendarDay(event.eventDate, lang)}, {timeRange(event, t, lang)}
          </dd>
          {event.ruleText ? (
            <>
              <dt className="font-semibold">{tp("list.repeats")}</dt>
              <dd data-testid="event-rule">{event.ruleText}</dd>
            </>
          ) : null}
          {event.location ? (
            <>
              <dt className="font-semibold">{t("event.where")}</dt>
              <dd>{event.location}</dd>
            </>
          ) : null}
          {event.maxParticipants ? (
            <>
              <dt className="font-semibold">{t("event.places")}</dt>
              <dd>{t("event.upTo", { count: event.maxParticipants })}</dd>
            </>
          ) : null}
        </dl>
        {event.description ? (
          <p className="mb-3 whitespace-pre-line text-base">{event.description}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Link
            to={occurrenceHref(cfg.calendar, event)}
            className="btn-secondary"
            aria-label={tp("list.openLabel", {
              title: event.title,
              date: calendarDay(event.occurrenceDate, lang),
            })}
          >
            {tp("list.open")}
          </Link>
          {event.recurrence ? (
            <Link
              to={`${occurrenceHref(cfg.calendar, event)}/change`}
              className="btn-secondary"
              aria-label={tp("list.changeLabel", {
                title: event.title,
                date: calendarDay(event.occurrenceDate, lang),
              })}
            >
              {tp("list.change")}
            </Link>
          ) : null}
          <Link
            to={`${cfg.calendar}/${event.id}`}
            className="btn-secondary"
            aria-label={t("event.editLabel", { title: event.title })}
            preventScrollReset
            {...dialogLinkProps}
          >
            {t("common:edit")}
          </Link>
          <Form method="post" action={`${cfg.calendar}/${event.id}`} preventScrollReset>
            <input type="hidden" name="intent" value={event.isActive ? "cancel" : "reinstate"} />
            <SubmitButton className="btn-ghost">
              <span aria-hidden="true">
                {event.isActive ? t("event.cancel") : t("event.reinstate")}
              </span>
              <span className="sr-only">
                {event.isActive
                  ? t("event.cancelLabel", { title: event.title })
                  : t("event.reinstateLabel", { title: event.title })}
              </span>
            </SubmitButton>
          </Form>
          <Link
            to={`${cfg.calendar}/${event.id}/delete`}
            className="btn-ghost text-red-800"
            aria-label={t("event.deleteLabel", { title: event.title })}
            preventScrollReset
            {...dialogLinkProps}
          >
            {t("common:delete")}
          </Link>
        </div>
      </article>
    </li>
  );
}

const weekdayFormats = new Map<string, string[]>();

/** The names of the days, Monday first, in the reader's language ("Mon", "lun"). */
function weekdayNames(lang: string, width: "short" | "long" = "short"): string[] {
  let names = weekdayFormats.get(`${lang}|${width}`);
  if (!names) {
    const format = new Intl.DateTimeFormat(lang === PSEUDO_LANGUAGE ? "en" : lang, {
      weekday: width,
      timeZone: "UTC",
    });
    // 2024-01-01 was a Monday
    names = Array.from({ length: 7 }, (_, i) => {
      const name = format.format(new Date(Date.UTC(2024, 0, 1 + i)));
      return lang === PSEUDO_LANGUAGE ? pseudoize(name) : name;
    });
    weekdayFormats.set(`${lang}|${width}`, names);
  }
  return names;
}

type MonthData = NonNullable<ReturnType<typeof useLoaderData<typeof calendarLoader>>["month"]>;

/** One month on one printed page (landscape): a week a row, each day with its events. */
function MonthView({ month, area }: { month: MonthData; area: AreaName }) {
  const cfg = AREAS[area];
  const hydrated = useHydrated();
  const t = useT("care-content");
  const df = useDateFormat();
  const days = weekdayNames(df.lang);
  return (
    <div className="calendar-month">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`${cfg.calendar}?view=month&month=${month.previous}`}
            className="btn-secondary"
            rel="prev"
          >
            <span aria-hidden="true">‹</span> {t("month.previous")}
          </Link>
          <Link
            to={`${cfg.calendar}?view=month&month=${month.next}`}
            className="btn-secondary"
            rel="next"
          >
            {t("month.next")} <span aria-hidden="true">›</span>
          </Link>
        </div>
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {t("month.print")}
          </button>
        ) : (
          <p className="text-base">{t("month.printHint")}</p>
        )}
      </div>
      <h3 className="mb-2 text-2xl font-bold">
        <span className="hidden print:inline">{month.facility}: </span>
        {df.monthYear(month.month)}
      </h3>
      <table
        // a day's name or an event's title longer than a seventh of a phone wraps anywhere
        className="w-full table-fixed border-collapse text-left text-sm [overflow-wrap:anywhere]"
        data-testid="month-grid"
      >
        <caption className="sr-only">
          {t("month.caption", { month: df.monthYear(month.month) })}
        </caption>
        <thead>
          <tr>
            {days.map((d) => (
              <th
                key={d}
                scope="col"
                className="border border-stone-400 bg-stone-100 px-1 py-1 text-center text-base"
              >
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <td
                  key={day.date}
                  className={`h-24 border border-stone-400 p-1 align-top print:h-[2.3cm] ${day.inMonth ? "bg-white" : "bg-stone-100 text-stone-600"} ${day.isToday ? "outline outline-2 outline-brand-700" : ""}`}
                  data-date={day.date}
                >
                  <span className="block text-base font-bold">{day.day}</span>
                  <ul className="space-y-0.5">
                    {day.events.map((e) => (
                      <li
                        key={`${e.id}-${e.occurrenceDate}`}
                        className={`leading-tight print:text-[9pt] ${e.isActive ? "" : "line-through"}`}
                      >
                        <Link
                          to={occurrenceHref(cfg.calendar, e)}
                          title={"ruleText" in e && e.ruleText ? String(e.ruleText) : undefined}
                          className="block min-h-[24px] py-0.5 text-ink no-underline hover:underline print:min-h-0 print:py-0"
                        >
                          {e.startTime ? `${clockTime(e.startTime, df.lang)} ` : ""}
                          {e.title}
                          {e.isActive ? "" : ` ${t("month.cancelled")}`}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type WeekData = NonNullable<ReturnType<typeof useLoaderData<typeof calendarLoader>>["week"]>;

/** One week, Monday first: seven columns on a wide screen and on paper, days stacked on a phone. */
function WeekView({ week, area }: { week: WeekData; area: AreaName }) {
  const cfg = AREAS[area];
  const hydrated = useHydrated();
  const t = useT("care-content");
  const tp = useT("programs");
  const df = useDateFormat();
  const names = weekdayNames(df.lang, "long");
  return (
    <div className="calendar-week">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`${cfg.calendar}?view=week&week=${week.previous}`}
            className="btn-secondary"
            rel="prev"
          >
            <span aria-hidden="true">‹</span> {tp("week.previous")}
          </Link>
          <Link
            to={`${cfg.calendar}?view=week&week=${week.next}`}
            className="btn-secondary"
            rel="next"
          >
            {tp("week.next")} <span aria-hidden="true">›</span>
          </Link>
        </div>
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {tp("week.print")}
          </button>
        ) : (
          <p className="text-base">{t("month.printHint")}</p>
        )}
      </div>
      <h3 className="mb-2 text-2xl font-bold">
        <span className="hidden print:inline">{week.facility}: </span>
        {tp("week.title", { date: calendarDay(week.monday, df.lang) })}
      </h3>
      <ol
        className="grid gap-2 lg:grid-cols-7 print:grid-cols-7 print:text-[9pt]"
        data-testid="week-grid"
      >
        {week.days.map((day, i) => (
          <li
            key={day.date}
            data-date={day.date}
            aria-current={day.isToday ? "date" : undefined}
            className={`rounded-lg border border-stone-400 bg-white p-2 ${day.isToday ? "outline outline-4 outline-brand-700" : ""}`}
          >
            <h4 className="text-lg font-bold">
              {names[i]}, {calendarDay(day.date, df.lang)}
              {day.isToday ? (
                <span className="ml-2 rounded bg-brand-700 px-1 text-base text-white">
                  {t("care-content:event.today")}
                </span>
              ) : null}
            </h4>
            {day.events.length === 0 ? (
              <p className="text-base text-stone-700">{tp("week.nothing")}</p>
            ) : (
              <ul className="space-y-1">
                {day.events.map((e) => (
                  <li key={`${e.id}-${e.occurrenceDate}`} className="text-base leading-snug">
                    <Link
                      to={occurrenceHref(cfg.calendar, e)}
                      className={`block min-h-target py-1 text-ink hover:underline ${e.isActive ? "" : "line-through"}`}
                    >
                      <span className="font-semibold">{timeRange(e, t, df.lang)}</span> {e.title}
                      {e.isActive ? "" : ` ${t("month.cancelled")}`}
                    </Link>
                    {e.ruleText ? (
                      <span className="block text-sm text-stone-700">{e.ruleText}</span>
                    ) : null}
                    {e.recurrence ? (
                      <Link
                        to={`${occurrenceHref(cfg.calendar, e)}/change`}
                        className="inline-block min-h-target py-1 text-base print:hidden"
                        aria-label={tp("list.changeLabel", {
                          title: e.title,
                          date: calendarDay(e.occurrenceDate, df.lang),
                        })}
                      >
                        {tp("list.change")}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function CalendarScreen() {
  const area = useCareTeamArea();
  const { upcoming, past, view, month, week } = useLoaderData<typeof calendarLoader>();
  const cfg = AREAS[area];
  const t = useT("care-content");
  const tp = useT("programs");
  return (
    <section aria-labelledby="calendar-title">
      <SectionHeader
        id="calendar-title"
        title={t("calendar.title")}
        action={
          <div className="flex flex-wrap gap-2 print:hidden">
            <nav aria-label={t("calendar.views")} className="flex gap-2">
              <Link
                to={cfg.calendar}
                className={view === "list" ? "btn-primary" : "btn-secondary"}
                aria-current={view === "list" ? "page" : undefined}
              >
                {t("calendar.list")}
              </Link>
              <Link
                to={`${cfg.calendar}?view=week`}
                className={view === "week" ? "btn-primary" : "btn-secondary"}
                aria-current={view === "week" ? "page" : undefined}
              >
                {tp("week.tab")}
              </Link>
              <Link
                to={`${cfg.calendar}?view=month`}
                className={view === "month" ? "btn-primary" : "btn-secondary"}
                aria-current={view === "month" ? "page" : undefined}
              >
                {t("calendar.month")}
              </Link>
            </nav>
            <Link to={`${cfg.calendar}/subscribe`} className="btn-secondary">
              {tp("subscribe.link")}
            </Link>
            <Link
              to={`${cfg.calendar}/new`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              {t("calendar.create")}
            </Link>
          </div>
        }
      />
      <Outlet />
      {month ? <MonthView month={month} area={area} /> : null}
      {week ? <WeekView week={week} area={area} /> : null}
      {month || week ? null : (
        <>
          <h3 className="mb-3 text-xl font-bold">{t("calendar.upcoming")}</h3>
          {upcoming.length === 0 ? (
            <EmptyState>{t("calendar.noUpcoming")}</EmptyState>
          ) : (
            <ul className="space-y-4">
              {upcoming.map((e) => (
                <EventItem key={`${e.id}-${e.occurrenceDate}`} event={e} area={area} />
              ))}
            </ul>
          )}
          {past.length ? (
            <details className="mt-8">
              <summary className="btn-ghost cursor-pointer">
                {t("calendar.past", { count: past.length })}
              </summary>
              <ul className="mt-4 space-y-4">
                {past.map((e) => (
                  <EventItem key={`${e.id}-${e.occurrenceDate}`} event={e} area={area} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function EventFields({
  formId,
  lastResult,
  defaultValue,
  submitLabel,
  askPastDate,
  repeat,
  repeatErrors,
}: {
  /** the Repeats fieldset's values */
  repeat: RepeatValues;
  repeatErrors?: string[];
  formId: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string>;
  submitLabel: string;
  /** the server asked whether a date in the past is meant */
  askPastDate?: boolean;
}) {
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields();
  const t = useT("care-content");
  const [form, fields] = useForm<EventFormShape>({
    id: formId,
    lastResult,
    defaultValue: kept?.values ?? defaultValue,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
      <KeptNotice kept={kept} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label={t("event.field.title")}
        htmlFor={fields.title.id}
        errors={fields.title.errors}
        errorId={fields.title.errorId}
      >
        <input
          {...getInputProps(fields.title, { type: "text" })}
          className="input"
          autoComplete="off"
        />
      </Field>
      <Field
        label={t("event.field.description")}
        optional
        htmlFor={fields.description.id}
        errors={fields.description.errors}
        errorId={fields.description.errorId}
      >
        <textarea {...getTextareaProps(fields.description)} rows={3} className="input" />
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field
          label={t("event.field.date")}
          htmlFor={fields.eventDate.id}
          errors={fields.eventDate.errors}
          errorId={fields.eventDate.errorId}
        >
          <input {...getInputProps(fields.eventDate, { type: "date" })} className="input" />
        </Field>
        <Field
          label={t("event.field.startTime")}
          optional
          htmlFor={fields.startTime.id}
          errors={fields.startTime.errors}
          errorId={fields.startTime.errorId}
        >
          <input {...getInputProps(fields.startTime, { type: "time" })} className="input" />
        </Field>
        <Field
          label={t("event.field.endTime")}
          optional
          htmlFor={fields.endTime.id}
          errors={fields.endTime.errors}
          errorId={fields.endTime.errorId}
        >
          <input {...getInputProps(fields.endTime, { type: "time" })} className="input" />
        </Field>
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label={t("event.field.location")}
          optional
          htmlFor={fields.location.id}
          errors={fields.location.errors}
          errorId={fields.location.errorId}
        >
          <input
            {...getInputProps(fields.location, { type: "text" })}
            className="input"
            autoComplete="off"
          />
        </Field>
        <Field
          label={t("event.field.maxParticipants")}
          optional
          hint={t("event.field.maxHint")}
          htmlFor={fields.maxParticipants.id}
          errors={fields.maxParticipants.errors}
          errorId={fields.maxParticipants.errorId}
        >
          <input
            {...getInputProps(fields.maxParticipants, { type: "number" })}
            inputMode="numeric"
            className="input"
          />
        </Field>
      </div>
      <RepeatFieldset formId={formId} values={repeat} errors={repeatErrors} />
      {askPastDate ? (
        <div
          className="mb-4 flex min-h-target items-center gap-3 rounded-lg border-2 border-amber-700 bg-amber-50 p-3"
          data-testid="past-date-question"
        >
          <input
            type="checkbox"
            id={`${formId}-confirm-past`}
            name="confirmPastDate"
            value="yes"
            className="h-6 w-6"
          />
          <label htmlFor={`${formId}-confirm-past`} className="text-base font-semibold">
            {t("event.confirmPast")}
          </label>
        </div>
      ) : null}
      <SubmitButton pendingText={t("saving")}>{submitLabel}</SubmitButton>
    </Form>
  );
}

type EventActionData = SubmissionResult<string[]> & {
  pastDate?: boolean;
  repeatFields?: RepeatValues;
};

export function NewEventDialog() {
  const area = useCareTeamArea();
  const lastResult = useActionData<EventActionData>();
  const t = useT("care-content");
  return (
    <RouteDialog id="new-event" title={t("event.newTitle")} closeTo={AREAS[area].calendar}>
      <EventFields
        formId="new-event-form"
        lastResult={lastResult}
        submitLabel={t("event.createSubmit")}
        askPastDate={lastResult?.pastDate}
        repeat={lastResult?.repeatFields ?? NO_REPEAT}
        repeatErrors={lastResult?.error?.repeat ?? undefined}
      />
    </RouteDialog>
  );
}

export function EditEventDialog() {
  const area = useCareTeamArea();
  const { event, repeatFields } = useLoaderData<typeof editEventLoader>();
  const lastResult = useActionData<EventActionData>();
  const t = useT("care-content");
  const tp = useT("programs");
  return (
    <RouteDialog
      id="edit-event"
      title={t("event.editTitle", { title: event.title })}
      closeTo={AREAS[area].calendar}
    >
      <EventFields
        key={event.id}
        formId={`edit-event-${event.id}`}
        lastResult={lastResult}
        submitLabel={t("event.save")}
        askPastDate={lastResult?.pastDate}
        repeat={lastResult?.repeatFields ?? repeatFields}
        repeatErrors={lastResult?.error?.repeat ?? undefined}
        defaultValue={{
          title: event.title,
          description: event.description ?? "",
          eventDate: event.eventDate,
          startTime: event.startTime ?? "",
          endTime: event.endTime ?? "",
          location: event.location ?? "",
          maxParticipants: event.maxParticipants ? String(event.maxParticipants) : "",
        }}
      />
      <p className="mt-4">
        <Link to={`${AREAS[area].calendar}/${event.id}/duplicate`} className="btn-secondary">
          {tp("duplicate.button")}
        </Link>
      </p>
      <div className="mt-6 border-t border-stone-300 pt-4">
        <h3 className="mb-2 text-xl font-bold">{t("event.status")}</h3>
        <p className="mb-3 flex items-center gap-2 text-base">
          {t("event.statusIs")}{" "}
          {event.isActive ? (
            <Badge tone="green">{t("event.active")}</Badge>
          ) : (
            <Badge tone="red">{t("event.cancelled")}</Badge>
          )}
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={event.isActive ? "cancel" : "reinstate"} />
          <SubmitButton className="btn-secondary">
            {event.isActive ? t("event.cancelThis") : t("event.reinstateThis")}
          </SubmitButton>
        </Form>
      </div>
    </RouteDialog>
  );
}

export function DeleteEventDialog() {
  const area = useCareTeamArea();
  const { event } = useLoaderData<typeof deleteEventLoader>();
  const t = useT("care-content");
  return (
    <ConfirmDelete
      id="delete-event"
      title={t("event.deleteTitle")}
      closeTo={AREAS[area].calendar}
      question={t("event.deleteQuestion", { title: event.title, when: event.when })}
      detail={<p>{t("event.deleteDetail")}</p>}
      confirmLabel={t("event.deleteConfirm")}
    />
  );
}
