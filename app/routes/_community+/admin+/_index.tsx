import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireArea } from "~/utils/permissions.server";
import { Badge } from "~/components/admin/ui";
import { listRecentActivity } from "~/models/activity.server";
import { listEvents, todayInTimeZone } from "~/models/event.server";
import { addDaysToDate } from "~/models/event-dates";
import { listFamilyPage, readFamilyListParams } from "~/models/family-list.server";
import { gettingStarted, type ChecklistStep } from "~/models/getting-started.server";
import { listNewsPosts } from "~/models/news.server";
import { countStoriesByReviewStatus, listPendingStories } from "~/models/story.server";
import { formatRelative } from "~/models/local-time";
import { useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";
import { activityText } from "~/models/activity-text";
import { assessmentsDue, ASSESSMENT_DUE_DAYS } from "~/models/activity-profile.server";

const SHOWN = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const now = new Date();
  const lang = await requestLanguage(request);
  const ago = (iso: string) => formatRelative(iso, lang, now);
  const t = await getT(request, "activity");
  const stories = countStoriesByReviewStatus(db);
  const today = todayInTimeZone(community.timeZone, now);
  const pendingInvitations = listFamilyPage(
    db,
    community.id,
    readFamilyListParams(new URLSearchParams({ invitation: "pending" })),
    SHOWN,
  );
  const attention = {
    pendingStories: listPendingStories(db)
      .slice(0, SHOWN)
      .map((s) => ({
        id: s.id,
        title: s.title,
        resident: `${s.resident.firstName} ${s.resident.lastName}`,
        sent: ago(s.createdAt),
      })),
    pendingStoryCount: stories.pending,
    invitations: pendingInvitations.rows.map(({ member, resident }) => ({
      id: member.id,
      name: member.name,
      resident: `${resident.firstName} ${resident.lastName}`,
    })),
    invitationCount: pendingInvitations.page.total,
    drafts: listNewsPosts(db)
      .filter((p) => !p.isPublished)
      .map((p) => ({ id: p.id, title: p.title, updated: ago(p.updatedAt) })),
    soon: listEvents(db, community.timeZone, {
      from: today,
      before: addDaysToDate(today, 2),
      now,
    }).map((e) => ({ id: e.id, title: e.title, badge: e.badge, isActive: e.isActive })),
  };
  // new residents (admitted in the last 90 days) whose activity assessment is not done by day 7
  const assessments = assessmentsDue(db, community.timeZone, { now, admittedWithinDays: 90 }).map(
    (a) => ({
      id: a.residentId,
      name: `${a.firstName} ${a.lastName}`,
      days: a.days,
      overdue: a.overdue,
      due: ASSESSMENT_DUE_DAYS,
    }),
  );
  return {
    assessments,
    checklist: gettingStarted(db, community.id),
    attention,
    activity: listRecentActivity(db, 8).map((a) => ({
      id: a.id,
      summary: activityText(t, a),
      when: ago(a.createdAt),
    })),
  };
}

// each step's words are overview.step.<key> and overview.step.<key>.action
const STEPS: Record<ChecklistStep["key"], string> = {
  residents: "/admin/residents/new",
  families: "/admin/families/new",
  news: "/admin/news/new",
  event: "/admin/calendar/new",
  "sign-ins": "/admin/residents",
};

