// Family members and residents sign in through an invitation: their account in the control
// database has no password, and a one-time link (valid 7 days, usable once) is where they choose it.
// Adding a family member makes their account and link at once; a resident gets theirs when staff
// make a sign-in link for them (many residents never sign in: staff record with them).
// No email server is assumed: the administrator copies or prints the link, which is shown once.
import { and, eq, isNull } from "drizzle-orm";
import { controlSchema, getControlDb, type Community, type TenantDb } from "~/utils/db.server";
import type { HostContext } from "~/utils/host.server";
import { hashPassword } from "~/utils/password.server";
import { findFollowerByEmail } from "./family-access.server";
import { createFamilyMember, deleteFamilyMember, getFamilyMember, type FamilyMemberInput, type FamilyMemberRow } from "./family.server";
import { getResident } from "./resident.server";
import { COMMUNITY_STAFF_ROLES, ROLE, roleIn } from "~/utils/roles";
import { nameSortKey } from "~/utils/text-keys";
import { msg } from "~/utils/i18n";
import { consumeLoginToken, inspectLoginToken, issueLoginToken } from "./login-token.server";
import { createUser, getUserById, usernameTaken, type UserRow } from "./user.server";

const { users, loginTokens } = controlSchema;

export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/** `memberId` is the family member's or the resident's id (the page that shows the link checks it). */
export type Invitation = { memberId: string; name: string; username: string; url: string; expiresAt: string };
export type SignInAccount = { userId: string; username: string; status: "invited" | "active" };

/** A sign-in name from the email's local part, made unique in the community (jane.doe, jane.doe2, ...). */
export function familyUsernameFor(email: string, tenantId: string): string {
  return uniqueUsername(usernameBase(email.split("@")[0] ?? "", "family"), tenantId);
}

/** A resident's sign-in name from their name (first.last), made unique in the community. */
export function residentUsernameFor(firstName: string, lastName: string, tenantId: string): string {
  const plain = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return uniqueUsername(usernameBase(`${plain(firstName)}.${plain(lastName)}`, "resident"), tenantId);
}

function usernameBase(text: string, fallback: string): string {
  const base = text.toLowerCase().replace(/\s+/g, ".").replace(/[^a-z0-9._-]+/g, "").replace(/\.{2,}/g, ".").replace(/^[._-]+|[._-]+$/g, "").slice(0, 40);
  return base || fallback;
}

function uniqueUsername(base: string, tenantId: string): string {
  if (!usernameTaken(base, tenantId)) return base;
  for (let n = 2; n < 10_000; n++) {
    if (!usernameTaken(`${base}${n}`, tenantId)) return `${base}${n}`;
  }
  throw new Error("No free username");
}

// A family member's or a resident's account is linked to their record by one column.
const LINK = { [ROLE.family]: users.familyMemberId, [ROLE.resident]: users.residentId } as const;

function findLinkedAccount(tenantId: string, role: keyof typeof LINK, recordId: string): UserRow | undefined {
  return getControlDb()
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role), eq(LINK[role], recordId)))
    .get();
}

/** Every sign-in of one role in a community, by the linked record's id: invited (no password yet) or active. */
function linkedAccounts(tenantId: string, role: keyof typeof LINK): Map<string, SignInAccount> {
  const rows = getControlDb()
    .select({ id: users.id, username: users.username, recordId: LINK[role], passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role)))
    .all();
  const out = new Map<string, SignInAccount>();
  for (const r of rows) {
    if (r.recordId) out.set(r.recordId, { userId: r.id, username: r.username, status: r.passwordHash ? "active" : "invited" });
  }
  return out;
}

export const findFamilyAccount = (tenantId: string, memberId: string) => findLinkedAccount(tenantId, ROLE.family, memberId);
export const familyAccounts = (tenantId: string) => linkedAccounts(tenantId, ROLE.family);
export const findResidentAccount = (tenantId: string, residentId: string) => findLinkedAccount(tenantId, ROLE.resident, residentId);
export const residentAccounts = (tenantId: string) => linkedAccounts(tenantId, ROLE.resident);

async function newInvitation(origin: string, community: Community, member: FamilyMemberRow, user: UserRow, createdByUserId: string | null): Promise<Invitation> {
  const token = await issueLoginToken({ userId: user.id, tenantId: community.id, purpose: "invite", createdByUserId, ttlMs: INVITE_TTL_MS });
  return {
    memberId: member.id,
    name: member.name,
    username: user.username,
    url: `${origin}/invite?token=${token}`,
    expiresAt: new Date(Date.now() + INVITE_TTL_MS).toISOString(),
  };
}

/** A family member's sign-in, without a password until they accept an invitation. */
function createFamilyAccount(community: Community, member: FamilyMemberRow): Promise<UserRow> {
  return createUser({
    tenantId: community.id,
    username: familyUsernameFor(member.email, community.id),
    email: member.email,
    displayName: member.name,
    role: ROLE.family,
    familyMemberId: member.id,
  });
}

export type AddedFamilyMember =
  | { added: true; member: FamilyMemberRow; invitation: Invitation }
  /** the resident already has this person: nothing was added, and they are offered back */
  | { added: false; member: FamilyMemberRow; account: SignInAccount | null };

/**
 * Adds a family member and their sign-in (no password yet), and returns the one-time invitation;
 * unless the resident already has a family member with this email (compared without case): then
 * nothing is added and that member is returned, with their sign-in. The screens and the API both
 * add through here. The check and the insert are one synchronous step, so two requests at once
 * cannot both add. If the account cannot be made, the family member is removed again: nothing
 * half-made stays.
 */
