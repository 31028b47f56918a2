// The kiosk's staff mode: a member of staff confirms with their own username and password, then
// sees today's activities and opens one to mark who took part. "End staff mode" (every staff
// screen has it) takes the kiosk back to its residents' photos.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { countsForOccurrences, emptyCounts } from "~/models/attendance.server";
import { listOccurrences, todayInTimeZone } from "~/models/event.server";
import { KioskFrame } from "~/components/kiosk/KioskFrame";
import { StaffConfirmForm } from "~/components/kiosk/StaffConfirmForm";
import { summaryText, timeText } from "~/components/attendance/text";
import { useDateFormat } from "~/components/community-time";
import { kioskSessionOf } from "~/utils/kiosk.server";
import {
  clearKioskStaffCookie,
  kioskStaffCookie,
  readKioskStaff,
} from "~/utils/kiosk-staff.server";
import { requireKiosk } from "~/utils/permissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { getT } from "~/utils/i18n.server";
import { metaT, useT } from "~/utils/i18n";
import { staffFrameOf, startStaffMode } from "./__kiosk.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("staff.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { community, db, kiosk } = await requireKiosk(request);
  // a resident's turn is going on here: staff mode waits until she is done
  if (kioskSessionOf(db, kiosk.id).session) throw redirect("/kiosk/me");
  const staff = await readKioskStaff(request, community, kiosk.id);
  const frame = staffFrameOf(community, kiosk, staff);
  if (!staff) return data({ frame, staff: false as const, today: null, occurrences: [] });
  const today = todayInTimeZone(community.timeZone);
  const occurrences = listOccurrences(db, community.timeZone, today, today, { activeOnly: true });
  const counts = countsForOccurrences(db, occurrences);
  return data(
    {
      frame,
      staff: true as const,
      today,
      occurrences: occurrences.map((o) => ({
        id: o.id,
        occurrenceDate: o.occurrenceDate,
        title: o.title,
        startTime: o.startTime,
        endTime: o.endTime,
        location: o.location,
        counts: counts.get(`${o.id} ${o.occurrenceDate}`) ?? emptyCounts(),
      })),
    },
    // each page opened in staff mode gives it another 5 minutes
    { headers: { "Set-Cookie": await kioskStaffCookie(community, kiosk.id, staff.userId) } },
  );
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { community, db, kiosk } = await requireKiosk(request);
  const form = await request.formData();
  if (form.get("intent") === "end") {
    const t = await getT(request, "kiosk");
    return redirectWithToast(
      "/kiosk",
      { type: "success", title: t("staff.endedToast") },
      { headers: { "Set-Cookie": await clearKioskStaffCookie() } },
    );
  }
  if (kioskSessionOf(db, kiosk.id).session) throw redirect("/kiosk/me");
  const started = await startStaffMode(request, community, kiosk, form);
  if (!started.ok)
    return data({ error: started.message, username: started.username }, { status: 400 });
  return redirect("/kiosk/staff", { headers: { "Set-Cookie": started.setCookie } });
}

export default function KioskStaffToday() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT("kiosk");
  const ta = useT("attendance");
  const { lang, dayHeading } = useDateFormat();
  if (!d.staff) {
    return (
      <KioskFrame frame={d.frame}>
        <section className="mx-auto max-w-xl" aria-labelledby="staff-title">
          <h1 id="staff-title" className="page-title mb-2 text-center">
            {t("staff.signInTitle")}
          </h1>
          <p className="mb-4 text-center text-xl">{t("staff.signInIntro")}</p>
          <StaffConfirmForm
            error={result?.error}
            username={result?.username}
            submitLabel={t("staff.signIn")}
          />
          <p className="mt-6 text-center">
            <Link to="/kiosk" className="btn-secondary">
              <span aria-hidden="true">←</span> {t("common:back")}
            </Link>
          </p>
        </section>
      </KioskFrame>
    );
  }
  return (
    <KioskFrame frame={d.frame}>
      <h1 className="page-title mb-1">{t("staff.title")}</h1>
      <p className="mb-2 text-xl" data-testid="kiosk-staff-day">
        {dayHeading(d.today)}
      </p>
      {d.occurrences.length ? (
        <>
          <p className="mb-4 text-xl">{t("staff.intro")}</p>
          <ul className="space-y-4" data-testid="kiosk-staff-occurrences">
            {d.occurrences.map((o) => (
              <li key={`${o.id} ${o.occurrenceDate}`}>
                <Link
                  to={`/kiosk/staff/${encodeURIComponent(o.id)}/${o.occurrenceDate}`}
                  className="card kiosk-target flex flex-col gap-1 no-underline hover:border-brand-700"
                >
                  <span className="text-2xl font-bold text-ink">{o.title}</span>
                  <span className="text-xl text-ink">
                    {timeText(o, ta, lang)}
                    {o.location ? ` · ${o.location}` : ""}
                  </span>
                  <span className="text-lg text-stone-700">
                    {o.counts.total ? summaryText(ta, o.counts) : t("staff.notRecorded")}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="card text-xl">{t("staff.none")}</p>
      )}
    </KioskFrame>
  );
}
