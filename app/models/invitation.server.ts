// Family members and residents sign in through an invitation: their account in the control
// database has no password, and a one-time link (valid 7 days, usable once) is where they choose it.
// Adding a family member makes their account and link at once; a resident gets theirs when staff
// make a sign-in link for them (many residents never sign in: staff record with them).
// The link is emailed when the person has an email address, and still shown once so that the
// administrator can copy or print it. A new link for an account revokes its earlier unused ones, and
// "Revoke" stops every unused one; the page a link opens records when it was first opened.
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { controlSchema, getControlDb, type Community, type TenantDb } from "~/utils/db.server";
import type { HostContext, RequestClient } from "~/utils/host.server";
import { sha256 } from "~/utils/ids.server";
import { translator } from "~/utils/i18n.server";
import { writeAudit } from "./audit.server";
import { enqueueEmail, kickMailWorker } from "./email-outbox.server";
import { renderEmail } from "./email-templates.server";
import { formatShortDate } from "./local-time";
import { recipientLanguage } from "./recipient-language.server";
import { hashPassword } from "~/utils/password.server";
import { findFollowerByEmail } from "./family-access.server";
import { createFamilyMember, deleteFamilyMember, getFamilyMember, type FamilyMemberInput, type FamilyMemberRow } from "./family.server";
import { getResident, residentName } from "./resident.server";
import { COMMUNITY_STAFF_ROLES, ROLE, roleIn } from "~/utils/roles";
import { nameSortKey } from "~/utils/text-keys";
import { msg } from "~/utils/i18n";
import { accountOfMember, familyAccountByEmail, linkMemberToAccount } from "./family-links.server";
import { consumeLoginToken, inspectLoginToken, issueLoginToken } from "./login-token.server";
import { createUser, getUserById, usernameTaken, type UserRow } from "./user.server";

const { users, loginTokens, familyLinks } = controlSchema;

export const INVITE_TTL_MS = 7 * 24 * 3600_000;

/** Whether an invitation went by email: to whom, or why not. */
export type InvitationEmail = { sent: true; to: string } | { sent: false; reason: "noEmail" | "badEmail" };

/** `memberId` is the family member's or the resident's id (the page that shows the link checks it). */
export type Invitation = {
  memberId: string;
  name: string;
  username: string;
  url: string;
  expiresAt: string;
  /** absent when nobody tried to email it */
  email?: InvitationEmail;
};
export type SignInAccount = { userId: string; username: string; status: "invited" | "active" };

/** Who made or revoked a link (null: the system), and from where, for the audit log. */
export type InviteActor = { id: string; client?: RequestClient } | null;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether an address can be written to (the forms check the same shape). */
export function isEmailAddress(address: string | null | undefined): address is string {
  return Boolean(address && EMAIL_SHAPE.test(address.trim()));
}

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

// A resident's account is linked to her record by one column; a family member's through
// family_links (one account may follow several residents, one record each).
function findLinkedAccount(tenantId: string, role: typeof ROLE.family | typeof ROLE.resident, recordId: string): UserRow | undefined {
  if (role === ROLE.family) {
    const link = accountOfMember(tenantId, recordId);
    const user = link ? getUserById(link.userId) : undefined;
    return user?.tenantId === tenantId ? user : undefined;
  }
  return getControlDb()
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role), eq(users.residentId, recordId)))
    .get();
}

/** Every sign-in of one role in a community, by the linked record's id: invited (no password yet) or active. */
function linkedAccounts(tenantId: string, role: typeof ROLE.family | typeof ROLE.resident): Map<string, SignInAccount> {
  const rows =
    role === ROLE.family
      ? getControlDb()
          .select({ id: users.id, username: users.username, recordId: familyLinks.familyMemberId, passwordHash: users.passwordHash })
          .from(familyLinks)
          .innerJoin(users, eq(users.id, familyLinks.userId))
          .where(and(eq(familyLinks.tenantId, tenantId), eq(users.role, ROLE.family)))
          .all()
      : getControlDb()
          .select({ id: users.id, username: users.username, recordId: users.residentId, passwordHash: users.passwordHash })
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

// ---- links: a new one revokes the earlier ones

/** Revokes every unused invitation link of the account; returns how many were open. */
export function revokeInviteLinks(userId: string): number {
  return getControlDb()
    .update(loginTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(loginTokens.userId, userId), eq(loginTokens.purpose, "invite"), isNull(loginTokens.usedAt), isNull(loginTokens.revokedAt)))
    .run().changes;
}

export type InviteLink = { token: string; url: string; expiresAt: string };

