import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";
import { requireKnownHost } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

// Public on the marketing host and on every community host (linked from both footers).
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "legal")("terms.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = requireKnownHost(request);
  return { appName: env().APP_NAME, facility: ctx.kind === "tenant" ? ctx.community.name : null };
}

export default function Terms() {
  const { appName, facility } = useLoaderData<typeof loader>();
  const t = useT("legal");
  const community = facility ?? t("terms.yourCommunity");
  return (
    <article className="card mx-auto max-w-3xl space-y-5 text-lg" aria-labelledby="terms-title">
      <h1 id="terms-title" className="page-title">
        {t("terms.title")}
      </h1>
      <p>
        {facility
          ? t("terms.introAt", { app: appName, community: facility })
          : t("terms.intro", { app: appName })}
      </p>
      <section className="space-y-2" aria-labelledby="t-accounts">
        <h2 id="t-accounts" className="text-2xl font-bold">
          {t("terms.account.title")}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("terms.account.created", { community })}</li>
          <li>{t("terms.account.ownRole")}</li>
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="t-content">
        <h2 id="t-content" className="text-2xl font-bold">
          {t("terms.content.title")}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("terms.content.own", { community })}</li>
          <li>{t("terms.content.photos")}</li>
          <li>{t("terms.content.kind")}</li>
        </ul>
      </section>
      <section className="space-y-2" aria-labelledby="t-service">
        <h2 id="t-service" className="text-2xl font-bold">
          {t("terms.service.title")}
        </h2>
        <p>{t("terms.service.text", { app: appName })}</p>
      </section>
      <section className="space-y-2" aria-labelledby="t-changes">
        <h2 id="t-changes" className="text-2xl font-bold">
          {t("terms.changes.title")}
        </h2>
        <p>{t("terms.changes.text", { community })}</p>
      </section>
      <p>
        <Link to="/privacy" className="link">
          {t("privacy.title")}
        </Link>
      </p>
    </article>
  );
}
