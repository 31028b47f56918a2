import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { writeAudit } from "~/models/audit.server";
import { loginAsRefusal } from "~/models/impersonation.server";
import { consumeLoginToken, inspectLoginToken } from "~/models/login-token.server";
import { signInAndRedirect } from "~/utils/auth.server";
import { clientOf, requireKnownHost } from "~/utils/host.server";
import { startImpersonatedSession } from "~/utils/impersonation.server";
import { SubmitButton } from "~/components/forms";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "auth")("token.title")) },
];

// A one-time sign-in link. Opening it (GET) changes nothing; the POST uses the token.
export async function loader({ request }: LoaderFunctionArgs) {
  const host = requireKnownHost(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = inspectLoginToken(host, token, ["login", "impersonate"]);
  if (!check.ok) {
    const t = await getT(request, "auth");
    return { ok: false as const, reason: t(`token.${check.problem}`), token: "" };
  }
  return { ok: true as const, name: check.user.displayName || check.user.username, token };
}

export const policy = { body: "form", rate: "sign-in links" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const host = requireKnownHost(request);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const check = inspectLoginToken(host, token, ["login", "impersonate"]);
  const t = await getT(request, "auth");
  if (!check.ok || !consumeLoginToken(token)) {
    return {
      ok: false as const,
      reason: t(`token.${check.ok ? "used" : check.problem}`),
      token: "",
    };
  }
  if (check.purpose === "impersonate" && check.createdByUserId) {
    // the account may have changed since the link was made (a new sign-in link clears the password)
    const refused = loginAsRefusal(check.user);
    if (refused)
      return { ok: false as const, reason: translateMessage(t, refused.message), token: "" };
    // the actor is the super admin who asked for the link (login-as), so the log says who became whom;
    // the session remembers them, so every page shows the banner with the way back
    writeAudit({
      client: clientOf(request),
      actorUserId: check.createdByUserId,
      action: "impersonation.signed_in",
      targetUserId: check.user.id,
      tenantId: check.user.tenantId,
    });
    return startImpersonatedSession(request, check.user, check.createdByUserId);
  }
  return signInAndRedirect(request, check.user);
}

export default function TokenSignIn() {
  const data = useLoaderData<typeof loader>();
  const formRef = useRef<HTMLFormElement>(null);
  const t = useT("auth");
  useEffect(() => {
    // with JavaScript the sign-in continues by itself; without it, one button press
    if (data.ok) formRef.current?.requestSubmit();
  }, [data.ok]);
  if (!data.ok) {
    return (
      <section className="card mx-auto max-w-md">
        <h1 className="page-title mb-3">{t("token.notValid")}</h1>
        <p className="mb-4 text-lg">{data.reason}</p>
        <Link to="/login" className="btn-primary">
          {t("link.goToSignIn")}
        </Link>
      </section>
    );
  }
  return (
    <section className="card mx-auto max-w-md">
      <h1 className="page-title mb-3">{t("token.signingYouIn")}</h1>
      <p className="mb-4 text-lg">{t("token.signingInAs", { name: data.name })}</p>
      <Form method="post" ref={formRef}>
        <input type="hidden" name="token" value={data.token} />
        <SubmitButton pendingText={t("login.signingIn")}>
          {t("token.continueAs", { name: data.name })}
        </SubmitButton>
      </Form>
    </section>
  );
}
