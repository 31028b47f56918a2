// /admin/kiosks (ADR 017): the lounge kiosks. Register one by name and get its one-time
// setup link (open it on the tablet); see when each was last used; make a new setup link for a
// replaced tablet; switch one off at once (its own URL, below).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { requireArea } from "~/utils/permissions.server";
import { clientOf, communityOrigin } from "~/utils/host.server";
import {
  KIOSK_MESSAGES,
  KIOSK_NAME_MAX,
  kioskNameProblem,
  listKiosks,
  newKioskSetupToken,
  registerKiosk,
  settleKioskTurns,
} from "~/models/kiosk.server";
import { formatDateTime } from "~/models/local-time";
import { Badge, EmptyState, SectionHeader } from "~/components/admin/ui";
import { CopyButton } from "~/components/CopyButton";
import { SubmitButton } from "~/components/forms";
import { flashCookie } from "~/utils/flash-cookie.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, translateMessage, useT } from "~/utils/i18n";
import { getT, requestLanguage } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "admin")("kiosks.title")) },
];

type SetupLink = { kioskName: string; url: string };

// the setup link just made travels to the page in a short-lived flash cookie (never in the URL),
// so a refresh neither shows it again nor registers another kiosk
const linkFlash = () => flashCookie<SetupLink>("storyloom_kiosk_link", "link", { maxAge: 600 });

async function showLink(link: SetupLink) {
  return redirect("/admin/kiosks", { headers: await linkFlash().headers(link) });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, community } = await requireArea(request, "admin");
  // turns that ended on their own are shown as ended, and what they left behind kept
  await settleKioskTurns(db, community);
  const flash = await linkFlash().take(request);
  const link = (flash.value as SetupLink | undefined) ?? null;
  const lang = await requestLanguage(request);
  return data(
    {
      link,
      kiosks: listKiosks(db).map((k) => ({
        ...k,
        lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, community.timeZone, lang) : null,
        revoked: k.revokedAt ? formatDateTime(k.revokedAt, community.timeZone, lang) : null,
      })),
    },
    flash.headers ? { headers: flash.headers } : undefined,
  );
}

type ActionResult = { error?: string; name?: string };

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  const { db, community, user } = await requireArea(request, "admin");
  const form = await request.formData();
  const audit = { actorUserId: user.id, tenantId: community.id, client: clientOf(request) };
  const origin = communityOrigin(request, community.subdomain);
  const t = await getT(request, "admin");
  if (form.get("intent") === "new-link") {
    const id = String(form.get("kioskId") ?? "");
    const kiosk = listKiosks(db).find((k) => k.id === id);
    const token = kiosk ? newKioskSetupToken(db, id, audit) : null;
    if (!kiosk || !token) return data<ActionResult>({ error: t("kiosks.gone") }, { status: 404 });
    return showLink({ kioskName: kiosk.name, url: `${origin}/kiosk/setup/${token}` });
  }
  const name = String(form.get("name") ?? "").slice(0, 500);
  const problem = kioskNameProblem(name);
  if (problem)
    return data<ActionResult>(
      {
        error:
          problem === KIOSK_MESSAGES.nameRequired
            ? t("kiosks.nameRequired")
            : problem === KIOSK_MESSAGES.nameTooLong
              ? t("kiosks.nameTooLong", { max: KIOSK_NAME_MAX })
              : translateMessage(t, problem),
        name,
      },
      { status: 400 },
    );
  const { kiosk, setupToken } = registerKiosk(db, name, audit);
  return showLink({ kioskName: kiosk.name, url: `${origin}/kiosk/setup/${setupToken}` });
}

const STATE_TONE = { waiting: "amber", active: "green", off: "gray" } as const;

