// Development login: anyone may pick a persona, only while DEV_LOGIN is on.
import { env } from "~/utils/env.server";
import { NOT_FOUND_TEXT, type OriginOf } from "~/utils/host.server";
import { DEV_ROLE_GROUPS } from "~/utils/roles";
import { getCommunity } from "./community.server";
import { issueLoginToken } from "./login-token.server";
import { getUserById, listUsersWithCommunity } from "./user.server";

export { DEV_ROLE_GROUPS };

export function devLoginEnabled() {
  return env().DEV_LOGIN;
}

export function notFoundUnlessDevLogin() {
  if (!devLoginEnabled()) throw new Response(NOT_FOUND_TEXT, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export type DevUser = {
  id: string;
  username: string;
  email: string;
  role: string;
  tenantId: string | null;
  tenant: { name: string; subdomain: string } | null;
};

export function listDevUsers(): DevUser[] {
  const order = new Map<string, number>(DEV_ROLE_GROUPS.map((g, i) => [g.role, i]));
  return listUsersWithCommunity()
    .filter((u) => u.isActive)
    .sort(
      (a, b) =>
        (order.get(a.role) ?? 9) - (order.get(b.role) ?? 9) ||
        (a.tenant?.subdomain ?? "").localeCompare(b.tenant?.subdomain ?? "") ||
        a.username.localeCompare(b.username),
    )
    .map((u) => ({ id: u.id, username: u.username, email: u.email, role: u.role, tenantId: u.tenantId, tenant: u.tenant }));
}

const DEV_TOKEN_TTL_MS = 2 * 60_000;

/** A one-time sign-in URL on the user's own site; `originOf` builds that site's origin. */
export async function devLoginUrl(userId: string, originOf: OriginOf): Promise<string | null> {
  const user = getUserById(userId);
  if (!user || !user.isActive) return null;
  const community = user.tenantId ? getCommunity(user.tenantId) : null;
  if (user.tenantId && (!community || !community.isActive)) return null;
  const token = await issueLoginToken({ userId: user.id, tenantId: user.tenantId, purpose: "login", ttlMs: DEV_TOKEN_TTL_MS });
  return `${originOf(community?.subdomain ?? null)}/auth/token?token=${encodeURIComponent(token)}`;
}
