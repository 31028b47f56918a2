// A kiosk's one-time setup link (ADR 017). Opening it (GET) changes nothing; the button
// (a POST; with JavaScript it presses itself) binds this browser to the community as that kiosk:
// a long-lived, host-only device cookie, and the link is used up.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { clientOf, requireTenant } from "~/utils/host.server";
import { issueKioskDevice } from "~/utils/kiosk.server";
import { completeKioskSetup, kioskForSetupToken } from "~/models/kiosk.server";
import { SubmitButton } from "~/components/forms";
import { withStrong } from "~/components/kiosk/KioskFrame";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "kiosk")("setup.pageTitle")) },
];

/** The link was used already, is more than a day old, or its kiosk was switched off. */
const NOT_VALID = { ok: false as const };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db } = requireTenant(request);
  const kiosk = kioskForSetupToken(db, params.token ?? "");
  if (!kiosk) return data(NOT_VALID, { status: 404 });
  return { ok: true as const, name: kiosk.name };
}

export const policy = { body: "form", rate: "sign-in links" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { community, db } = requireTenant(request);
  const token = params.token ?? "";
  const kiosk = kioskForSetupToken(db, token);
  if (!kiosk) return data(NOT_VALID, { status: 404 });
  const device = await issueKioskDevice(community, kiosk.id);
  const done = completeKioskSetup(db, token, device.secretHash, {
    actorUserId: kiosk.createdByUserId,
    tenantId: community.id,
    client: clientOf(request),
  });
  if (!done) return data(NOT_VALID, { status: 404 });
  return redirect("/kiosk", { headers: { "Set-Cookie": device.setCookie } });
}

export default function KioskSetup() {
  const d = useLoaderData<typeof loader>();
  const t = useT("kiosk");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (d.ok) formRef.current?.requestSubmit();
  }, [d.ok]);
  return (
    <div className="kiosk mx-auto max-w-2xl px-4 py-10">
      <section className="card" aria-labelledby="setup-title">
        {d.ok ? (
          <>
            <h1 id="setup-title" className="page-title mb-3">
              {t("setup.title")}
            </h1>
            <p className="mb-4 text-xl">{withStrong(t, "setup.body", "name", d.name)}</p>
            <Form method="post" ref={formRef}>
              <SubmitButton pendingText={t("setup.settingUp")}>{t("setup.submit")}</SubmitButton>
            </Form>
          </>
        ) : (
          <>
            <h1 id="setup-title" className="page-title mb-3">
              {t("setup.notValidTitle")}
            </h1>
            <p className="mb-4 text-xl">{t("setup.notValid")}</p>
            <Link to="/" className="btn-secondary">
              {t("communityHome")}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}