/**
 * A new invitation link for the account, on `origin`: its earlier unused links are revoked first,
 * so only the newest one works. Audited as invitation.created (`details` names the person).
 */
export async function issueInviteLink(
  origin: string,
  user: Pick<UserRow, "id" | "tenantId">,
  actor: InviteActor,
  details: string,
  ttlMs = INVITE_TTL_MS,
): Promise<InviteLink> {
  revokeInviteLinks(user.id);
  const token = await issueLoginToken({ userId: user.id, tenantId: user.tenantId, purpose: "invite", createdByUserId: actor?.id ?? null, ttlMs });
  writeAudit({ client: actor?.client, actorUserId: actor?.id ?? null, action: "invitation.created", targetUserId: user.id, tenantId: user.tenantId, details });
  return { token, url: `${origin}/invite?token=${token}`, expiresAt: new Date(Date.now() + ttlMs).toISOString() };
}

/** Whom an invitation is for: the words of its email differ. */
export type InviteeKind = "family" | "resident" | "staff";

type EmailCommunity = Pick<Community, "id" | "name" | "subdomain" | "timeZone"> & { defaultLanguage?: string | null };

/**
 * Queues the email that carries an invitation link, in the recipient's language (the community's
 * default for someone who has chosen none), and keeps its id on the link. Audited as
 * invitation.sent. Says why not when the person has no usable address.
 */
export function emailInviteLink(
  db: TenantDb,
  community: EmailCommunity,
  link: InviteLink & { origin: string },
  to: { userId: string; username: string; name: string; address: string | null | undefined; kind: InviteeKind; residentName?: string | null },
  actor: InviteActor,
): InvitationEmail {
  const address = to.address?.trim() ?? "";
  if (!address) return { sent: false, reason: "noEmail" };
  if (!isEmailAddress(address)) return { sent: false, reason: "badEmail" };
  const lang = recipientLanguage(db, community, to.userId);
  const t = translator(lang, "invitations");
  const subject = t("email.subject", { community: community.name });
  const body = renderEmail({
    lang,
    communityName: community.name,
    origin: link.origin,
    heading: t("email.heading", { name: to.name, community: community.name }),
    paragraphs: [
      to.kind === "family" && to.residentName
        ? t("email.family", { resident: to.residentName })
        : to.kind === "staff"
          ? t("email.staff")
          : t("email.resident"),
      t("email.username", { username: to.username }),
      t("email.expires", { date: formatShortDate(link.expiresAt, community.timeZone, lang) }),
      t("email.ignore"),
    ],
    action: { label: t("email.action"), url: link.url },
    unsubscribeUrl: null,
    reason: t("email.reason", { community: community.name }),
  });
  const emailId = enqueueEmail(db, {
    kind: "invitation",
    toUserId: to.userId,
    toAddress: address,
    toName: to.name,
    subject,
    text: body.text,
    html: body.html,
    unsubscribeUrl: null,
  });
  if (emailId) {
    getControlDb().update(loginTokens).set({ emailId }).where(eq(loginTokens.tokenHash, sha256(link.token))).run();
    writeAudit({ client: actor?.client, actorUserId: actor?.id ?? null, action: "invitation.sent", targetUserId: to.userId, tenantId: community.id, details: to.name });
    kickMailWorker(community.subdomain);
  }
  return { sent: true, to: address };
}

/**
 * Records (invitation.created) and emails the sign-in link just made for a new staff member or
 * administrator (`url` as made by the staff model, on the community's host). Says why not when she
 * has no usable address.
 */
export function emailStaffInvitation(
  db: TenantDb,
  community: EmailCommunity,
  user: Pick<UserRow, "id" | "username" | "displayName" | "email">,
  link: { url: string; expiresAt: string },
  actor: InviteActor,
): InvitationEmail {
  const url = new URL(link.url);
  const token = url.searchParams.get("token") ?? "";
  writeAudit({
    client: actor?.client,
    actorUserId: actor?.id ?? null,
    action: "invitation.created",
    targetUserId: user.id,
    tenantId: community.id,
    details: user.displayName,
  });
  return emailInviteLink(
    db,
    community,
    { token, url: link.url, expiresAt: link.expiresAt, origin: url.origin },
    { userId: user.id, username: user.username, name: user.displayName, address: user.email, kind: "staff" },
    actor,
  );
}

function familyDetails(member: Pick<FamilyMemberRow, "name">, residentName: string | null): string {
  return residentName ? `${member.name}, family of ${residentName}` : member.name;
}

function residentNameOf(db: TenantDb, residentId: string): string | null {
  const r = getResident(db, residentId);
  return r ? residentName(r) : null;
}

