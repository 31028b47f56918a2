import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { requireArea } from "~/utils/permissions.server";
import { Badge, StatCard } from "~/components/admin/ui";
import { listRecentActivity } from "~/models/activity.server";
import { listEvents, todayInTimeZone } from "~/models/event.server";
import { addDaysToDate } from "~/models/event-dates";
import { countFamilyMembers, listFamilyMembers } from "~/models/family.server";
import { familyAccounts } from "~/models/invitation.server";
import { listNewsPosts } from "~/models/news.server";
import { countActiveResidents } from "~/models/resident.server";
import { countStoriesByReviewStatus, listPendingStories } from "~/models/story.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  const now = new Date();
  const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
  const stories = countStoriesByReviewStatus(db);
  const accounts = familyAccounts(community.id);
  const today = todayInTimeZone(community.timeZone, now);
  const attention = {
    pendingStories: listPendingStories(db).map((s) => ({ id: s.id, title: s.title, resident: `${s.resident.firstName} ${s.resident.lastName}`, sent: ago(s.createdAt) })),
    invitations: listFamilyMembers(db)
      .filter(({ member }) => accounts.get(member.id)?.status !== "active")
      .map(({ member, resident }) => ({ id: member.id, name: member.name, resident: `${resident.firstName} ${resident.lastName}` })),
    drafts: listNewsPosts(db)
      .filter((p) => !p.isPublished)
      .map((p) => ({ id: p.id, title: p.title, updated: ago(p.updatedAt) })),
    soon: listEvents(db, community.timeZone, { from: today, before: addDaysToDate(today, 2), now }).map((e) => ({ id: e.id, title: e.title, badge: e.badge.label, isActive: e.isActive })),
  };
  return {
    counts: { activeResidents: countActiveResidents(db), publishedStories: stories.published, familyMembers: countFamilyMembers(db), pendingStories: stories.pending },
    attention,
    activity: listRecentActivity(db, 8).map((a) => ({ id: a.id, summary: a.summary, when: ago(a.createdAt) })),
  };
}

export default function AdminOverview() {
  const { counts, attention, activity } = useLoaderData<typeof loader>();
  const nothing = !attention.pendingStories.length && !attention.invitations.length && !attention.drafts.length && !attention.soon.length;
  return (
    <div className="space-y-8">
      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="mb-4 text-2xl font-bold">
          Overview
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Active residents" value={counts.activeResidents} to="/admin/residents" />
          <StatCard label="Published stories" value={counts.publishedStories} to="/admin/stories" />
          <StatCard label="Family members" value={counts.familyMembers} to="/admin/families" />
          <StatCard label="Stories awaiting review" value={counts.pendingStories} to="/admin/stories" />
        </ul>
      </section>

      <section aria-labelledby="attention-title" className="card">
        <h2 id="attention-title" className="mb-4 text-2xl font-bold">
          Needs attention
        </h2>
        {nothing ? <p className="text-lg">Nothing needs your attention right now.</p> : null}
        {attention.pendingStories.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">Stories awaiting review ({attention.pendingStories.length})</h3>
            <ul className="space-y-2">
              {attention.pendingStories.map((s) => (
                <li key={s.id}>
                  <Link to={`/admin/stories/${s.id}`} className="font-semibold text-brand-800 underline">
                    {s.title}
                  </Link>{" "}
                  by {s.resident}, sent {s.sent}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {attention.invitations.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">Family invitations not yet accepted ({attention.invitations.length})</h3>
            <ul className="space-y-2">
              {attention.invitations.map((f) => (
                <li key={f.id}>
                  {f.name} (family of {f.resident}):{" "}
                  <Link to={`/admin/families/${f.id}/invitation`} className="font-semibold text-brand-800 underline">
                    make a new invitation link<span className="sr-only"> for {f.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {attention.drafts.length ? (
          <div className="mb-6">
            <h3 className="mb-2 text-xl font-bold">Draft news posts ({attention.drafts.length})</h3>
            <ul className="space-y-2">
              {attention.drafts.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/news/${p.id}`} className="font-semibold text-brand-800 underline">
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
                  <Link to={`/admin/calendar/${e.id}`} className="font-semibold text-brand-800 underline">
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
