// /notifications: the signed-in person's notifications, newest first. Opening the page marks them
// read (the ones that were new keep a "New" label on this visit); the header's bell then says 0.
import { FAMILY_READING_PAGE } from "~/utils/page-scripts";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState, PageHeader } from "~/components/admin/ui";
import { Link, useLoaderData } from "@remix-run/react";
import { RelativeTime } from "~/components/story/RelativeTime";
import { countNotifications, listNotifications, markAllRead } from "~/models/notification.server";
import { requestLanguage } from "~/utils/i18n.server";
import { pageOf, parsePageParam } from "~/models/paging";
import { requireTenantUser } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

const PER_PAGE = 30;

// a family member gets no app script on a full page load (ADR 037): forms and links do it all
export const handle = FAMILY_READING_PAGE;
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "notifications")("title")) },
];

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
  const t = useT("notifications");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={t("title")}
        intro={<p>{fresh ? t("fresh", { count: fresh }) : t("nothingNew")}</p>}
        action={
          <Link to="/notifications/settings" className="btn-secondary">
            {t("settingsLink")}
          </Link>
        }
      />
      {items.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={t("listLabel")}>
          {items.map((n) => (
            <li
              key={n.id}
              className={`card flex flex-wrap items-start gap-3 ${n.read ? "" : "border-2 border-brand-700"}`}
              data-testid="notification"
            >
              {n.read ? null : (
                <span className="rounded-full bg-brand-700 px-3 py-0.5 text-base font-semibold text-white">
                  {t("new")}
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
        <nav aria-label={t("pages")} className="flex flex-wrap items-center justify-between gap-3">
          {page.hasPrevious ? (
            <Link to={`/notifications?page=${page.page - 1}`} className="btn-secondary" rel="prev">
              {t("newer")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-lg">{t("pageOf", { page: page.page, count: page.pageCount })}</p>
          {page.hasNext ? (
            <Link to={`/notifications?page=${page.page + 1}`} className="btn-secondary" rel="next">
              {t("older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
