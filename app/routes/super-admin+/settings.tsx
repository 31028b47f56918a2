import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditActionLabel, auditDetails, listAuditLog } from "~/models/audit.server";
import { IMPERSONATION_TTL_MS } from "~/models/impersonation.server";
import { listLeads } from "~/models/lead.server";
import { env } from "~/utils/env.server";
import { SESSION_LIFETIMES } from "~/utils/session.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { pageTitle } from "~/utils/app-name";
import { formatDateTime } from "~/models/local-time";
import { metaT, useT, type T } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "superAdmin")("settings.title")) },
];

const SHOWN = 100;

/** A moment on the UTC clock (the console serves every community's time zone), in the reader's language. */
function utc(iso: string, t: T, lang: string): string {
  return Number.isNaN(Date.parse(iso))
    ? iso
    : t("settings.utc", { when: formatDateTime(iso, "UTC", lang) });
}

function minutes(ms: number, t: T) {
  const m = Math.round(ms / 60_000);
  return m % 60 === 0
    ? t("settings.hours", { count: m / 60 })
    : t("settings.minutes", { count: m });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const config = env();
  const t = await getT(request, "superAdmin");
  const audit = await getT(request, "audit");
  const lang = await requestLanguage(request);
  return {
    system: [
      { label: t("settings.domain"), value: config.APP_DOMAIN },
      {
        label: t("settings.sites"),
        value: `${t("form.subdomainPlaceholder")}.${config.APP_DOMAIN}`,
      },
      {
        label: t("settings.devLogin"),
        value: config.DEV_LOGIN ? t("settings.devLoginOn") : t("settings.off"),
      },
      { label: t("settings.loginAsExpiry"), value: minutes(IMPERSONATION_TTL_MS, t) },
      {
        label: t("settings.staffSessions"),
        value: t("settings.staffSessionsValue", {
          idle: minutes(SESSION_LIFETIMES.staff.idleMs, t),
          most: minutes(SESSION_LIFETIMES.staff.absoluteMs, t),
        }),
      },
    ],
    leads: listLeads(SHOWN).map((l) => ({ ...l, when: utc(l.createdAt, t, lang) })),
    audit: listAuditLog(SHOWN).map((e) => ({
      ...e,
      when: utc(e.at, t, lang),
      label: auditActionLabel(e.action, audit),
      details: auditDetails(e.action, e.details, audit, lang),
    })),
  };
}

export default function SuperAdminSettings() {
  const { system, leads, audit } = useLoaderData<typeof loader>();
  const t = useT("superAdmin");
  return (
    <div className="space-y-8">
      <h2 className="text-2xl font-bold">{t("settings.heading")}</h2>

      <section aria-labelledby="system-title" className="card">
        <h3 id="system-title" className="mb-3 text-xl font-bold">
          {t("settings.system")}
        </h3>
        <p className="mb-3 text-base text-stone-700">{t("settings.systemIntro")}</p>
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
          {t("settings.audit")}
        </h3>
        <p className="mb-3 text-base text-stone-700">{t("settings.auditIntro")}</p>
        {audit.length === 0 ? (
          <p className="text-lg">{t("settings.auditEmpty")}</p>
        ) : (
          <table className="w-full text-left text-base">
            <thead>
              <tr className="border-b-2 border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.when")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.who")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.did")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.whom")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.community")}
                </th>
                <th scope="col" className="py-2">
                  {t("settings.col.from")}
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
                  <td className="py-2 pr-4">
                    {e.actor ? e.actor.username : t("settings.unknown")}
                  </td>
                  <td className="py-2 pr-4">{e.label}</td>
                  <td className="py-2 pr-4">{e.target ? e.target.username : "—"}</td>
                  <td className="py-2 pr-4">
                    {e.community ? e.community.name : (e.details ?? "—")}
                  </td>
                  <td className="py-2">
                    <span className="block">{e.ip ?? t("settings.noAddress")}</span>
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
          {t("settings.leads")}
        </h3>
        <p className="mb-3 text-base text-stone-700">{t("settings.leadsIntro")}</p>
        {leads.length === 0 ? (
          <p className="text-lg">{t("settings.leadsEmpty")}</p>
        ) : (
          <table className="w-full text-left text-base">
            <thead>
              <tr className="border-b-2 border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.received")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.name")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.facility")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("settings.col.contact")}
                </th>
                <th scope="col" className="py-2">
                  {t("settings.col.message")}
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
