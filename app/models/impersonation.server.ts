// Login as user: the production counterpart of the development login, for super admins only.
// It issues a one-time, short-lived token bound to the target user's community host and writes
// the audit log; /auth/token redeems it there and records the sign-in with the same actor.
import { inArray } from "drizzle-orm";
import type { SessionUser } from "~/utils/auth.server";
import { controlSchema, getControlDb, type Community } from "~/utils/db.server";
import type { OriginOf, RequestClient } from "~/utils/host.server";
import { ROLE } from "~/utils/roles";
import { writeAudit } from "./audit.server";
import { getCommunity } from "./community.server";
import { issueLoginToken } from "./login-token.server";
import { getUserById, type UserRow } from "./user.server";

export const IMPERSONATION_TTL_MS = 2 * 60_000;

export type LoginAsResult = { ok: true; redirectUrl: string } | { ok: false; status: 403 | 404 | 409; reason: string };

type LoginAsTarget = Pick<UserRow, "username" | "role" | "tenantId" | "isActive" | "mustChangePassword" | "passwordHash">;

/**
 * Why this user cannot be logged in as, or null when they can: an active member of an active
 * community who has chosen their own password. One rule for the login-as itself, the link it makes,
 * and the lists that show the button.
 */
export function loginAsRefusal(
  user: LoginAsTarget | undefined,
  communityOf: (id: string) => Pick<Community, "isActive"> | undefined = getCommunity,
): { status: 404 | 409; reason: string } | null {
  if (!user || !user.isActive) return { status: 404, reason: "No such user" };
  if (user.role === ROLE.superAdmin || !user.tenantId) return { status: 409, reason: "System administrators cannot be logged in as" };
  const community = communityOf(user.tenantId);
  if (!community || !community.isActive) return { status: 409, reason: "This user's community is not active" };
  // no password: an invitation (or a new sign-in link) not used yet; the session would be one they never had
  if (!user.passwordHash) {
    return { status: 409, reason: `${user.username} has not accepted their invitation yet. Login as User works once they have chosen a password.` };
  }
  // otherwise the super admin would be the one choosing this person's password
  if (user.mustChangePassword) return { status: 409, reason: `${user.username} has not chosen their own password yet` };
  return null;
}

/** Which of these users can be logged in as (loginAsRefusal), read at once for a list's rows. */
export function loginAsAllowed(userIds: readonly string[]): Set<string> {
  if (!userIds.length) return new Set();
  const { users } = controlSchema;
  const rows = getControlDb().select().from(users).where(inArray(users.id, [...userIds])).all();
  const communities = new Map<string, Community | undefined>();
  const communityOf = (id: string) => {
    if (!communities.has(id)) communities.set(id, getCommunity(id));
    return communities.get(id);
  };
  return new Set(rows.filter((u) => !loginAsRefusal(u, communityOf)).map((u) => u.id));
}

/** A one-time sign-in URL on the user's community site; `originOf` builds that site's origin. */
export async function loginAsUrl(actor: SessionUser, userId: string, site: { originOf: OriginOf; client: RequestClient }): Promise<LoginAsResult> {
  if (actor.role !== ROLE.superAdmin) return { ok: false, status: 403, reason: "Only system administrators can log in as another user" };
  const user = getUserById(userId);
  const community = user?.tenantId ? getCommunity(user.tenantId) : undefined;
  const refused = loginAsRefusal(user, () => community);
  if (refused || !user || !community) return { ok: false, ...(refused ?? { status: 404, reason: "No such user" }) };
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
