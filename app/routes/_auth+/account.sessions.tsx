import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { RelativeTime } from "~/components/story/RelativeTime";
import { requireUser } from "~/utils/auth.server";
import { requireKnownHost } from "~/utils/host.server";
import { deleteUserSessions, endSessionOfUser, listSessionsOfUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { RoutePolicy } from "~/utils/body-limit.server";
import { pageTitle } from "~/utils/app-name";
import { metaT, useT, type T } from "~/utils/i18n";
import { getT } from "~/utils/i18n.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, metaT(matches, "auth")("sessions.title")) },
];

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
  const t = await getT(request, "auth");
  if (form.get("intent") === "end-others") {
    deleteUserSessions(user.id, user.sessionId);
    return redirectWithToast("/account/sessions", {
      type: "success",
      title: t("sessions.endedOthers"),
    });
  }
  const prefix = String(form.get("session") ?? "");
  const ended = prefix.length >= 12 && endSessionOfUser(user.id, prefix, user.sessionId);
  return redirectWithToast(
    "/account/sessions",
    ended
      ? { type: "success", title: t("sessions.ended") }
      : { type: "error", title: t("sessions.alreadyGone") },
  );
}

/** The browser and system a session was opened in, by their names ("Firefox on Windows"). */
function describeAgent(t: T, ua: string | null): string {
  if (!ua) return t("sessions.unknownBrowser");
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : t("sessions.aBrowser");
  const os = /iPhone|iPad/.test(ua)
    ? t("sessions.iPhoneOrIPad")
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "Mac"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? t("sessions.browserOn", { browser, os }) : browser;
}

export default function Sessions() {
  const { sessions } = useLoaderData<typeof loader>();
  const others = sessions.filter((s) => !s.current);
  const t = useT("auth");
  return (
    <section aria-labelledby="sessions-title" className="mx-auto max-w-3xl">
      <h1 id="sessions-title" className="page-title mb-2">
        {t("sessions.title")}
      </h1>
      <p className="mb-6 text-lg">{t("sessions.intro")}</p>
      <ul className="mb-6 grid gap-3">
        {sessions.map((s) => (
          <li key={s.id} className="card flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-lg font-semibold">
                {describeAgent(t, s.userAgent)}{" "}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-base text-brand-900">
                    {t("sessions.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-base text-stone-700">
                {s.host}
                {s.ip ? ` · ${s.ip}` : ""} · {t("sessions.signedIn")}{" "}
                <RelativeTime iso={s.createdAt} /> · {t("sessions.lastActive")}{" "}
                <RelativeTime iso={s.lastSeenAt} />
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="session" value={s.id} />
                <button type="submit" className="btn-secondary">
                  {t("sessions.signOutOne")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post">
          <button type="submit" name="intent" value="end-others" className="btn-danger">
            {t("sessions.signOutOthers")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
