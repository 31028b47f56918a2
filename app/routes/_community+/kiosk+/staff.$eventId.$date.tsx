// One of today's activities at the kiosk, in staff mode: the residents, each with one tap for
// Attended, Declined, One-to-one or Asleep/unwell, and one Save. Without staff mode (it ran out,
// or nobody started it) the page asks for a username and password instead and shows nobody; a
// form sent after staff mode ran out keeps its marks, and saves them once the password is given.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  AttendanceError,
  activeResidentsPage,
  countByStatus,
  entriesOfMarks,
  marksOfForm,
  occurrenceAttendance,
  recordAttendance,
  type SentMarks,
} from "~/models/attendance.server";
import { getOccurrence, todayInTimeZone } from "~/models/event.server";
import { isCalendarDate } from "~/models/event-dates";
import { writeAudit } from "~/models/audit.server";
import { AttendanceRow } from "~/components/attendance/AttendanceRow";
import { summaryText, timeText } from "~/components/attendance/text";
import { useDateFormat } from "~/components/community-time";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { StaffConfirmForm } from "~/components/kiosk/StaffConfirmForm";
import { clientOf } from "~/utils/host.server";
import { kioskSessionOf } from "~/utils/kiosk.server";
import { kioskStaffCookie, readKioskStaff, type KioskStaff } from "~/utils/kiosk-staff.server";
import { requireKiosk } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { getT } from "~/utils/i18n.server";
import { metaT, msg, translateMessage, useT } from "~/utils/i18n";
import { staffFrameOf, startStaffMode } from "./__kiosk.server";

/** Residents shown at once; a search narrows the list. */
const RESIDENTS_SHOWN = 100;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  {
    title: pageTitle(
      matches,
      metaT(matches, "attendance")("page.title", { title: data?.occurrence.title ?? "" }),
    ),
  },
];

/** Today's (or an earlier day's) occurrence named by the address, on a kiosk no resident is using. */
async function kioskOccurrence(request: Request, params: { eventId?: string; date?: string }) {
  const ctx = await requireKiosk(request);
  const date = params.date ?? "";
  const occurrence = isCalendarDate(date)
    ? getOccurrence(ctx.db, params.eventId ?? "", date, ctx.community.timeZone)
    : undefined;
  if (!occurrence) throw new Response(msg("attendance:page.notAnOccurrence"), { status: 404 });
  // a resident's turn is going on here: staff mode waits until she is done
  if (kioskSessionOf(ctx.db, ctx.kiosk.id).session) throw redirect("/kiosk/me");
  return { ...ctx, occurrence };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db, kiosk, occurrence } = await kioskOccurrence(request, params);
  const staff = await readKioskStaff(request, community, kiosk.id);
  const shown = {
    id: occurrence.id,
    occurrenceDate: occurrence.occurrenceDate,
    eventDate: occurrence.eventDate,
    title: occurrence.title,
    startTime: occurrence.startTime,
    endTime: occurrence.endTime,
    location: occurrence.location,
    isActive: occurrence.isActive,
  };
  const frame = staffFrameOf(community, kiosk, staff);
  // without staff mode the page shows nobody: who took part is not for the lounge to read
  if (!staff)
    return data({
      frame,
      staff: false as const,
      occurrence: shown,
      notYet: false,
      q: "",
      total: 0,
      residents: [],
      marks: {},
      counts: null,
    });
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const list = activeResidentsPage(db, { q, limit: RESIDENTS_SHOWN, offset: 0 });
  const marks = occurrenceAttendance(db, occurrence.id, occurrence.occurrenceDate);
  return data(
    {
      frame,
      staff: true as const,
      occurrence: shown,
      notYet: occurrence.eventDate > todayInTimeZone(community.timeZone),
      q,
      total: list.total,
      residents: list.residents,
      marks: Object.fromEntries(marks.map((m) => [m.residentId, m])),
      counts: countByStatus(marks),
    },
    { headers: { "Set-Cookie": await kioskStaffCookie(community, kiosk.id, staff.userId) } },
  );
}

