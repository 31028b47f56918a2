import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { requireArea } from "~/utils/permissions.server";
import { Badge } from "~/components/admin/ui";
import { listRecentActivity } from "~/models/activity.server";
import { listEvents, todayInTimeZone } from "~/models/event.server";
import { addDaysToDate } from "~/models/event-dates";
import { listFamilyPage, readFamilyListParams } from "~/models/family-list.server";
import { gettingStarted, type ChecklistStep } from "~/models/getting-started.server";
import { listNewsPosts } from "~/models/news.server";
import { countStoriesByReviewStatus, listPendingStories } from "~/models/story.server";

const SHOWN = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const now = new Date();
  const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
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
    }).map((e) => ({ id: e.id, title: e.title, badge: e.badge.label, isActive: e.isActive })),
  };
  return {
    checklist: gettingStarted(db, community.id),
    attention,
    activity: listRecentActivity(db, 8).map((a) => ({
      id: a.id,
      summary: a.summary,
      when: ago(a.createdAt),
    })),
  };
}

const STEPS: Record<ChecklistStep["key"], { label: string; to: string; action: string }> = {
  residents: { label: "Add your residents", to: "/admin/residents/new", action: "Add a resident" },
  families: {
    label: "Invite their families",
    to: "/admin/families/new",
    action: "Add a family member",
  },
  news: { label: "Post the first news", to: "/admin/news/new", action: "Write a news post" },
  event: {
    label: "Add an event to the calendar",
    to: "/admin/calendar/new",
    action: "Create an event",
  },
  "sign-ins": {
    label: "Make sign-in links for residents (or a lounge kiosk)",
    to: "/admin/residents",
    action: "Tick residents, then Make sign-in links",
  },
};

function Checklist({ steps }: { steps: ChecklistStep[] }) {
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <section
      aria-labelledby="checklist-title"
      className="card border-2 border-brand-700"
      data-testid="getting-started"
    >
      <h2 id="checklist-title" className="mb-1 text-2xl font-bold">
        Getting started
      </h2>
      <p className="mb-4 text-base">
        {done} of {steps.length} done. Each step ticks itself once it has happened.
      </p>
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
              {STEPS[s.key].label}
              <span className="sr-only">{s.done ? " (done)" : " (to do)"}</span>
            </span>
            {s.done ? null : (
              <Link to={STEPS[s.key].to} className="link">
                {STEPS[s.key].action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function AdminOverview() {
  const { checklist, attention, activity } = useLoaderData<typeof loader>();
  const nothing =
    !attention.pendingStories.length &&
    !attention.invitations.length &&
    !attention.drafts.length &&
    !attention.soon.length;
  return (
    <div className="space-y-8">
      <h2 className="sr-only">Overview</h2>
      <Checklist steps={checklist} />

      <section aria-labelledby="attention-title" className="card">
        <h2 id="attention-title" className="mb-4 text-2xl font-bold">
          Needs attention
        </h2>
        {nothing ? <p className="text-lg">Nothing needs your attention right now.</p> : null}
        {attention.pendingStories.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">
              Stories awaiting review ({attention.pendingStoryCount})
            </h3>
            <ul className="space-y-2">
              {attention.pendingStories.map((s) => (
                <li key={s.id}>
                  <Link to={`/admin/stories/${s.id}`} className="link">
                    {s.title}
                  </Link>{" "}
                  by {s.resident}, sent {s.sent}
                </li>
              ))}
            </ul>
            {attention.pendingStoryCount > attention.pendingStories.length ? (
              <Link to="/admin/stories?status=pending" className="link mt-2">
                See all {attention.pendingStoryCount}
              </Link>
            ) : null}
          </div>
        ) : null}
        {attention.invitations.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">
              Family invitations not yet accepted ({attention.invitationCount})
            </h3>
            <ul className="space-y-2">
              {attention.invitations.map((f) => (
                <li key={f.id}>
                  {f.name} (family of {f.resident}):{" "}
                  <Link to={`/admin/families/${f.id}/invitation`} className="link">
                    make a new invitation link<span className="sr-only"> for {f.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {attention.invitationCount > attention.invitations.length ? (
              <Link to="/admin/families?invitation=pending" className="link mt-2">
                See all {attention.invitationCount}
              </Link>
            ) : null}
          </div>
        ) : null}
        {attention.drafts.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">Draft news posts ({attention.drafts.length})</h3>
            <ul className="space-y-2">
              {attention.drafts.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/news/${p.id}`} className="link">
                    {p.title}
                  </Link>{" "}
                  (last changed {p.updated})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {attention.soon.length ? (
          <div>
            <h3 className="mb-2 text-xl font-bold">Events today and tomorrow</h3>
            <ul className="space-y-2">
              {attention.soon.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-2">
                  <Badge tone="blue">{e.badge}</Badge>
                  <Link to={`/admin/calendar/${e.id}`} className="link">
                    {e.title}
                  </Link>
                  {e.isActive ? null : <Badge tone="red">Cancelled</Badge>}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="activity-title" className="card">
        <h2 id="activity-title" className="mb-4 text-2xl font-bold">
          Recent activity
        </h2>
        {activity.length ? (
          <ul className="space-y-2 text-base">
            {activity.map((a) => (
              <li key={a.id}>
                {a.summary} <span className="text-stone-700">({a.when})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-base">No activity yet.</p>
        )}
      </section>
    </div>
  );
}
