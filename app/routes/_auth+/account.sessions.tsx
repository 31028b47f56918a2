import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { RelativeTime } from "~/components/story/RelativeTime";
import { requireUser } from "~/utils/auth.server";
import { requireKnownHost } from "~/utils/host.server";
import { deleteUserSessions, endSessionOfUser, listSessionsOfUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your sessions") }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireKnownHost(request);
  const user = await requireUser(request);
  const sessions = listSessionsOfUser(user.id).map((s) => ({
    id: s.id === user.sessionId ? "current" : s.id.slice(0, 12),
    current: s.id === user.sessionId,
    host: s.host,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    userAgent: s.userAgent,
    ip: s.ip,
  }));
  return { sessions };
}

export const policy = { body: "form" } satisfies RoutePolicy;

export async function action({ request }: ActionFunctionArgs) {
  requireKnownHost(request);
  const user = await requireUser(request);
  const form = await request.formData();
  if (form.get("intent") === "end-others") {
    deleteUserSessions(user.id, user.sessionId);
    return redirectWithToast("/account/sessions", {
      type: "success",
      title: "You are signed out everywhere else.",
    });
  }
  const prefix = String(form.get("session") ?? "");
  const ended = prefix.length >= 12 && endSessionOfUser(user.id, prefix, user.sessionId);
  return redirectWithToast(
    "/account/sessions",
    ended
      ? { type: "success", title: "That session has been signed out." }
      : { type: "error", title: "That session was already gone." },
  );
}

function describeAgent(ua: string | null): string {
  if (!ua) return "Unknown browser";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const os = /iPhone|iPad/.test(ua)
    ? "iPhone or iPad"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "Mac"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

export default function Sessions() {
  const { sessions } = useLoaderData<typeof loader>();
  const others = sessions.filter((s) => !s.current);
  return (
    <section aria-labelledby="sessions-title" className="mx-auto max-w-3xl">
      <h1 id="sessions-title" className="page-title mb-2">
        Your sessions
      </h1>
      <p className="mb-6 text-lg">
        These are the places where you are signed in. Sign out any you do not recognise.
      </p>
      <ul className="mb-6 grid gap-3">
        {sessions.map((s) => (
          <li key={s.id} className="card flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-lg font-semibold">
                {describeAgent(s.userAgent)}{" "}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-base text-brand-900">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-base text-stone-700">
                {s.host}
                {s.ip ? ` · ${s.ip}` : ""} · signed in <RelativeTime iso={s.createdAt} /> · last
                active <RelativeTime iso={s.lastSeenAt} />
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="session" value={s.id} />
                <button type="submit" className="btn-secondary">
                  Sign out this session
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post">
          <button type="submit" name="intent" value="end-others" className="btn-danger">
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </section>
  );
}