export const policy = { body: "form" } satisfies RoutePolicy;

type Refusal = {
  error: string;
  residentId: string | null;
  sent: SentMarks;
  /** staff mode is off: the marks wait for a username and password */
  locked: boolean;
  username?: string;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, db, kiosk, occurrence } = await kioskOccurrence(request, params);
  const t = await getT(request, "attendance");
  const tk = await getT(request, "kiosk");
  const form = await request.formData();
  const sent = marksOfForm(form);
  let staff: KioskStaff | null;
  let setCookie: string;
  if (form.get("intent") === "signin") {
    const started = await startStaffMode(request, community, kiosk, form);
    if (!started.ok)
      return data<Refusal>(
        {
          error: started.message,
          residentId: null,
          sent,
          locked: true,
          username: started.username,
        },
        { status: 400 },
      );
    staff = started.staff;
    setCookie = started.setCookie;
  } else {
    staff = await readKioskStaff(request, community, kiosk.id);
    if (!staff)
      return data<Refusal>(
        { error: tk("staff.expired"), residentId: null, sent, locked: true },
        { status: 401 },
      );
    setCookie = await kioskStaffCookie(community, kiosk.id, staff.userId);
  }
  const url = new URL(request.url);
  const back = `/kiosk/staff/${encodeURIComponent(occurrence.id)}/${occurrence.occurrenceDate}${url.search}`;
  const headers = { "Set-Cookie": setCookie };
  // signed in again with nothing to save: the page itself
  if (Object.keys(sent).length === 0) return redirect(back, { headers });
  try {
    const entries = entriesOfMarks(db, occurrence.id, occurrence.occurrenceDate, sent);
    recordAttendance(db, {
      eventId: occurrence.id,
      occurrenceDate: occurrence.occurrenceDate,
      timeZone: community.timeZone,
      entries,
      actor: { id: staff.userId, displayName: staff.displayName },
    });
  } catch (e) {
    if (!(e instanceof AttendanceError)) throw e;
    return data<Refusal>(
      {
        error: translateMessage(t, e.message),
        residentId: e.residentId ?? null,
        sent,
        locked: false,
      },
      { status: 400, headers },
    );
  }
  writeAudit({
    client: clientOf(request),
    actorUserId: staff.userId,
    action: "attendance.recorded",
    tenantId: community.id,
    details: `${kiosk.name}: ${occurrence.title} · ${occurrence.occurrenceDate}`,
  });
  const counts = countByStatus(occurrenceAttendance(db, occurrence.id, occurrence.occurrenceDate));
  return redirectWithToast(
    back,
    { type: "success", title: t("save.saved"), description: summaryText(t, counts) },
    { headers },
  );
}

