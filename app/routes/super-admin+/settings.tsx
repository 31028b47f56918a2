import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditActionLabel, listAuditLog } from "~/models/audit.server";
import { IMPERSONATION_TTL_MS } from "~/models/impersonation.server";
import { listLeads } from "~/models/lead.server";
import { env } from "~/utils/env.server";
import { SESSION_LIFETIMES } from "~/utils/session.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Settings · Super admin") },
];

const SHOWN = 100;

/** UTC timestamps as the server formats them, so server and browser render the same text. */
function utc(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function minutes(ms: number) {
  const m = Math.round(ms / 60_000);
  return m % 60 === 0 ? `${m / 60} h` : `${m} min`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const config = env();
  return {
    system: [
      { label: "Product domain", value: config.APP_DOMAIN },
      { label: "Community sites", value: `{subdomain}.${config.APP_DOMAIN}` },
      {
        label: "Development login",
        value: config.DEV_LOGIN ? "On (anyone can pick a persona at /dev-login)" : "Off",
      },
      { label: "Login as User links expire after", value: minutes(IMPERSONATION_TTL_MS) },
      {
        label: "Staff sessions",
        value: `signed out after ${minutes(SESSION_LIFETIMES.staff.idleMs)} idle, ${minutes(SESSION_LIFETIMES.staff.absoluteMs)} at most`,
      },
    ],
    leads: listLeads(SHOWN).map((l) => ({ ...l, when: utc(l.createdAt) })),
    audit: listAuditLog(SHOWN).map((e) => ({
      ...e,
      when: utc(e.at),
      label: auditActionLabel(e.action),
    })),
  };
}

export default function SuperAdminSettings() {
  const { system, leads, audit } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <h2 className="text-2xl font-bold">Settings</h2>

      <section aria-labelledby="system-title" className="card">
        <h3 id="system-title" className="mb-3 text-xl font-bold">
          System
        </h3>
        <p className="mb-3 text-base text-stone-700">
          These are set when the server starts (see docs/configuration.md).
        </p>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {system.map((s) => (
            <div key={s.label} className="contents">
              <dt className="font-semibold">{s.label}</dt>
              <dd className="break-words">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {/* a wide table scrolls sideways inside its card; the card takes focus so a keyboard can scroll it */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section aria-labelledby="audit-title" className="card relative overflow-x-auto" tabIndex={0}>
        <h3 id="audit-title" className="mb-1 text-xl font-bold">
          Audit log
        </h3>
        <p className="mb-3 text-base text-stone-700">
          Who logged in as whom, when and from where, and changes to communities and staff. Newest
          first.
        </p>
        {audit.length === 0 ? (
          <p className="text-lg">Nothing recorded yet.</p>
        ) : (
          <table className="w-full text-left text-base">
            <thead>
              <tr className="border-b-2 border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  When
                </th>
                <th scope="col" className="py-2 pr-4">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4">
                  Did
                </th>
                <th scope="col" className="py-2 pr-4">
                  Whom
                </th>
                <th scope="col" className="py-2 pr-4">
                  Community
                </th>
                <th scope="col" className="py-2">
                  From
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.map((e) => (
                <tr
                  key={e.id}
                  className="border-b border-stone-200 align-top"
                  data-action={e.action}
                >
                  <td className="whitespace-nowrap py-2 pr-4">
                    <time dateTime={e.at}>{e.when}</time>
                  </td>
                  <td className="py-2 pr-4">{e.actor ? e.actor.username : "Unknown"}</td>
                  <td className="py-2 pr-4">{e.label}</td>
                  <td className="py-2 pr-4">{e.target ? e.target.username : "—"}</td>
                  <td className="py-2 pr-4">
                    {e.community ? e.community.name : (e.details ?? "—")}
                  </td>
                  <td className="py-2">
                    <span className="block">{e.ip ?? "Address not recorded"}</span>
                    {e.userAgent ? (
                      <span
                        className="block max-w-xs truncate text-sm text-stone-700"
                        title={e.userAgent}
                      >
                        {e.userAgent}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {/* a wide table scrolls sideways inside its card; the card takes focus so a keyboard can scroll it */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section aria-labelledby="leads-title" className="card relative overflow-x-auto" tabIndex={0}>
        <h3 id="leads-title" className="mb-1 text-xl font-bold">
          Marketing leads
        </h3>
        <p className="mb-3 text-base text-stone-700">
          Messages from the contact form on the landing page. Newest first.
        </p>
        {leads.length === 0 ? (
          <p className="text-lg">No messages from the contact form yet.</p>
        ) : (
          <table className="w-full text-left text-base">
            <thead>
              <tr className="border-b-2 border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  Received
                </th>
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Facility
                </th>
                <th scope="col" className="py-2 pr-4">
                  Contact
                </th>
                <th scope="col" className="py-2">
                  Message
                </th>
              </tr>
            </thead>
            <tbody>
              {leads.map((l) => (
                <tr key={l.id} className="border-b border-stone-200 align-top">
                  <td className="whitespace-nowrap py-2 pr-4">
                    <time dateTime={l.createdAt}>{l.when}</time>
                  </td>
                  <td className="py-2 pr-4">{l.name}</td>
                  <td className="py-2 pr-4">{l.facility}</td>
                  <td className="py-2 pr-4">
                    <a
                      href={`mailto:${l.email}`}
                      className="block break-all text-brand-800 underline"
                    >
                      {l.email}
                    </a>
                    {l.phone ? <span className="block">{l.phone}</span> : null}
                  </td>
                  <td className="whitespace-pre-line py-2">{l.message ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
