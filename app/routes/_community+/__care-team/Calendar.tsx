// The activity calendar: events by date with Today / Tomorrow / 'MMM d, yyyy' badges, and the event form.
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
import { formatClockTime } from "~/models/event-dates";
import type { CalendarEventView } from "~/models/event.server";
import { AREAS, useCareTeamArea, type AreaName } from "./areas";
import type { calendarLoader, deleteEventLoader, editEventLoader } from "./calendar.server";
import { useHydrated } from "~/components/hydration";
import { Badge, ConfirmDelete, EmptyState, SectionHeader } from "~/components/admin/ui";
import { dialogLinkProps, RouteDialog } from "~/components/dialog";

type EventFormShape = z.input<typeof CalendarEventSchema>;

function timeRange(e: Pick<CalendarEventView, "startTime" | "endTime">) {
  const start = formatClockTime(e.startTime);
  const end = formatClockTime(e.endTime);
  if (start && end) return `${start} – ${end}`;
  return start ?? (end ? `until ${end}` : "All day");
}

function EventItem({ event, area }: { event: CalendarEventView; area: AreaName }) {
  const cfg = AREAS[area];
  const tone =
    event.badge.kind === "today" ? "green" : event.badge.kind === "tomorrow" ? "blue" : "gray";
  return (
    <li className={`card ${event.isActive ? "" : "opacity-90"}`} data-testid="calendar-event">
      <article aria-labelledby={`event-${event.id}`}>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <Badge tone={tone}>{event.badge.label}</Badge>
          <h3
            id={`event-${event.id}`}
            className={`mr-2 text-xl font-bold ${event.isActive ? "" : "line-through"}`}
          >
            {event.title}
          </h3>
          {event.isActive ? (
            <Badge tone="green">Active</Badge>
          ) : (
            <Badge tone="red">Cancelled</Badge>
          )}
        </div>
        <dl className="mb-3 grid gap-x-6 gap-y-1 text-base sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">When</dt>
          <dd>
            {event.dateLabel}, {timeRange(event)}
          </dd>
          {event.location ? (
            <>
              <dt className="font-semibold">Where</dt>
              <dd>{event.location}</dd>
            </>
          ) : null}
          {event.maxParticipants ? (
            <>
              <dt className="font-semibold">Places</dt>
              <dd>Up to {event.maxParticipants} participants</dd>
            </>
          ) : null}
        </dl>
        {event.description ? (
          <p className="mb-3 whitespace-pre-line text-base">{event.description}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Link
            to={`${cfg.calendar}/${event.id}`}
            className="btn-secondary"
            aria-label={`Edit ${event.title}`}
            preventScrollReset
            {...dialogLinkProps}
          >
            Edit
          </Link>
          <Form method="post" action={`${cfg.calendar}/${event.id}`} preventScrollReset>
            <input type="hidden" name="intent" value={event.isActive ? "cancel" : "reinstate"} />
            <SubmitButton className="btn-ghost">
              <span aria-hidden="true">{event.isActive ? "Cancel event" : "Reinstate"}</span>
              <span className="sr-only">{`${event.isActive ? "Cancel" : "Reinstate"} ${event.title}`}</span>
            </SubmitButton>
          </Form>
          <Link
            to={`${cfg.calendar}/${event.id}/delete`}
            className="btn-ghost text-red-800"
            aria-label={`Delete ${event.title}`}
            preventScrollReset
            {...dialogLinkProps}
          >
            Delete
          </Link>
        </div>
      </article>
    </li>
  );
}

type MonthData = NonNullable<ReturnType<typeof useLoaderData<typeof calendarLoader>>["month"]>;

/** One month on one printed page (landscape): a week a row, each day with its events. */
function MonthView({ month, area }: { month: MonthData; area: AreaName }) {
  const cfg = AREAS[area];
  const hydrated = useHydrated();
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  return (
    <div className="calendar-month">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`${cfg.calendar}?view=month&month=${month.previous}`}
            className="btn-secondary"
            rel="prev"
          >
            <span aria-hidden="true">‹</span> Previous month
          </Link>
          <Link
            to={`${cfg.calendar}?view=month&month=${month.next}`}
            className="btn-secondary"
            rel="next"
          >
            Next month <span aria-hidden="true">›</span>
          </Link>
        </div>
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            Print this month
          </button>
        ) : (
          <p className="text-base">
            Print it with your browser&apos;s Print command: it fits one page.
          </p>
        )}
      </div>
      <h3 className="mb-2 text-2xl font-bold">
        <span className="hidden print:inline">{month.facility}: </span>
        {month.label}
      </h3>
      <table
        className="w-full table-fixed border-collapse text-left text-sm"
        data-testid="month-grid"
      >
        <caption className="sr-only">Events of {month.label}, a week to a row</caption>
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
                        key={e.id}
                        className={`leading-tight print:text-[9pt] ${e.isActive ? "" : "line-through"}`}
                      >
                        <Link
                          to={`${cfg.calendar}/${e.id}`}
                          className="block min-h-[24px] py-0.5 text-ink no-underline hover:underline print:min-h-0 print:py-0"
                        >
                          {e.startTime ? `${formatClockTime(e.startTime)} ` : ""}
                          {e.title}
                          {e.isActive ? "" : " (cancelled)"}
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

export function CalendarScreen() {
  const area = useCareTeamArea();
  const { upcoming, past, view, month } = useLoaderData<typeof calendarLoader>();
  const cfg = AREAS[area];
  return (
    <section aria-labelledby="calendar-title">
      <SectionHeader
        id="calendar-title"
        title="Activity Calendar"
        action={
          <div className="flex flex-wrap gap-2 print:hidden">
            <nav aria-label="Calendar views" className="flex gap-2">
              <Link
                to={cfg.calendar}
                className={view === "list" ? "btn-primary" : "btn-secondary"}
                aria-current={view === "list" ? "page" : undefined}
              >
                List
              </Link>
              <Link
                to={`${cfg.calendar}?view=month`}
                className={view === "month" ? "btn-primary" : "btn-secondary"}
                aria-current={view === "month" ? "page" : undefined}
              >
                Month
              </Link>
            </nav>
            <Link
              to={`${cfg.calendar}/new`}
              className="btn-primary"
              preventScrollReset
              {...dialogLinkProps}
            >
              Create Event
            </Link>
          </div>
        }
      />
      <Outlet />
      {month ? <MonthView month={month} area={area} /> : null}
      {month ? null : (
        <>
          <h3 className="mb-3 text-xl font-bold">Upcoming</h3>
          {upcoming.length === 0 ? (
            <EmptyState>No upcoming events. Create one to fill the calendar.</EmptyState>
          ) : (
            <ul className="space-y-4">
              {upcoming.map((e) => (
                <EventItem key={e.id} event={e} area={area} />
              ))}
            </ul>
          )}
          {past.length ? (
            <details className="mt-8">
              <summary className="btn-ghost cursor-pointer">Past events ({past.length})</summary>
              <ul className="mt-4 space-y-4">
                {past.map((e) => (
                  <EventItem key={e.id} event={e} area={area} />
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
}: {
  formId: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string>;
  submitLabel: string;
  /** the server asked whether a date in the past is meant */
  askPastDate?: boolean;
}) {
  // what was written before a sign-out ended the session, back after signing in again
  const kept = useKeptFields();
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
        label="Title"
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
        label="Description"
        optional
        htmlFor={fields.description.id}
        errors={fields.description.errors}
        errorId={fields.description.errorId}
      >
        <textarea {...getTextareaProps(fields.description)} rows={3} className="input" />
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field
          label="Date"
          htmlFor={fields.eventDate.id}
          errors={fields.eventDate.errors}
          errorId={fields.eventDate.errorId}
        >
          <input {...getInputProps(fields.eventDate, { type: "date" })} className="input" />
        </Field>
        <Field
          label="Start time"
          optional
          htmlFor={fields.startTime.id}
          errors={fields.startTime.errors}
          errorId={fields.startTime.errorId}
        >
          <input {...getInputProps(fields.startTime, { type: "time" })} className="input" />
        </Field>
        <Field
          label="End time"
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
          label="Location"
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
          label="Maximum participants"
          optional
          hint="At least 1; leave empty for no limit."
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
            Yes, save it with this date in the past
          </label>
        </div>
      ) : null}
      <SubmitButton pendingText="Saving...">{submitLabel}</SubmitButton>
    </Form>
  );
}

type EventActionData = SubmissionResult<string[]> & { pastDate?: boolean };

export function NewEventDialog() {
  const area = useCareTeamArea();
  const lastResult = useActionData<EventActionData>();
  return (
    <RouteDialog id="new-event" title="Create Event" closeTo={AREAS[area].calendar}>
      <EventFields
        formId="new-event-form"
        lastResult={lastResult}
        submitLabel="Create event"
        askPastDate={lastResult?.pastDate}
      />
    </RouteDialog>
  );
}

export function EditEventDialog() {
  const area = useCareTeamArea();
  const { event } = useLoaderData<typeof editEventLoader>();
  const lastResult = useActionData<EventActionData>();
  return (
    <RouteDialog id="edit-event" title={`Edit “${event.title}”`} closeTo={AREAS[area].calendar}>
      <EventFields
        key={event.id}
        formId={`edit-event-${event.id}`}
        lastResult={lastResult}
        submitLabel="Save event"
        askPastDate={lastResult?.pastDate}
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
      <div className="mt-6 border-t border-stone-300 pt-4">
        <h3 className="mb-2 text-xl font-bold">Status</h3>
        <p className="mb-3 flex items-center gap-2 text-base">
          This event is{" "}
          {event.isActive ? (
            <Badge tone="green">Active</Badge>
          ) : (
            <Badge tone="red">Cancelled</Badge>
          )}
        </p>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={event.isActive ? "cancel" : "reinstate"} />
          <SubmitButton className="btn-secondary">
            {event.isActive ? "Cancel this event" : "Reinstate this event"}
          </SubmitButton>
        </Form>
      </div>
    </RouteDialog>
  );
}

export function DeleteEventDialog() {
  const area = useCareTeamArea();
  const { event } = useLoaderData<typeof deleteEventLoader>();
  return (
    <ConfirmDelete
      id="delete-event"
      title="Delete this event?"
      closeTo={AREAS[area].calendar}
      question={`Delete “${event.title}” (${event.when})?`}
      detail={<p>To keep it listed as Cancelled instead, use Cancel event.</p>}
      confirmLabel="Delete event"
    />
  );
}
