import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/components/super-admin/Badges";
import { communityStats, listNewestCommunities } from "~/models/community.server";
import { env } from "~/utils/env.server";
import { requireSuperAdmin } from "~/utils/permissions.server";
import { useDateFormat } from "~/components/community-time";
import { useT } from "~/utils/i18n";

const RECENT_COMMUNITIES = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  return {
    stats: communityStats(),
    recent: listNewestCommunities(RECENT_COMMUNITIES).map((c) => ({
      id: c.id,
      name: c.name,
      subdomain: c.subdomain,
      city: c.city,
      isActive: c.isActive,
    })),
    appDomain: env().APP_DOMAIN,
  };
}

export default function SuperAdminOverview() {
  const { stats, recent, appDomain } = useLoaderData<typeof loader>();
  const t = useT("superAdmin");
  const { number } = useDateFormat();
  const cards = [
    { label: t("overview.totalCommunities"), value: stats.totalCommunities },
    { label: t("overview.totalUsers"), value: stats.totalUsers },
    { label: t("overview.activeCommunities"), value: stats.activeCommunities },
  ];
  return (
    <div className="space-y-8">
      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="sr-only">
          {t("overview.title")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          {cards.map((card) => (
            <div key={card.label} className="card">
              <dt className="text-lg font-semibold text-stone-700">{card.label}</dt>
              <dd className="text-4xl font-bold text-ink">{number(card.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="recent-title" className="card">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-title" className="text-2xl font-bold">
            {t("overview.recent")}
          </h2>
          <Link to="/super-admin/communities" className="btn-secondary">
            {t("overview.all")}
          </Link>
        </div>
        {recent.length === 0 ? (
          <p className="text-lg">{t("overview.none")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {recent.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="text-lg font-semibold">{c.name}</p>
                  <p className="text-base text-stone-700">
                    {c.subdomain}.{appDomain}
                    {c.city ? ` · ${c.city}` : ""}
                  </p>
                </div>
                <StatusBadge active={c.isActive} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
