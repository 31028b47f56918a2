import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LanguageChoice } from "~/components/layout/DisplayMenu";
import { requireUser } from "~/utils/auth.server";
import { requireKnownHost } from "~/utils/host.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

// The signed-in person's own page: who they are, the language they read in, and the ways to their
// password and their sessions.
export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "account")("title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  requireKnownHost(request);
  const user = await requireUser(request);
  return {
    displayName: user.displayName || user.username,
    username: user.username,
    email: user.email,
    role: user.role,
    chosen: user.language !== null,
  };
}

export default function Account() {
  const me = useLoaderData<typeof loader>();
  const t = useT("account");
  return (
    <section aria-labelledby="account-title" className="mx-auto max-w-3xl space-y-6">
      <h1 id="account-title" className="page-title">
        {t("title")}
      </h1>
      <dl className="card grid gap-2 text-lg sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-bold">{t("name")}</dt>
        <dd>{me.displayName}</dd>
        <dt className="font-bold">{t("username")}</dt>
        <dd>{me.username}</dd>
        <dt className="font-bold">{t("email")}</dt>
        <dd className="break-all">{me.email}</dd>
        <dt className="font-bold">{t("role")}</dt>
        <dd>{t("common:role", { role: me.role })}</dd>
      </dl>
      <section className="card" aria-labelledby="language-title">
        <h2 id="language-title" className="mb-2 text-xl font-bold">
          {t("language.title")}
        </h2>
        <p className="mb-3 text-lg">{me.chosen ? t("language.chosen") : t("language.default")}</p>
        <LanguageChoice returnTo="/account" />
      </section>
      <ul className="flex flex-wrap gap-3">
        <li>
          <Link to="/password" className="btn-secondary">
            {t("changePassword")}
          </Link>
        </li>
        <li>
          <Link to="/account/sessions" className="btn-secondary">
            {t("sessions")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