/** A new link for a family member's account (earlier ones revoked), emailed to her. */
async function newInvitation(origin: string, db: TenantDb, community: Community, member: FamilyMemberRow, user: UserRow, actor: InviteActor): Promise<Invitation> {
  const ofResident = residentNameOf(db, member.residentId);
  const link = await issueInviteLink(origin, user, actor, familyDetails(member, ofResident));
  const email = emailInviteLink(
    db,
    community,
    { ...link, origin },
    { userId: user.id, username: user.username, name: member.name, address: member.email, kind: "family", residentName: ofResident },
    actor,
  );
  return { memberId: member.id, name: member.name, username: user.username, url: link.url, expiresAt: link.expiresAt, email };
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
  | { added: true; member: FamilyMemberRow; invitation: Invitation; joined?: undefined }
  /**
   * the email already signs in to a family account of the community: the record was added to it,
   * and waits for her to confirm; she was told by email (or why not)
   */
  | { added: true; member: FamilyMemberRow; invitation?: undefined; joined: { userId: string; username: string; email: InvitationEmail } }
  /** the resident already has this person: nothing was added, and they are offered back */
  | { added: false; member: FamilyMemberRow; account: SignInAccount | null };

/**
 * Adds a family member and their sign-in (no password yet), and returns the one-time invitation,
 * emailed to her; unless the resident already has a family member with this email (compared
 * without case): then nothing is added and that member is returned, with their sign-in. The
 * screens and the API both add through here. The check and the insert are one synchronous step,
 * so two requests at once cannot both add. If the account cannot be made, the family member is
 * removed again: nothing half-made stays. Audited as family.added.
 */
export async function addFamilyMemberWithInvitation(
  /** the community site's origin, which the link starts with */
  origin: string,
  db: TenantDb,
  community: Community,
  input: FamilyMemberInput,
  actor: InviteActor,
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
  // one person, one sign-in: an email that already has a family account here gets this
  // resident added to that account rather than a second account
  const account = familyAccountByEmail(community.id, input.email);
  const member = createFamilyMember(db, input);
  let user: UserRow;
  try {
    if (account) {
      // she has not chosen a password yet: whoever opens her invitation is her, so the link is
      // hers at once; an account in use waits for her to say yes
      linkMemberToAccount({ tenantId: community.id, familyMemberId: member.id, userId: account.id, confirmed: !account.passwordHash, createdByUserId: actor?.id ?? null });
      user = account;
    } else user = await createFamilyAccount(community, member);
  } catch (error) {
    deleteFamilyMember(db, community.id, member.id);
    throw error;
  }
  const ofResident = residentNameOf(db, member.residentId);
  writeAudit({
    client: actor?.client,
    actorUserId: actor?.id ?? null,
    action: "family.added",
    targetUserId: user.id,
    tenantId: community.id,
    details: account ? `${familyDetails(member, ofResident)}, added to the account ${account.username}` : familyDetails(member, ofResident),
  });
  if (account?.passwordHash) {
    const email = emailJoinedAccount(origin, db, community, member, account, ofResident);
    return { added: true, member, joined: { userId: account.id, username: account.username, email } };
  }
  return { added: true, member, invitation: await newInvitation(origin, db, community, member, user, actor) };
}

/**
 * Tells a family member who already signs in that a resident was added to her account, and that
 * she confirms it on her family page (no link that signs her in: she signs in as she always does).
 */
function emailJoinedAccount(origin: string, db: TenantDb, community: Community, member: FamilyMemberRow, account: UserRow, ofResident: string | null): InvitationEmail {
  const address = member.email.trim();
  if (!isEmailAddress(address)) return { sent: false, reason: address ? "badEmail" : "noEmail" };
  const lang = recipientLanguage(db, community, account.id);
  const t = translator(lang, "follows");
  const url = `${origin}/family`;
  const body = renderEmail({
    lang,
    communityName: community.name,
    origin,
    heading: t("joined.emailHeading", { resident: ofResident ?? member.name }),
    paragraphs: [t("joined.emailAdded", { community: community.name, resident: ofResident ?? "", username: account.username }), t("joined.emailConfirm"), t("joined.emailNotYou")],
    action: { label: t("joined.emailAction"), url },
    unsubscribeUrl: null,
    reason: t("joined.emailReason", { community: community.name }),
  });
  const emailId = enqueueEmail(db, {
    kind: "invitation",
    toUserId: account.id,
    toAddress: address,
    toName: member.name,
    subject: t("joined.emailSubject", { community: community.name, resident: ofResident ?? member.name }),
    text: body.text,
    html: body.html,
    unsubscribeUrl: null,
  });
  if (emailId) kickMailWorker(community.subdomain);
  return { sent: true, to: address };
}

/**
 * A fresh invitation link for a family member who has not chosen a password yet, emailed to her;
 * her earlier links stop working. Makes the account if the member has none, unless her email
 * already has a family account here: then the record joins it (at once while that account has
 * not signed up; waiting for her, and told by email, when it has). Null when the member is
 * unknown, already signed up, or joined an account that signs in already.
 */
export async function emailFamilyInvitation(
  origin: string,
  db: TenantDb,
  community: Community,
  memberId: string,
  actor: { id: string; client?: RequestClient } | null,
): Promise<Invitation | null> {
  const member = getFamilyMember(db, memberId);
  if (!member) return null;
  let user = findFamilyAccount(community.id, member.id);
  if (user?.passwordHash) return null;
  if (!user) {
    // an email that already has a family account here (an import's second parent, say): the
    // record joins that account rather than making a second one
    const account = familyAccountByEmail(community.id, member.email);
    if (account?.passwordHash) {
      linkMemberToAccount({ tenantId: community.id, familyMemberId: member.id, userId: account.id, confirmed: false, createdByUserId: actor?.id ?? null });
      emailJoinedAccount(origin, db, community, member, account, residentNameOf(db, member.residentId));
      return null;
    }
    if (account) {
      linkMemberToAccount({ tenantId: community.id, familyMemberId: member.id, userId: account.id, confirmed: true, createdByUserId: actor?.id ?? null });
      user = account;
    } else user = await createFamilyAccount(community, member);
  }
  return newInvitation(origin, db, community, member, user, actor);
}

/** The same as emailFamilyInvitation (the name the screens knew it by). */
export const reissueInvitation = emailFamilyInvitation;

/** Records that a family member's details were changed (details: her name and the resident's). */
export function auditFamilyUpdated(db: TenantDb, community: Pick<Community, "id">, member: FamilyMemberRow, actor: InviteActor) {
  writeAudit({
    client: actor?.client,
    actorUserId: actor?.id ?? null,
    action: "family.updated",
    targetUserId: findFamilyAccount(community.id, member.id)?.id ?? null,
    tenantId: community.id,
    details: familyDetails(member, residentNameOf(db, member.residentId)),
  });
}

export type ResidentInvitationResult =
  | { ok: true; invitation: Invitation }
  | { ok: false; reason: "unknown" | "inactive" | "active"; username?: string };

/**
 * A sign-in link for a resident who has no password yet: makes their account (no password) on the
 * first call; her earlier links stop working. Emailed to her when she has an email address.
 * Refused for an unknown or inactive resident and for one who has already chosen a password.
 */
export async function residentInvitation(origin: string, db: TenantDb, community: Community, residentId: string, actor: InviteActor): Promise<ResidentInvitationResult> {
  const resident = getResident(db, residentId);
  if (!resident) return { ok: false, reason: "unknown" };
  if (!resident.isActive) return { ok: false, reason: "inactive" };
  const name = `${resident.firstName} ${resident.lastName}`;
  let user = findResidentAccount(community.id, resident.id);
  if (user?.passwordHash) return { ok: false, reason: "active", username: user.username };
  user ??= await createUser({
    tenantId: community.id,
    username: residentUsernameFor(resident.firstName, resident.lastName, community.id),
    email: resident.email ?? "",
    displayName: name,
    role: ROLE.resident,
    residentId: resident.id,
  });
  const link = await issueInviteLink(origin, user, actor, name);
  const email = emailInviteLink(db, community, { ...link, origin }, { userId: user.id, username: user.username, name, address: resident.email, kind: "resident" }, actor);
  return { ok: true, invitation: { memberId: resident.id, name, username: user.username, url: link.url, expiresAt: link.expiresAt, email } };
}

/**
 * Revokes a family member's or resident's pending invitation: every unused link of her account
 * stops working. Returns how many links were open (0: nothing to revoke), or null when she has no
 * account or has already signed up. Audited as invitation.revoked.
 */
export function revokeInvitation(community: Pick<Community, "id">, role: typeof ROLE.family | typeof ROLE.resident, recordId: string, name: string, actor: InviteActor): number | null {
  const user = findLinkedAccount(community.id, role, recordId);
  if (!user || user.passwordHash) return null;
  const revoked = revokeInviteLinks(user.id);
  if (revoked > 0) {
    writeAudit({ client: actor?.client, actorUserId: actor?.id ?? null, action: "invitation.revoked", targetUserId: user.id, tenantId: community.id, details: name });
  }
  return revoked;
}

/** Where an account's newest invitation link stands (for the lists). */
export type InviteLinkState = {
  createdAt: string;
  expiresAt: string;
  openedAt: string | null;
  usedAt: string | null;
  revokedAt: string | null;
  emailed: boolean;
};

/** Each account's newest invitation link, by user id. */
export function newestInviteLinks(userIds: readonly string[]): Map<string, InviteLinkState> {
  const out = new Map<string, InviteLinkState>();
  const ids = [...new Set(userIds.filter(Boolean))];
  if (!ids.length) return out;
  const rows = getControlDb()
    .select()
    .from(loginTokens)
    .where(and(inArray(loginTokens.userId, ids), eq(loginTokens.purpose, "invite")))
    .orderBy(desc(loginTokens.createdAt), sql`rowid desc`)
    .all();
  for (const r of rows) {
    if (out.has(r.userId)) continue;
    out.set(r.userId, { createdAt: r.createdAt, expiresAt: r.expiresAt, openedAt: r.openedAt, usedAt: r.usedAt, revokedAt: r.revokedAt, emailed: Boolean(r.emailId) });
  }
  return out;
}

/** Whether the account has a link that still works (made, not used, revoked or expired). */
export function hasOpenInviteLink(userId: string, now = new Date()): boolean {
  return Boolean(
    getControlDb()
      .select({ hash: loginTokens.tokenHash })
      .from(loginTokens)
      .where(and(eq(loginTokens.userId, userId), eq(loginTokens.purpose, "invite"), isNull(loginTokens.usedAt), isNull(loginTokens.revokedAt), gt(loginTokens.expiresAt, now.toISOString())))
      .limit(1)
      .get(),
  );
}

/** Records the first time a link's page was opened (later openings change nothing). */
export function markInvitationOpened(token: string) {
  if (!token) return;
  getControlDb()
    .update(loginTokens)
    .set({ openedAt: new Date().toISOString() })
    .where(and(eq(loginTokens.tokenHash, sha256(token)), isNull(loginTokens.openedAt)))
    .run();
}

/** Keeps the sign-in's name and email in step with the family member's record. */
export function syncFamilyAccount(tenantId: string, member: Pick<FamilyMemberRow, "id" | "name" | "email">) {
  const link = accountOfMember(tenantId, member.id);
  if (!link) return;
  getControlDb()
    .update(users)
    .set({ displayName: member.name, email: member.email, sortName: nameSortKey(member.name) })
    .where(and(eq(users.id, link.userId), eq(users.tenantId, tenantId), eq(users.role, ROLE.family)))
    .run();
}

export const INVITATION_ACCEPTED = msg("auth:invite.accepted");

/**
 * `reason`: a catalog key (msg), shown in the reader's language. `acceptedBy`: the link's account
 * has chosen its password already (the link was used, or she got in another way); the page sends
 * her home when she is the one signed in, and tells anyone else to sign in.
 */
export type InvitationCheck =
  | { ok: true; user: UserRow }
  | { ok: false; reason: string; acceptedBy?: string };

/** The account of a used invitation link of this host, when that account has its password. */
function acceptedAccountOf(host: HostContext, token: string): UserRow | null {
  const row = getControlDb().select().from(loginTokens).where(eq(loginTokens.tokenHash, sha256(token))).get();
  const hostTenant = host.kind === "tenant" ? host.community.id : null;
  if (!row || row.purpose !== "invite" || row.tenantId !== hostTenant || host.kind === "missing") return null;
  const user = getUserById(row.userId);
  return user && user.isActive && user.passwordHash ? user : null;
}

/** Whether a link may still be used on this host (opening it changes nothing). */
export function checkInvitation(host: HostContext, token: string): InvitationCheck {
  if (!token) return { ok: false, reason: msg("auth:invite.incomplete") };
  const check = inspectLoginToken(host, token, ["invite"]);
  if (!check.ok) {
    // a used link of an account that has its password was accepted (a revoked one keeps its word)
    const accepted = check.problem === "used" ? acceptedAccountOf(host, token) : null;
    if (accepted) return { ok: false, reason: INVITATION_ACCEPTED, acceptedBy: accepted.id };
    return { ok: false, reason: msg(`auth:invite.${check.problem}`) };
  }
  // family members and residents, and staff whose administrator chose a sign-in link
  if (check.user.role !== ROLE.family && check.user.role !== ROLE.resident && !roleIn(check.user.role, COMMUNITY_STAFF_ROLES)) return { ok: false, reason: msg("auth:invite.invalid") };
  if (check.user.passwordHash) return { ok: false, reason: INVITATION_ACCEPTED, acceptedBy: check.user.id };
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
