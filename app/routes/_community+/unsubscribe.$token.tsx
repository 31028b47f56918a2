// /unsubscribe/{token}: the link at the foot of every email. It works signed out: the token is
// signed (HMAC with SESSION_SECRET) and names one person of this community. Opening it changes
// nothing (mail scanners open links); one press of the button stops every email. Mail programs
// that support RFC 8058 post "List-Unsubscribe=One-Click" here themselves.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { peopleByIds } from "~/models/community-people.server";
import { EMAIL_MODE_LABELS, isEmailMode } from "~/models/notification-kinds";
import { getNotificationSettings, setEmailMode } from "~/models/notification.server";
import { readUnsubscribeToken } from "~/models/unsubscribe-token.server";
import { requireTenant } from "~/utils/host.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Unsubscribe") }];

function notValid(): Response {
  return new Response(
    "This unsubscribe link is not valid. You can change your emails under Notification settings after signing in.",
    {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    },
  );
}

function personOf(request: Request, token: string | undefined) {
  const { community, db } = requireTenant(request);
  const claim = readUnsubscribeToken(token ?? "", community.id);
  const person = claim ? peopleByIds(community.id, [claim.userId])[0] : undefined;
  if (!person) throw notValid();
  return { community, db, person };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { community, db, person } = personOf(request, params.token);
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
  const { db, person } = personOf(request, params.token);
  const form = await request.formData();
  const here = `/unsubscribe/${encodeURIComponent(params.token ?? "")}`;
  // RFC 8058: the mail program's own one-click request
  if (form.get("List-Unsubscribe") === "One-Click") {
    setEmailMode(db, person.id, "never");
    return new Response("Unsubscribed", {
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
  throw new Response("Unknown action", { status: 400 });
}

export default function Unsubscribe() {
  const { communityName, emailMode, done, previous } = useLoaderData<typeof loader>();
  return (
    <section className="card mx-auto max-w-2xl space-y-4" aria-labelledby="unsubscribe-title">
      {done === "unsubscribed" || (emailMode === "never" && done !== "resubscribed") ? (
        <>
          <h1 id="unsubscribe-title" className="page-title">
            {done === "unsubscribed" ? "You are unsubscribed" : "You get no emails"}
          </h1>
          <p className="text-lg" role="status">
            {communityName} will send you no more emails. Notifications still appear under the bell
            when you sign in.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="resubscribe" />
            <input type="hidden" name="previous" value={previous ?? ""} />
            <SubmitButton className="btn-secondary">Get emails again</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <h1 id="unsubscribe-title" className="page-title">
            {done === "resubscribed" ? "Emails are back on" : `Stop emails from ${communityName}?`}
          </h1>
          {done === "resubscribed" ? (
            <p className="text-lg" role="status">
              You get emails from {communityName} again (
              {EMAIL_MODE_LABELS[emailMode].label.toLowerCase()}).
            </p>
          ) : (
            <p className="text-lg">
              You will no longer get notification emails or the weekly digest. You can turn them on
              again at any time.
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="unsubscribe" />
            <SubmitButton className="btn-primary">Unsubscribe from all emails</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
