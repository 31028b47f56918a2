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
  auditIsByKiosk,
  listCommunityAudit,
  type AuditKind,
} from "~/models/audit.server";
import { PER_PAGE } from "~/models/list-params";
import { pageOf, parsePageParam } from "~/models/paging";
import { requireArea } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Audit · Admin") }];

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
  const when = new Intl.DateTimeFormat("en-US", {
    timeZone: community.timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return {
    kind,
    kinds: KINDS.map((k) => ({ value: k, label: AUDIT_KINDS[k].label })),
    page,
    entries: result.entries.map((e) => ({
      id: e.id,
      action: e.action,
      at: e.at,
      when: when.format(new Date(e.at)),
      label: auditActionLabel(e.action),
      actor: e.actor
        ? `${e.actor.displayName} (${e.actor.username})`
        : auditIsByKiosk(e.action)
          ? "A lounge kiosk"
          : "Someone no longer listed",
      target: e.target ? `${e.target.displayName} (${e.target.username})` : null,
      details: e.details,
      ip: e.ip,
    })),
  };
}

export default function AdminAudit() {
  const { kind, kinds, page, entries } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <section aria-labelledby="audit-title">
      <SectionHeader id="audit-title" title="Audit log" />
      <p className="mb-3 text-base">
        Sign-ins as your users by the system administrator, changes to staff, removals and sign-ins
        switched off, and exports of your lists. Newest first.
      </p>
      <nav aria-label="Kinds of entries" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {[{ value: null, label: "Everything" }, ...kinds].map((k) => (
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
        <EmptyState>Nothing recorded{kind ? " of this kind" : ""} yet.</EmptyState>
      ) : (
        <>
          {/* nothing in the log's rows takes focus, so the scroller itself does: a keyboard can scroll it sideways on a phone */}
          <div
            className="card relative overflow-x-auto p-0"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label="Audit log entries"
          >
            <table className="w-full min-w-[48rem] border-collapse text-left text-base">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="bg-stone-100">
                <tr>
                  {["When", "Who", "What", "Whom", "Details", "From"].map((h) => (
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
                    <td className="px-3 py-2">{e.ip ?? "Not recorded"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} label="Audit log pages" noun="entries" />
        </>
      )}
    </section>
  );
}
