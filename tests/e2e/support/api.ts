// What the specs that make their own data share: a unique marker for the names they make, the JSON
// API called as a person, and the calendar days of a community's time zone.
import { test } from "./fixtures";
import { hostFor, httpRequest, jsonBody, sessionCookie } from "./http";

/**
 * A short marker unique to this run, for the names a test makes: "j" or "n" first, so the js and
 * nojs projects, which run side by side on one server, never make the same name.
 */
export function uid(): string {
  const project = test.info().project.name === "nojs" ? "n" : "j";
  return `${project}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * A call to the JSON API as `username` of community `sub` (signed out when null): the status, the
 * body parsed when it is JSON (else null), and its text.
 */
export async function api<T = any>(
  username: string | null,
  path: string,
  method = "GET",
  body?: unknown,
  sub = "sunnybrook",
): Promise<{ status: number; json: T; text: string }> {
  const cookie = username ? await sessionCookie(username, sub) : undefined;
  const res = await httpRequest({
    sub,
    path,
    method,
    cookie,
    ...(body === undefined ? {} : jsonBody(body)),
  });
  const text = res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a plain-text answer
  }
  return { status: res.status, json, text };
}

/** The calendar day `days` after today in `timeZone`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Accepts a family member's invitation (its URL, as the API answers it) with a password of her
 * own, and puts her session into `page`'s browser; answers the session cookie.
 */
export async function acceptInvitation(
  page: import("@playwright/test").Page,
  invitationUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const token = new URL(invitationUrl).searchParams.get("token")!;
  const accepted = await httpRequest({
    path: "/invite",
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://${hostFor("sunnybrook")}`,
    },
    body: new URLSearchParams({ token, username, password, confirmPassword: password }).toString(),
  });
  if (accepted.status !== 302)
    throw new Error(
      `accepting the invitation answered ${accepted.status}: ${accepted.text().slice(0, 300)}`,
    );
  const cookie = (accepted.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).join("; ");
  await page.context().addCookies(
    cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return {
        name: pair.slice(0, i),
        value: pair.slice(i + 1),
        domain: hostFor("sunnybrook").split(":")[0]!,
        path: "/",
        httpOnly: true,
        sameSite: "Lax" as const,
      };
    }),
  );
  return cookie;
}
