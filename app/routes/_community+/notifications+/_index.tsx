// /notifications: the signed-in person's notifications, newest first. Opening the page marks them
// read (the ones that were new keep a "New" label on this visit); the header's bell then says 0.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { Link, useLoaderData } from "@remix-run/react";
import { RelativeTime } from "~/components/story/RelativeTime";
import { countNotifications, listNotifications, markAllRead } from "~/models/notification.server";
import { requestLanguage } from "~/utils/i18n.server";
import { pageOf, parsePageParam } from "~/models/paging";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";

const PER_PAGE = 30;

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Notifications") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user } = await requireTenantUser(request);
  const page = pageOf(
    countNotifications(db, user.id),
    parsePageParam(new URL(request.url).searchParams.get("page")),
    PER_PAGE,
  );
  const items = listNotifications(db, user.id, {
    lang: await requestLanguage(request),
    limit: page.limit,
    offset: page.offset,
  });
  markAllRead(db, user.id);
  return { items, page };
}

export default function Notifications() {
  const { items, page } = useLoaderData<typeof loader>();
  const fresh = items.filter((n) => !n.read).length;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Notifications"
        intro={
          <p>
            {fresh ? `${fresh} new since your last visit.` : "Nothing new since your last visit."}
          </p>
        }
        action={
          <Link to="/notifications/settings" className="btn-secondary">
            Notification settings
          </Link>
        }
      />
      {items.length === 0 ? (
        <EmptyState>
          No notifications yet. When a story is published, or someone comments or reacts, you will
          find it here.
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Notifications, newest first">
          {items.map((n) => (
            <li
              key={n.id}
              className={`card flex flex-wrap items-start gap-3 ${n.read ? "" : "border-2 border-brand-700"}`}
              data-testid="notification"
            >
              {n.read ? null : (
                <span className="rounded-full bg-brand-700 px-3 py-0.5 text-base font-semibold text-white">
                  New
                </span>
              )}
              <div className="min-w-0 flex-1">
                <Link to={n.link} className="text-lg font-semibold text-ink underline">
                  {n.text}
                </Link>
                <p className="text-base text-stone-700">
                  <RelativeTime iso={n.createdAt} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          {page.hasPrevious ? (
            <Link to={`/notifications?page=${page.page - 1}`} className="btn-secondary" rel="prev">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-lg">
            Page {page.page} of {page.pageCount}
          </p>
          {page.hasNext ? (
            <Link to={`/notifications?page=${page.page + 1}`} className="btn-secondary" rel="next">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