export async function addFamilyMemberWithInvitation(
  /** the community site's origin, which the link starts with */
  origin: string,
  db: TenantDb,
  community: Community,
  input: FamilyMemberInput,
  actor: { id: string } | null,
): Promise<AddedFamilyMember> {
  const existing = findFollowerByEmail(db, input.residentId, input.email);
  if (existing) {
    const account = findFamilyAccount(community.id, existing.id);
    return {
      added: false,
      member: existing,
      account: account ? { userId: account.id, username: account.username, status: account.passwordHash ? "active" : "invited" } : null,
    };
  }
  const member = createFamilyMember(db, input);
  try {
    const user = await createFamilyAccount(community, member);
    return { added: true, member, invitation: await newInvitation(origin, community, member, user, actor?.id ?? null) };
  } catch (error) {
    deleteFamilyMember(db, community.id, member.id);
    throw error;
  }
}

/**
 * A fresh invitation link for a family member who has not chosen a password yet (earlier links keep
 * working until one of them is used). Makes the account if the member has none. Null when the member
 * is unknown or already signed up.
 */
export async function reissueInvitation(origin: string, db: TenantDb, community: Community, memberId: string, actor: { id: string } | null): Promise<Invitation | null> {
  const member = getFamilyMember(db, memberId);
  if (!member) return null;
  let user = findFamilyAccount(community.id, member.id);
  if (user?.passwordHash) return null;
  user ??= await createFamilyAccount(community, member);
  return newInvitation(origin, community, member, user, actor?.id ?? null);
}

export type ResidentInvitationResult =
  | { ok: true; invitation: Invitation }
  | { ok: false; reason: "unknown" | "inactive" | "active"; username?: string };

/**
 * A sign-in link for a resident who has no password yet: makes their account (no password) on the
 * first call; earlier links keep working until one of them is used. Refused for an unknown or
 * inactive resident and for one who has already chosen a password.
 */
export async function residentInvitation(origin: string, db: TenantDb, community: Community, residentId: string, actor: { id: string } | null): Promise<ResidentInvitationResult> {
  const resident = getResident(db, residentId);
  if (!resident) return { ok: false, reason: "unknown" };
  if (!resident.isActive) return { ok: false, reason: "inactive" };
  const name = `${resident.firstName} ${resident.lastName}`;
  let user = findResidentAccount(community.id, resident.id);
  if (user?.passwordHash) return { ok: false, reason: "active", username: user.username };
  user ??= await createUser({
    tenantId: community.id,
    username: residentUsernameFor(resident.firstName, resident.lastName, community.id),
    // residents have no email of their own in the records; they sign in with the username
    email: "",
    displayName: name,
    role: ROLE.resident,
    residentId: resident.id,
  });
  const token = await issueLoginToken({ userId: user.id, tenantId: community.id, purpose: "invite", createdByUserId: actor?.id ?? null, ttlMs: INVITE_TTL_MS });
  return {
    ok: true,
    invitation: {
      memberId: resident.id,
      name,
      username: user.username,
      url: `${origin}/invite?token=${token}`,
      expiresAt: new Date(Date.now() + INVITE_TTL_MS).toISOString(),
    },
  };
}

/** Keeps the sign-in's name and email in step with the family member's record. */
export function syncFamilyAccount(tenantId: string, member: Pick<FamilyMemberRow, "id" | "name" | "email">) {
  getControlDb()
    .update(users)
    .set({ displayName: member.name, email: member.email, sortName: nameSortKey(member.name) })
    .where(and(eq(users.tenantId, tenantId), eq(users.role, ROLE.family), eq(users.familyMemberId, member.id)))
    .run();
}

export const INVITATION_ACCEPTED = msg("auth:invite.accepted");

/** `reason`: a catalog key (msg), shown in the reader's language. */
export type InvitationCheck = { ok: true; user: UserRow } | { ok: false; reason: string };

/** Whether a link may still be used on this host (opening it changes nothing). */
export function checkInvitation(host: HostContext, token: string): InvitationCheck {
  if (!token) return { ok: false, reason: msg("auth:invite.incomplete") };
  const check = inspectLoginToken(host, token, ["invite"]);
  if (!check.ok) return { ok: false, reason: msg(`auth:invite.${check.problem}`) };
  // family members and residents, and staff whose administrator chose a sign-in link
  if (check.user.role !== ROLE.family && check.user.role !== ROLE.resident && !roleIn(check.user.role, COMMUNITY_STAFF_ROLES)) return { ok: false, reason: msg("auth:invite.invalid") };
  if (check.user.passwordHash) return { ok: false, reason: INVITATION_ACCEPTED };
  return { ok: true, user: check.user };
}

/**
 * Uses the link: the token is spent, the password set (only while the account has none), and every
 * other open invitation of the account is closed. Returns the account to sign in.
 */
export async function acceptInvitation(host: HostContext, token: string, password: string): Promise<InvitationCheck> {
  const check = checkInvitation(host, token);
  if (!check.ok) return check;
  if (!consumeLoginToken(token)) return { ok: false, reason: msg("auth:invite.used") };
  const passwordHash = await hashPassword(password);
  const db = getControlDb();
  const set = db
    .update(users)
    .set({ passwordHash, mustChangePassword: false })
    .where(and(eq(users.id, check.user.id), isNull(users.passwordHash)))
    .run();
  if (set.changes !== 1) return { ok: false, reason: INVITATION_ACCEPTED };
  db.update(loginTokens)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(loginTokens.userId, check.user.id), eq(loginTokens.purpose, "invite"), isNull(loginTokens.usedAt)))
    .run();
  return { ok: true, user: getUserById(check.user.id)! };
}