function Checklist({ steps }: { steps: ChecklistStep[] }) {
  const t = useT("admin");
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <section
      aria-labelledby="checklist-title"
      className="card border-2 border-brand-700"
      data-testid="getting-started"
    >
      <h2 id="checklist-title" className="mb-1 text-2xl font-bold">
        {t("overview.checklist")}
      </h2>
      <p className="mb-4 text-base">{t("overview.checklistDone", { done, total: steps.length })}</p>
      <ol className="space-y-2">
        {steps.map((s) => (
          <li
            key={s.key}
            className="flex flex-wrap items-center gap-3"
            data-step={s.key}
            data-done={s.done ? "yes" : "no"}
          >
            <span
              aria-hidden="true"
              className={`inline-flex h-8 w-8 items-center justify-center rounded-full border-2 text-lg font-bold ${s.done ? "border-green-800 bg-green-50 text-green-900" : "border-stone-400 text-stone-500"}`}
            >
              {s.done ? "✓" : ""}
            </span>
            <span className={`text-lg ${s.done ? "text-stone-700 line-through" : "font-semibold"}`}>
              {t(`overview.step.${s.key}`)}
              <span className="sr-only">
                {" "}
                {s.done ? t("overview.stepDone") : t("overview.stepToDo")}
              </span>
            </span>
            {s.done ? null : (
              <Link to={STEPS[s.key]} className="link">
                {t(`overview.step.${s.key}.action`)}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function AdminOverview() {
  const { checklist, attention, activity, assessments } = useLoaderData<typeof loader>();
  const t = useT("admin");
  const tp = useT("participation");
  const nothing =
    !attention.pendingStories.length &&
    !attention.invitations.length &&
    !attention.drafts.length &&
    !attention.soon.length;
  return (
    <div className="space-y-8">
      <h2 className="sr-only">{t("overview.title")}</h2>
      <Checklist steps={checklist} />

      <section aria-labelledby="attention-title" className="card">
        <h2 id="attention-title" className="mb-4 text-2xl font-bold">
          {t("overview.attention")}
        </h2>
        {nothing ? <p className="text-lg">{t("overview.nothing")}</p> : null}
        {attention.pendingStories.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">
              {t("overview.pendingStories", { count: attention.pendingStoryCount })}
            </h3>
            <ul className="space-y-2">
              {attention.pendingStories.map((s) => (
                <li key={s.id}>
                  <Link to={`/admin/stories/${s.id}`} className="link">
                    {s.title}
                  </Link>{" "}
                  {t("overview.pendingStory", { resident: s.resident, sent: s.sent })}
                </li>
              ))}
            </ul>
            {attention.pendingStoryCount > attention.pendingStories.length ? (
              <Link to="/admin/stories?status=pending" className="link mt-2">
                {t("overview.seeAll", { count: attention.pendingStoryCount })}
              </Link>
            ) : null}
          </div>
        ) : null}
        {attention.invitations.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">
              {t("overview.invitations", { count: attention.invitationCount })}
            </h3>
            <ul className="space-y-2">
              {attention.invitations.map((f) => (
                <li key={f.id}>
                  {t("overview.invitation", { name: f.name, resident: f.resident })}{" "}
                  <Link to={`/admin/families/${f.id}/invitation`} className="link">
                    {t("overview.newInvitation")}
                    <span className="sr-only">
                      {" "}
                      {t("overview.newInvitationFor", { name: f.name })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {attention.invitationCount > attention.invitations.length ? (
              <Link to="/admin/families?invitation=pending" className="link mt-2">
                {t("overview.seeAll", { count: attention.invitationCount })}
              </Link>
            ) : null}
          </div>
        ) : null}
        {attention.drafts.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">
              {t("overview.drafts", { count: attention.drafts.length })}
            </h3>
            <ul className="space-y-2">
              {attention.drafts.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/news/${p.id}`} className="link">
                    {p.title}
                  </Link>{" "}
                  {t("overview.lastChanged", { when: p.updated })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {attention.soon.length ? (
          <div>
            <h3 className="mb-2 text-xl font-bold">{t("overview.soon")}</h3>
            <ul className="space-y-2">
              {attention.soon.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-2">
                  <Badge tone="blue">
                    {e.badge.kind === "today" || e.badge.kind === "tomorrow"
                      ? t(`overview.${e.badge.kind}`)
                      : e.badge.label}
                  </Badge>
                  <Link to={`/admin/calendar/${e.id}`} className="link">
                    {e.title}
                  </Link>
                  {e.isActive ? null : <Badge tone="red">{t("overview.cancelled")}</Badge>}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {assessments.length ? (
        <section aria-labelledby="assessments-title" className="card" data-testid="assessments-due">
          <h2 id="assessments-title" className="mb-4 text-2xl font-bold">
            {tp("overview.title")}
          </h2>
          <ul className="space-y-2">
            {assessments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/residents/${a.id}/activities`} className="link">
                  {a.name}
                </Link>
                {a.overdue ? (
                  <Badge tone="red">{tp("overview.overdue", { days: a.days })}</Badge>
                ) : (
                  <Badge tone="blue">{tp("overview.dayOf", { days: a.days, due: a.due })}</Badge>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="activity-title" className="card">
        <h2 id="activity-title" className="mb-4 text-2xl font-bold">
          {t("overview.activity")}
        </h2>
        {activity.length ? (
          <ul className="space-y-2 text-base">
            {activity.map((a) => (
              <li key={a.id}>
                {a.summary}{" "}
                <span className="text-stone-700">{t("overview.when", { when: a.when })}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-base">{t("overview.noActivity")}</p>
        )}
      </section>
    </div>
  );
}
