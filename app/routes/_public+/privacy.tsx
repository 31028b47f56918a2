import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";
import { requireKnownHost } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { richText } from "~/routes/_community+/__care-team/SignInSheet";

// Public on the marketing host and on every community host (linked from both footers).
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "legal")("privacy.title")) },
];

const STORED = ["accounts", "residents", "stories", "family", "security", "contact"] as const;
const WHO = ["ownDatabase", "newStories", "approved", "comments", "nothingSold"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  const c = ctx.kind === "tenant" ? ctx.community : null;
  return {
    appName: env().APP_NAME,
    facility: c ? { name: c.name, email: c.email, phone: c.phone } : null,
  };
}

export default function Privacy() {
  const { appName, facility } = useLoaderData<typeof loader>();
  const t = useT("legal");
  const operator = facility?.name ?? t("privacy.operatorDefault", { app: appName });
  return (
    <article className="card mx-auto max-w-3xl space-y-5 text-lg" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="page-title">
        {t("privacy.title")}
      </h1>
      <p>
        {facility
          ? t("privacy.introFor", { app: appName, community: facility.name })
          : t("privacy.intro", { app: appName })}
      </p>
      <section className="space-y-2" aria-labelledby="p-what">
        <h2 id="p-what" className="text-2xl font-bold">
          {t("privacy.stored.title")}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {STORED.map((k) => (
            <li key={k}>{t(`privacy.stored.${k}`)}</li>
          ))}
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="p-who">
        <h2 id="p-who" className="text-2xl font-bold">
          {t("privacy.who.title")}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {WHO.map((k) => (
            <li key={k}>{t(`privacy.who.${k}`)}</li>
          ))}
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="p-cookies">
        <h2 id="p-cookies" className="text-2xl font-bold">
          {t("privacy.cookies.title")}
        </h2>
        <p>{t("privacy.cookies.text")}</p>
      </section>
      <section className="space-y-2" aria-labelledby="p-photos">
        <h2 id="p-photos" className="text-2xl font-bold">
          {t("privacy.photos.title")}
        </h2>
        <p>{t("privacy.photos.text")}</p>
      </section>
      <section className="space-y-2" aria-labelledby="p-choices">
        <h2 id="p-choices" className="text-2xl font-bold">
          {t("privacy.choices.title")}
        </h2>
        <p>{t("privacy.choices.text", { operator })}</p>
        {facility && (facility.email || facility.phone) ? (
          <p>
            {richText(
              t,
              facility.email
                ? facility.phone
                  ? "privacy.contactEmailPhone"
                  : "privacy.contactEmail"
                : "privacy.contactPhone",
              { community: facility.name, phone: facility.phone ?? "" },
              {
                email: (
                  <a className="text-brand-800 underline" href={`mailto:${facility.email}`}>
                    {facility.email}
                  </a>
                ),
              },
            )}
          </p>
        ) : null}
      </section>
      <p>
        <Link to="/terms" className="link">
          {t("terms.title")}
        </Link>
      </p>
    </article>
  );
}
