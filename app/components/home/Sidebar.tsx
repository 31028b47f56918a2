import { Link } from "@remix-run/react";
import { RelativeTime } from "~/components/story/RelativeTime";
import { useT } from "~/utils/i18n";
import { BlockError } from "./BlockError";
import type { QuickAction } from "./quick-actions";

export type HomeFacility = {
  name: string;
  address: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
};
export type HomeActivity = {
  id: string;
  type: string;
  summary: string;
  createdAt: string;
  href: string | null;
};

const ACTIVITY_ICONS: Record<string, string> = {
  story_published: "📖",
  story_submitted: "📝",
  comment_added: "💬",
  photo_shared: "📷",
  question_asked: "❓",
  event_added: "📅",
  news_posted: "📰",
  resident_added: "👋",
};

export function QuickActions({ actions }: { actions: QuickAction[] }) {
  const t = useT("home");
  return (
    <section aria-labelledby="quick-actions-title" className="card">
      <h2 id="quick-actions-title" className="mb-3 text-xl font-bold">
        {t("quick.title")}
      </h2>
      <ul className="space-y-2">
        {actions.map((a, i) => (
          <li key={a.key}>
            <Link
              to={a.href}
              className={`${i === 0 ? "btn-primary" : "btn-secondary"} w-full justify-start`}
              aria-describedby={`qa-${a.key}`}
            >
              {t(`quick.${a.key}`)}
            </Link>
            <span id={`qa-${a.key}`} className="sr-only">
              {t(`quick.hint.${a.hint}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FacilityInfo({ facility }: { facility: HomeFacility }) {
  const t = useT("home");
  const place = [facility.address, facility.city].filter(Boolean).join(", ");
  return (
    <section aria-labelledby="facility-title" className="card">
      <h2 id="facility-title" className="mb-3 text-xl font-bold">
        {t("facility.title")}
      </h2>
      <p className="mb-2 text-lg font-semibold">{facility.name}</p>
      <dl className="space-y-2 text-base">
        {place ? (
          <div>
            <dt className="font-semibold">{t("facility.address")}</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
        {facility.phone ? (
          <div>
            <dt className="font-semibold">{t("facility.phone")}</dt>
            <dd>
              <a
                href={`tel:${facility.phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex min-h-target items-center text-brand-800 underline"
              >
                {facility.phone}
              </a>
            </dd>
          </div>
        ) : null}
        {facility.email ? (
          <div>
            <dt className="font-semibold">{t("facility.email")}</dt>
            <dd>
              <a
                href={`mailto:${facility.email}`}
                className="inline-flex min-h-target items-center break-all text-brand-800 underline"
              >
                {facility.email}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

export function RecentActivity({ items }: { items: HomeActivity[] | null }) {
  const t = useT("home");
  return (
    <section aria-labelledby="activity-title" className="card">
      <h2 id="activity-title" className="mb-3 text-xl font-bold">
        {t("activity.title")}
      </h2>
      {items === null ? (
        <BlockError message={t("activity.error")} />
      ) : items.length === 0 ? (
        <p className="text-base text-stone-700">{t("activity.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((a) => (
            <li key={a.id} className="flex gap-3 text-base">
              <span aria-hidden="true" className="text-xl">
                {ACTIVITY_ICONS[a.type] ?? "•"}
              </span>
              <span>
                {a.href ? (
                  <Link to={a.href} className="text-ink underline">
                    {a.summary}
                  </Link>
                ) : (
                  a.summary
                )}
                <span className="block text-stone-700">
                  <RelativeTime iso={a.createdAt} />
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