export default function KioskStaffOccurrence() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT("attendance");
  const tk = useT("kiosk");
  const { lang, dayHeading } = useDateFormat();
  const { occurrence } = d;
  const base = `/kiosk/staff/${encodeURIComponent(occurrence.id)}/${occurrence.occurrenceDate}`;
  const sent = result?.sent ?? {};
  const heading = (
    <header className="mb-4">
      <h1 className="page-title" id="occurrence-title">
        {occurrence.title}
      </h1>
      <p className="text-xl">
        {dayHeading(occurrence.eventDate)} · {timeText(occurrence, t, lang)}
        {occurrence.location ? ` · ${occurrence.location}` : ""}
      </p>
    </header>
  );
  // staff mode ran out: with JavaScript the page's data is not read again after a refusal, so
  // the answer itself says so, and the marks it carries wait for the password
  if (!d.staff || result?.locked) {
    const kept = result?.locked ? Object.entries(sent) : [];
    return (
      <KioskFrame frame={{ ...d.frame, staffName: null }}>
        <section className="mx-auto max-w-xl" aria-labelledby="occurrence-title">
          {heading}
          <p className="mb-4 text-xl">
            {result?.locked && !result.username ? tk("staff.expired") : tk("staff.signInIntro")}
          </p>
          {kept.length ? (
            <p className="mb-4 text-xl font-bold" role="status" data-testid="kiosk-marks-kept">
              {tk("staff.kept")}
            </p>
          ) : null}
          <StaffConfirmForm
            error={result?.username !== undefined ? result.error : null}
            username={result?.username}
            submitLabel={kept.length ? tk("staff.saveAndSignIn") : tk("staff.signIn")}
          >
            <input type="hidden" name="intent" value="signin" />
            {kept.flatMap(([residentId, one]) =>
              (["status", "engagement", "mood", "note"] as const)
                .filter((k) => one[k] !== undefined)
                .map((k) => (
                  <input
                    key={`${k}.${residentId}`}
                    type="hidden"
                    name={`${k}.${residentId}`}
                    value={one[k]}
                  />
                )),
            )}
          </StaffConfirmForm>
          <p className="mt-6 text-center">
            <Link to="/kiosk" className="btn-secondary">
              <span aria-hidden="true">←</span> {t("common:back")}
            </Link>
          </p>
        </section>
      </KioskFrame>
    );
  }
  const error = result && !result.locked ? result.error : null;
  return (
    <KioskFrame frame={d.frame}>
      <p className="mb-3">
        <Link to="/kiosk/staff" className="btn-secondary">
          <span aria-hidden="true">←</span> {tk("staff.backToList")}
        </Link>
      </p>
      {heading}
      {d.counts ? (
        <p className="mb-4 text-xl font-bold" data-testid="attendance-summary">
          {summaryText(t, d.counts)}
        </p>
      ) : null}
      {!occurrence.isActive ? (
        <p className="card text-xl" role="status">
          {t("page.cancelledText")}
        </p>
      ) : d.notYet ? (
        <p className="card text-xl" role="status" data-testid="attendance-not-yet">
          {t("page.notYetText", { day: dayHeading(occurrence.eventDate) })}
        </p>
      ) : (
        <section aria-labelledby="residents-heading">
          <h2 id="residents-heading" className="mb-2 text-2xl font-bold">
            {t("list.heading")}
          </h2>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
            <div className="min-w-[14rem] flex-1">
              <label htmlFor="resident-search" className="label text-xl">
                {t("list.search")}
              </label>
              <input
                id="resident-search"
                name="q"
                type="search"
                defaultValue={d.q}
                className="input"
                autoComplete="off"
              />
            </div>
            <button type="submit" className="btn-secondary">
              {t("list.searchButton")}
            </button>
            {d.q ? (
              <Link to={base} className="btn-ghost">
                {t("list.showAll")}
              </Link>
            ) : null}
          </Form>
          <p className="mb-3 text-lg" aria-live="polite">
            {d.q ? t("list.found", { count: d.total, q: d.q }) : t("list.intro")}
          </p>
          {error ? (
            <p id="attendance-error" className="field-error mb-3 text-xl" role="alert">
              {error}
            </p>
          ) : null}
          <Form
            method="post"
            preventScrollReset
            key={`${d.counts?.total ?? 0} ${JSON.stringify(d.counts)}`}
          >
            {d.residents.length === 0 ? (
              <p className="card text-xl">{t("list.none")}</p>
            ) : (
              <ul className="space-y-3">
                {d.residents.map((r) => (
                  <AttendanceRow
                    key={r.id}
                    resident={r}
                    mark={(d.marks as Record<string, (typeof d.marks)[string]>)[r.id]}
                    sent={sent[r.id]}
                    hasError={result?.residentId === r.id}
                    errorId="attendance-error"
                    canClear={false}
                  />
                ))}
              </ul>
            )}
            {d.total > d.residents.length ? (
              <p className="mt-3 text-lg">
                {tk("staff.more", { shown: d.residents.length, total: d.total })}
              </p>
            ) : null}
            <div className="sticky bottom-0 z-10 mt-4 border-t-2 border-stone-300 bg-white/95 py-3">
              <button
                type="submit"
                name="intent"
                value="save"
                className="btn-primary w-full text-xl"
                disabled={navigation.state === "submitting"}
              >
                {t("save.button")}
              </button>
            </div>
          </Form>
        </section>
      )}
    </KioskFrame>
  );
}
