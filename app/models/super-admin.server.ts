// What the super admin console does, shared by its screens and the /api/super-admin/* routes.
import type { SessionUser } from "~/utils/auth.server";
import type { RequestClient } from "~/utils/host.server";
import { writeAudit } from "./audit.server";
import {
  CommunityError,
  createCommunity,
  deactivateCommunity,
  getCommunity,
  getCommunityBySubdomain,
  reactivateCommunity,
  subdomainProblem,
} from "./community.server";
import { emailStaffInvitation, type InvitationEmail } from "./invitation.server";
import { createStaffMember, StaffError } from "./staff.server";
import type { PublicUser } from "./user.server";
import type { CommunityFormValues, StaffFormValues } from "./super-admin-forms.server";
import { getTenantDb, type Community } from "~/utils/db.server";

export type FieldErrors = Record<string, string[]>;
export type Outcome<T> = ({ ok: true } & T) | { ok: false; fieldErrors: FieldErrors };

/** Why this subdomain cannot be had (bad characters, reserved, taken), or null. */
export function subdomainRefusal(raw: string): string | null {
  const subdomain = raw.trim().toLowerCase();
  return subdomainProblem(subdomain) ?? (getCommunityBySubdomain(subdomain) ? `The address ${subdomain} is already taken` : null);
}

/** Registers a community with its own migrated database; refusals leave nothing behind. */
export function registerCommunity(actor: SessionUser, values: CommunityFormValues, client: RequestClient): Outcome<{ community: Community }> {
  try {
    const community = createCommunity(values);
    writeAudit({ client, actorUserId: actor.id, action: "community.created", tenantId: community.id, details: community.subdomain });
    return { ok: true, community };
  } catch (error) {
    if (error instanceof CommunityError) return { ok: false, fieldErrors: { [error.field]: [error.message] } };
    throw error;
  }
}

export async function addStaffMember(
  actor: SessionUser,
  values: StaffFormValues,
  client: RequestClient,
): Promise<Outcome<{ user: PublicUser; temporaryPassword: string }>> {
  try {
    // the same model function as the administrator's /admin/staff (which writes the audit entry)
    const { user, signIn } = await createStaffMember({ ...values, method: "password" }, actor, { origin: "", client });
    if (signIn.kind !== "password") throw new Error("A temporary password was asked for");
    return { ok: true, user, temporaryPassword: signIn.temporaryPassword };
  } catch (error) {
    if (error instanceof StaffError) return { ok: false, fieldErrors: { [error.field]: [error.message] } };
    throw error;
  }
}

/**
 * Add Staff on the super admin's screen: the new staff member or administrator gets a one-time
 * sign-in link on her community's site (`origin`), emailed to her and returned to be shown once.
 */
export async function inviteStaffMember(
  actor: SessionUser,
  values: StaffFormValues,
  site: { origin: (community: Community) => string; client: RequestClient },
): Promise<Outcome<{ user: PublicUser; community: Community; link: { url: string; expiresAt: string }; email: InvitationEmail }>> {
  const community = getCommunity(values.tenantId);
  if (!community) return { ok: false, fieldErrors: { tenantId: [new StaffError("tenantId", "communityUnknown").key] } };
  try {
    const { user, signIn } = await createStaffMember({ ...values, method: "link" }, actor, { origin: site.origin(community), client: site.client });
    if (signIn.kind !== "link") throw new Error("A sign-in link was asked for");
    const email = emailStaffInvitation(getTenantDb(community), community, user, signIn, { id: actor.id, client: site.client });
    return { ok: true, user, community, link: { url: signIn.url, expiresAt: signIn.expiresAt }, email };
  } catch (error) {
    if (error instanceof StaffError) return { ok: false, fieldErrors: { [error.field]: [error.key] } };
    throw error;
  }
}

/** Deactivates or reactivates a community; false when there is no such community. */
export function setCommunityActivity(actor: SessionUser, id: string, active: boolean, client: RequestClient): Community | null {
  const community = getCommunity(id);
  if (!community) return null;
  if (active) reactivateCommunity(id);
  else deactivateCommunity(id);
  writeAudit({ client, actorUserId: actor.id, action: active ? "community.reactivated" : "community.deactivated", tenantId: id, details: community.subdomain });
  return getCommunity(id) ?? null;
}