export default function AdminKiosks() {
  const { kiosks, link } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const t = useT("admin");
  return (
    <div className="space-y-6">
      <SectionHeader id="kiosks-title" title={t("kiosks.heading")} />
      <p className="text-lg">{t("kiosks.intro")}</p>
      {link ? (
        <section
          className="card border-2 border-brand-700"
          aria-labelledby="setup-link-title"
          data-testid="kiosk-setup-link"
        >
          <h2 id="setup-link-title" className="mb-2 text-2xl font-bold">
            {t("kiosks.linkFor", { name: link.kioskName })}
          </h2>
          <p className="mb-3 text-lg">{t("kiosks.linkIntro")}</p>
          <div className="flex flex-wrap items-center gap-3">
            <input
              id="kiosk-setup-url"
              readOnly
              value={link.url}
              className="input max-w-full flex-1 font-mono text-base"
              aria-label={t("kiosks.link")}
            />
            <CopyButton text={link.url} inputId="kiosk-setup-url" />
          </div>
        </section>
      ) : null}
      <section className="card" aria-labelledby="register-title">
        <h2 id="register-title" className="mb-3 text-2xl font-bold">
          {t("kiosks.register")}
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <div className="min-w-[min(100%,20rem)] flex-1">
            <label htmlFor="kiosk-name" className="label">
              {t("kiosks.name")}
            </label>
            <input
              id="kiosk-name"
              name="name"
              type="text"
              required
              maxLength={200}
              placeholder={t("kiosks.namePlaceholder")}
              defaultValue={result?.error ? (result.name ?? "") : ""}
              className="input"
              aria-invalid={result?.error && result.name !== undefined ? true : undefined}
              aria-describedby={
                result?.error && result.name !== undefined ? "kiosk-name-error" : undefined
              }
            />
            {result?.error && result.name !== undefined ? (
              <p id="kiosk-name-error" className="field-error" role="alert">
                {result.error}
              </p>
            ) : null}
          </div>
          <SubmitButton name="intent" value="register" pendingText={t("kiosks.registering")}>
            {t("kiosks.registerSubmit")}
          </SubmitButton>
        </Form>
      </section>
      {result?.error && result.name === undefined ? (
        <p className="field-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {kiosks.length ? (
        <div className="card relative overflow-x-auto p-0">
          <table className="w-full min-w-[36rem] border-collapse text-left text-base">
            <thead>
              <tr className="border-b-2 border-stone-300">
                <th scope="col" className="p-3">
                  {t("kiosks.col.kiosk")}
                </th>
                <th scope="col" className="p-3">
                  {t("kiosks.col.state")}
                </th>
                <th scope="col" className="p-3">
                  {t("kiosks.col.lastUsed")}
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">{t("kiosks.col.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {kiosks.map((k) => (
                <tr key={k.id} className="border-b border-stone-200" data-testid="kiosk-row">
                  <th scope="row" className="p-3 font-semibold">
                    {k.name}
                    {k.inUse ? (
                      <span className="block text-base font-normal text-stone-700">
                        {t("kiosks.inUse")}
                      </span>
                    ) : null}
                  </th>
                  <td className="p-3">
                    <Badge tone={STATE_TONE[k.state]}>
                      {t("kiosks.state", { state: k.state })}
                    </Badge>
                    {k.revoked ? (
                      <span className="block text-base text-stone-700">
                        {t("kiosks.since", { when: k.revoked })}
                      </span>
                    ) : null}
                  </td>
                  <td className="p-3">{k.lastUsed ?? t("kiosks.never")}</td>
                  <td className="p-3">
                    {k.state !== "off" ? (
                      <div className="flex flex-wrap gap-2">
                        <Form method="post">
                          <input type="hidden" name="kioskId" value={k.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="new-link"
                            className="btn-secondary"
                          >
                            {t("kiosks.newLink")}
                            <span className="sr-only">
                              {" "}
                              {t("kiosks.forName", { name: k.name })}
                            </span>
                          </button>
                        </Form>
                        <Link
                          to={`/admin/kiosks/${k.id}/revoke`}
                          className="btn-danger"
                          preventScrollReset
                        >
                          {t("kiosks.switchOff")}
                          <span className="sr-only"> {k.name}</span>
                        </Link>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState>{t("kiosks.none")}</EmptyState>
      )}
      <Outlet />
    </div>
  );
}
