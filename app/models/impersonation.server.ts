// Login as user: the production counterpart of the development login, for super admins only.
// It issues a one-time, short-lived token bound to the target user's community host and writes
// the audit log; /auth/token redeems it there and records the sign-in with the same actor.
import type { SessionUser } from "~/utils/auth.server";
import type { OriginOf, RequestClient } from "~/utils/host.server";
import { ROLE } from "~/utils/roles";
import { writeAudit } from "./audit.server";
import { getCommunity } from "./community.server";
import { issueLoginToken } from "./login-token.server";
import { getUserById } from "./user.server";

export const IMPERSONATION_TTL_MS = 2 * 60_000;

export type LoginAsResult = { ok: true; redirectUrl: string } | { ok: false; status: 403 | 404 | 409; reason: string };

/** A one-time sign-in URL on the user's community site; `originOf` builds that site's origin. */
export async function loginAsUrl(actor: SessionUser, userId: string, site: { originOf: OriginOf; client: RequestClient }): Promise<LoginAsResult> {
  if (actor.role !== ROLE.superAdmin) return { ok: false, status: 403, reason: "Only system administrators can log in as another user" };
  const user = getUserById(userId);
  if (!user || !user.isActive) return { ok: false, status: 404, reason: "No such user" };
  if (user.role === ROLE.superAdmin || !user.tenantId) {
    return { ok: false, status: 409, reason: "System administrators cannot be logged in as" };
  }
  const community = getCommunity(user.tenantId);
  if (!community || !community.isActive) return { ok: false, status: 409, reason: "This user's community is not active" };
  // otherwise the super admin would be the one choosing this person's password
  if (user.mustChangePassword) {
    return { ok: false, status: 409, reason: `${user.username} has not chosen their own password yet` };
  }
  const token = await issueLoginToken({
    userId: user.id,
    tenantId: community.id,
    purpose: "impersonate",
    createdByUserId: actor.id,
    ttlMs: IMPERSONATION_TTL_MS,
  });
  writeAudit({ client: site.client, actorUserId: actor.id, action: "impersonation.requested", targetUserId: user.id, tenantId: community.id });
  return { ok: true, redirectUrl: `${site.originOf(community.subdomain)}/auth/token?token=${encodeURIComponent(token)}` };
}
