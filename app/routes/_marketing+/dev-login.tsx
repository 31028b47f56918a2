import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import {
  devLoginUrl,
  listDevUsers,
  notFoundUnlessDevLogin,
  type DevUser,
} from "~/models/dev-login.server";
import { DEV_ROLE_GROUPS } from "~/utils/roles";
import { originsFor, requireKnownHost } from "~/utils/host.server";
import { env } from "~/utils/env.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "auth")("devLogin.title")) },
];

export async function loader({ request }: LoaderFunctionArgs) {
  notFoundUnlessDevLogin();
  requireKnownHost(request);
  try {
    return { users: listDevUsers(), error: null, appDomain: env().APP_DOMAIN };
  } catch (error) {
    console.error(error);
    const t = await getT(request, "auth");
    return {
      users: [] as DevUser[],
      error: t("devLogin.loadFailed"),
      appDomain: env().APP_DOMAIN,
    };
  }
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  notFoundUnlessDevLogin();
  requireKnownHost(request);
  const form = await request.formData();
  const url = await devLoginUrl(String(form.get("userId") ?? ""), originsFor(request));
  if (!url)
    throw new Response((await getT(request, "auth"))("devLogin.cannotSignIn"), { status: 404 });
  return redirect(url);
}

export default function DevLogin() {
  const { users, error, appDomain } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const t = useT("auth");
  return (
    <section aria-labelledby="dev-login-title">
      <h1 id="dev-login-title" className="page-title mb-2">
        {t("devLogin.title")}
      </h1>
      <p className="mb-6 text-lg">{t("devLogin.intro")}</p>
      {navigation.state === "loading" ? <p className="text-lg">{t("devLogin.loading")}</p> : null}
      {error ? (
        <div className="card border-red-700" role="alert">
          <h2 className="text-2xl font-bold">{t("devLogin.errorTitle")}</h2>
          <p className="mb-4 text-lg">{error}</p>
          <a href="/dev-login" className="btn-primary">
            {t("devLogin.retry")}
          </a>
        </div>
      ) : users.length === 0 ? (
        <div className="card">
          <h2 className="text-2xl font-bold">{t("devLogin.noUsers")}</h2>
          <p className="text-lg">{t("devLogin.runSeed", { command: "npm run seed" })}</p>
        </div>
      ) : (
        DEV_ROLE_GROUPS.map((group) => {
          const members = users.filter((u) => u.role === group.role);
          if (members.length === 0) return null;
          return (
            <section key={group.role} className="mb-8" aria-labelledby={`group-${group.role}`}>
              <h2 id={`group-${group.role}`} className="text-2xl font-bold">
                {t("common:role", { role: group.role })}
              </h2>
              <p className="mb-3 text-base text-stone-700">
                {t("devLogin.groupDescription", { role: group.role })}
              </p>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {members.map((u) => (
                  <li key={u.id} className="card flex flex-col gap-1">
                    <span className="text-sm font-semibold uppercase tracking-wide text-stone-700">
                      {t("common:role", { role: group.role })}
                    </span>
                    <span className="text-lg font-bold">{u.username}</span>
                    <span className="break-all text-base">{u.email}</span>
                    <span className="text-base text-stone-700">
                      {u.tenant ? (
                        <>
                          {u.tenant.name} ({`${u.tenant.subdomain}.${appDomain}`})
                        </>
                      ) : (
                        t("devLogin.allCommunities")
                      )}
                    </span>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="userId" value={u.id} />
                      <button
                        type="submit"
                        className="btn-primary w-full"
                        aria-label={t("devLogin.loginAs", { username: u.username })}
                      >
                        {t("devLogin.login")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}
