// /unsubscribe/{token}: the link at the foot of every email. It works signed out: the token is
// signed (HMAC with SESSION_SECRET) and names one person of this community. Opening it changes
// nothing (mail scanners open links); one press of the button stops every email. Mail programs
// that support RFC 8058 post "List-Unsubscribe=One-Click" here themselves.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { peopleByIds } from "~/models/community-people.server";
import { isEmailMode } from "~/models/notification-kinds";
import { getNotificationSettings, setEmailMode } from "~/models/notification.server";
import { readUnsubscribeToken } from "~/models/unsubscribe-token.server";
import { requireTenant } from "~/utils/host.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "notifications")("unsubscribe.title")) },
];

async function notValid(request: Request): Promise<Response> {
  const t = await getT(request, "notifications");
  return new Response(t("unsubscribe.notValid"), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

async function personOf(request: Request, token: string | undefined) {
  const { community, db } = requireTenant(request);
  const claim = readUnsubscribeToken(token ?? "", community.id);
  const person = claim ? peopleByIds(community.id, [claim.userId])[0] : undefined;
  if (!person) throw await notValid(request);
  return { community, db, person };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db, person } = await personOf(request, params.token);
  const settings = getNotificationSettings(db, person);
  const url = new URL(request.url);
  return {
    communityName: community.name,
    emailMode: settings.emailMode,
    done: url.searchParams.get("done"),
    previous: url.searchParams.get("previous"),
  };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request, params }: ActionFunctionArgs) {
  const { db, person } = await personOf(request, params.token);
  const t = await getT(request, "notifications");
  const form = await request.formData();
  const here = `/unsubscribe/${encodeURIComponent(params.token ?? "")}`;
  // RFC 8058: the mail program's own one-click request
  if (form.get("List-Unsubscribe") === "One-Click") {
    setEmailMode(db, person.id, "never");
    return new Response(t("unsubscribe.oneClick"), {
      status: 200,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const intent = form.get("intent");
  if (intent === "unsubscribe") {
    const before = getNotificationSettings(db, person).emailMode;
    setEmailMode(db, person.id, "never");
    return redirect(`${here}?done=unsubscribed&previous=${before}`);
  }
  if (intent === "resubscribe") {
    const previous = form.get("previous");
    setEmailMode(
      db,
      person.id,
      isEmailMode(previous) && previous !== "never" ? previous : "digest",
    );
    return redirect(`${here}?done=resubscribed`);
  }
  throw new Response(t("unsubscribe.unknownAction"), { status: 400 });
}

export default function Unsubscribe() {
  const { communityName, emailMode, done, previous } = useLoaderData<typeof loader>();
  const t = useT("notifications");
  return (
    <section className="card mx-auto max-w-2xl space-y-4" aria-labelledby="unsubscribe-title">
      {done === "unsubscribed" || (emailMode === "never" && done !== "resubscribed") ? (
        <>
          <h1 id="unsubscribe-title" className="page-title">
            {done === "unsubscribed" ? t("unsubscribe.done") : t("unsubscribe.noEmails")}
          </h1>
          <p className="text-lg" role="status">
            {t("unsubscribe.noMore", { community: communityName })}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="resubscribe" />
            <input type="hidden" name="previous" value={previous ?? ""} />
            <SubmitButton className="btn-secondary">{t("unsubscribe.again")}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <h1 id="unsubscribe-title" className="page-title">
            {done === "resubscribed"
              ? t("unsubscribe.backOn")
              : t("unsubscribe.confirm", { community: communityName })}
          </h1>
          {done === "resubscribed" ? (
            <p className="text-lg" role="status">
              {t("unsubscribe.backOnDetail", { community: communityName, mode: emailMode })}
            </p>
          ) : (
            <p className="text-lg">{t("unsubscribe.explain")}</p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="unsubscribe" />
            <SubmitButton className="btn-primary">{t("unsubscribe.button")}</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
