// /admin/audit: what was done in this community that its administrators must be able to see:
// sign-ins as their users by the super admin, staff changes, removals and exports. Newest first,
// 25 a page, filtered by kind; all in the URL.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { EmptyState, SectionHeader } from "~/components/admin/ui";
import { hrefWith, Pager } from "~/components/lists/ListControls";
import {
  AUDIT_KINDS,
  auditActionLabel,
  auditDetails,
  auditIsByKiosk,
  listCommunityAudit,
  type AuditKind,
} from "~/models/audit.server";
import { formatDateTime } from "~/models/local-time";
import { PER_PAGE } from "~/models/list-params";
import { pageOf, parsePageParam } from "~/models/paging";
import { requireArea } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "audit")("page.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { community } = await requireArea(request, "admin");
  // (inside the loader: the audit model is server code, absent from the browser's bundle)
  const KINDS = Object.keys(AUDIT_KINDS) as AuditKind[];
  const url = new URL(request.url);
  const raw = url.searchParams.get("kind");
  const kind = KINDS.includes(raw as AuditKind) ? (raw as AuditKind) : null;
  const requested = parsePageParam(url.searchParams.get("page"));
  // the count comes with the page; asking again for the last page when the request was past it
  let result = listCommunityAudit(community.id, {
    kind,
    limit: PER_PAGE,
    offset: (requested - 1) * PER_PAGE,
  });
  const page = pageOf(result.total, requested, PER_PAGE);
  if (page.page !== requested)
    result = listCommunityAudit(community.id, { kind, limit: PER_PAGE, offset: page.offset });
  const t = await getT(request, "audit");
  const lang = await requestLanguage(request);
  return {
    kind,
    kinds: KINDS,
    page,
    entries: result.entries.map((e) => ({
      id: e.id,
      action: e.action,
      at: e.at,
      when: formatDateTime(e.at, community.timeZone, lang),
      label: auditActionLabel(e.action, t),
      actor: e.actor
        ? t("page.person", { name: e.actor.displayName, username: e.actor.username })
        : auditIsByKiosk(e.action)
          ? t("page.byKiosk")
          : t("page.someoneGone"),
      target: e.target
        ? t("page.person", { name: e.target.displayName, username: e.target.username })
        : null,
      details: auditDetails(e.action, e.details, t, lang),
      ip: e.ip,
    })),
  };
}

export default function AdminAudit() {
  const { kind, kinds, page, entries } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = useT("audit");
  const headings = [
    t("page.col.when"),
    t("page.col.who"),
    t("page.col.what"),
    t("page.col.whom"),
    t("page.col.details"),
    t("page.col.from"),
  ];
  return (
    <section aria-labelledby="audit-title">
      <SectionHeader id="audit-title" title={t("page.heading")} />
      <p className="mb-3 text-base">{t("page.intro")}</p>
      <nav aria-label={t("page.kinds")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {[
            { value: null, label: t("page.everything") },
            ...kinds.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          ].map((k) => (
            <li key={k.value ?? "all"}>
              <Link
                to={`/admin/audit${hrefWith(search, { kind: k.value })}`}
                aria-current={kind === k.value ? "page" : undefined}
                className={kind === k.value ? "btn-primary" : "btn-secondary"}
                preventScrollReset
              >
                {k.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {entries.length === 0 ? (
        <EmptyState>{kind ? t("page.emptyKind") : t("page.empty")}</EmptyState>
      ) : (
        <>
          {/* nothing in the log's rows takes focus, so the scroller itself does: a keyboard can scroll it sideways on a phone */}
          <div
            className="card relative overflow-x-auto p-0"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={t("page.entries")}
          >
            <table className="w-full min-w-[48rem] border-collapse text-left text-base">
              <caption className="sr-only">{t("page.caption")}</caption>
              <thead className="bg-stone-100">
                <tr>
                  {headings.map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr
                    key={e.id}
                    className="border-t border-stone-300 align-top"
                    data-testid="audit-row"
                    data-action={e.action}
                  >
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={e.at}>{e.when}</time>
                    </td>
                    <td className="px-3 py-2">{e.actor}</td>
                    <td className="px-3 py-2">{e.label}</td>
                    <td className="px-3 py-2">{e.target ?? "—"}</td>
                    <td className="px-3 py-2">{e.details ?? "—"}</td>
                    <td className="px-3 py-2">{e.ip ?? t("page.notRecorded")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} label={t("page.pages")} noun={t("page.noun")} />
        </>
      )}
    </section>
  );
}
