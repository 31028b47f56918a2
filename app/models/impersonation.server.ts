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
import { DEFAULT_LANGUAGE, msg, translateMessage, type TranslationValues } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

export const IMPERSONATION_TTL_MS = 2 * 60_000;

/**
 * Why a login-as is refused: `message`, a catalog key (msg) to show in the reader's language, and
 * `reason`, the same in English (the API's plain-text answer).
 */
export type LoginAsRefusal<S extends number = 404 | 409> = { status: S; reason: string; message: string };

function refusal<S extends number>(status: S, key: string, values?: TranslationValues): LoginAsRefusal<S> {
  const message = msg(`auth:loginAs.${key}`, values);
  return { status, reason: translateMessage(translator(DEFAULT_LANGUAGE, "auth"), message), message };
}

export type LoginAsResult = { ok: true; redirectUrl: string } | ({ ok: false } & LoginAsRefusal<403 | 404 | 409>);

type LoginAsTarget = Pick<UserRow, "username" | "role" | "tenantId" | "isActive" | "mustChangePassword" | "passwordHash">;

/**
 * Why this user cannot be logged in as, or null when they can: an active member of an active
 * community who has chosen their own password. One rule for the login-as itself, the link it makes,
 * and the lists that show the button.
 */
export function loginAsRefusal(
  user: LoginAsTarget | undefined,
  communityOf: (id: string) => Pick<Community, "isActive"> | undefined = getCommunity,
): LoginAsRefusal | null {
  if (!user || !user.isActive) return refusal(404, "noSuchUser");
  if (user.role === ROLE.superAdmin || !user.tenantId) return refusal(409, "superAdmin");
  const community = communityOf(user.tenantId);
  if (!community || !community.isActive) return refusal(409, "communityInactive");
  // no password: an invitation (or a new sign-in link) not used yet; the session would be one they never had
  if (!user.passwordHash) return refusal(409, "notAccepted", { username: user.username });
  // otherwise the super admin would be the one choosing this person's password
  if (user.mustChangePassword) return refusal(409, "temporaryPassword", { username: user.username });
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
  if (actor.role !== ROLE.superAdmin) return { ok: false, ...refusal(403, "onlySuperAdmins") };
  const user = getUserById(userId);
  const community = user?.tenantId ? getCommunity(user.tenantId) : undefined;
  const refused = loginAsRefusal(user, () => community);
  if (refused || !user || !community) return { ok: false, ...(refused ?? refusal(404, "noSuchUser")) };
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
