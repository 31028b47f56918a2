// Forgotten passwords: a one-time link (valid 1 hour, usable once, only on the site of the account's
// community; a super admin's on the marketing site) emailed to the account's address, where a new
// password is chosen. Asked for by the person herself on /forgot-password (the answer never says
// whether an account exists) or sent by staff from the person's page. A new link revokes the
// account's earlier unused ones. Choosing the password ends every session of the account.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import * as z from "zod";
import { controlSchema, getControlDb, getTenantDb, type Community } from "~/utils/db.server";
import type { HostContext, RequestClient } from "~/utils/host.server";
import { newId, sha256 } from "~/utils/ids.server";
import { msg } from "~/utils/i18n";
import { isLanguage, translator } from "~/utils/i18n.server";
import { env } from "~/utils/env.server";
import { deliverMail } from "~/utils/mailer.server";
import { hashPassword } from "~/utils/password.server";
import { reserveAttempts, type AttemptLimit } from "~/utils/rate-limit.server";
import { ROLE } from "~/utils/roles";
import { deleteUserSessions } from "~/utils/session.server";
import { writeAudit } from "./audit.server";
import { enqueueEmail, kickMailWorker } from "./email-outbox.server";
import { renderEmail } from "./email-templates.server";
import { isEmailAddress, revokeInviteLinks } from "./invitation.server";
import { consumeLoginToken, inspectLoginToken, issueLoginToken } from "./login-token.server";
import { recipientLanguage } from "./recipient-language.server";
import { emailSignsIn, type UserRow } from "~/utils/accounts.server";

const { users, loginTokens, communities } = controlSchema;

export const RESET_TTL_MS = 60 * 60_000;

export const RESET_LIMITS = {
  /** requests from one address, whatever they name, in 15 minutes */
  perAddress: 20,
  /** requests naming one username or email on one site, from anywhere, in 15 minutes */
  perIdentifier: 5,
  /** links emailed to one account in an hour, asked for by her or sent by staff */
  perAccount: 3,
};
const SHORT_WINDOW_MS = 15 * 60_000;
const ACCOUNT_WINDOW_MS = 60 * 60_000;

/** The folder and header name of mail that belongs to no community (a super admin's link). */
const MARKETING_MAIL_FOLDER = "www";

/** Who asked (null: the person herself) and from where, for the audit log. */
export type ResetActor = { id: string; client?: RequestClient } | null;

/** The accounts a username or an email names on this site: active, of an active community. */
export function accountsNamed(host: HostContext, identifier: string): UserRow[] {
  const name = identifier.trim().toLowerCase();
  if (!name || host.kind === "missing") return [];
  const db = getControlDb();
  const named = or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name));
  if (host.kind === "marketing")
    return db
      .select()
      .from(users)
      .where(and(isNull(users.tenantId), eq(users.role, ROLE.superAdmin), eq(users.isActive, true), named))
      .orderBy(users.username)
      .all();
  if (!host.community.isActive) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, host.community.id), eq(users.isActive, true), named))
    .orderBy(users.username)
    .all();
}

/** Spends one of the account's emailed links for the hour; false when they are spent. */
function takeAccountAllowance(userId: string): boolean {
  return reserveAttempts([
    { key: `reset:account:${userId}`, limit: RESET_LIMITS.perAccount, windowMs: ACCOUNT_WINDOW_MS },
  ]).ok;
}

/** Revokes every unused reset link of the account; returns how many were open. */
export function revokeResetLinks(userId: string): number {
  return getControlDb()
    .update(loginTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        eq(loginTokens.userId, userId),
        eq(loginTokens.purpose, "reset"),
        isNull(loginTokens.usedAt),
        isNull(loginTokens.revokedAt),
      ),
    )
    .run().changes;
}

export type ResetOrigins = (subdomain: string | null) => string;

/**
 * Makes the account a new link (its earlier ones revoked) and emails it, in her language, naming
 * her username. False when she has no usable address or her community is not active.
 */
async function emailResetLink(
  user: UserRow,
  originOf: ResetOrigins,
  actor: ResetActor,
  requestLanguage: string | null,
): Promise<boolean> {
  const address = user.email?.trim() ?? "";
  if (!user.isActive || !isEmailAddress(address)) return false;
  const community = user.tenantId
    ? getControlDb().select().from(communities).where(eq(communities.id, user.tenantId)).get()
    : null;
  if (user.tenantId && (!community || !community.isActive)) return false;
  if (!user.tenantId && user.role !== ROLE.superAdmin) return false;
  const origin = originOf(community?.subdomain ?? null);
  revokeResetLinks(user.id);
  const token = await issueLoginToken({
    userId: user.id,
    tenantId: user.tenantId,
    purpose: "reset",
    createdByUserId: actor?.id ?? null,
    ttlMs: RESET_TTL_MS,
  });
  const url = `${origin}/reset-password?token=${token}`;
  const db = community ? getTenantDb(community) : null;
  const lang =
    db && community
      ? recipientLanguage(db, community, user.id)
      : isLanguage(user.language)
        ? user.language
        : (requestLanguage ?? "en");
  const t = translator(lang, "password");
  const siteName = community?.name ?? t("email.systemName", { app: env().APP_NAME });
  const body = renderEmail({
    lang,
    communityName: siteName,
    origin,
    heading: t("email.heading", { name: user.displayName || user.username }),
    // her username first: a forgotten username is why many ask
    paragraphs: [
      translator(lang, "auth")(
        emailSignsIn(user) ? "resetEmail.usernameOrEmail" : "resetEmail.username",
        { username: user.username },
      ),
      actor ? t("email.sentByStaff") : t("email.asked"),
      t("email.expires"),
      t("email.ignore"),
    ],
    action: { label: t("email.action"), url },
    unsubscribeUrl: null,
    reason: t("email.reason", { community: siteName }),
  });
  const subject = t("email.subject", { community: siteName });
  const mail = {
    kind: "password" as const,
    toUserId: user.id,
    toAddress: address,
    toName: user.displayName || null,
    subject,
    text: body.text,
    html: body.html,
    unsubscribeUrl: null,
  };
  if (db && community) {
    const emailId = enqueueEmail(db, mail);
    if (emailId)
      getControlDb()
        .update(loginTokens)
        .set({ emailId })
        .where(eq(loginTokens.tokenHash, sha256(token)))
        .run();
    kickMailWorker(community.subdomain);
  } else {
    // a super admin belongs to no community, so to no queue: the message goes at once, and the
    // request does not wait for it (the answer takes as long whether or not an account exists)
    void deliverMail({
      id: newId(),
      subdomain: MARKETING_MAIL_FOLDER,
      fromName: siteName,
      to: { name: mail.toName, address },
      subject,
      text: body.text,
      html: body.html,
      unsubscribeUrl: null,
    }).catch((error: unknown) => console.error("A password link could not be sent", error));
  }
  return true;
}

export type ResetRequest = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * "Forgot your password?": every active account this username or email names on this site gets
 * its own link by email. The answer is the same whether or not one exists; only asking too often
 * (from this address, or for this name, whatever it names) is refused. Each queued email is
 * audited as password.reset_requested.
 */
export async function requestPasswordReset(opts: {
  host: HostContext;
  identifier: string;
  ip: string;
  client?: RequestClient;
  originOf: ResetOrigins;
  requestLanguage?: string | null;
}): Promise<ResetRequest> {
  const { host } = opts;
  const name = opts.identifier.trim().toLowerCase();
  const site = host.kind === "tenant" ? host.community.id : "-";
  const limits: AttemptLimit[] = [
    { key: `reset:ip:${opts.ip}`, limit: RESET_LIMITS.perAddress, windowMs: SHORT_WINDOW_MS },
    {
      key: `reset:name:${sha256(`${site}:${name}`).slice(0, 24)}`,
      limit: RESET_LIMITS.perIdentifier,
      windowMs: SHORT_WINDOW_MS,
    },
  ];
  const reservation = reserveAttempts(limits);
  if (!reservation.ok) return reservation;
  for (const user of accountsNamed(host, name)) {
    // an account that had its links for the hour gets no more; the answer does not change
    if (!isEmailAddress(user.email) || !takeAccountAllowance(user.id)) continue;
    const sent = await emailResetLink(user, opts.originOf, null, opts.requestLanguage ?? null);
    if (sent)
      writeAudit({
        client: opts.client,
        actorUserId: null,
        action: "password.reset_requested",
        targetUserId: user.id,
        tenantId: user.tenantId,
        details: user.username,
      });
  }
  return { ok: true };
}

/** Why staff cannot email someone a link (the page says so), or that they can. */
export type ResetEligibility = { ok: true } | { ok: false; reason: "noAccount" | "noEmail" | "noPassword" | "inactive" };

export function resetEligibility(user: UserRow | undefined | null): ResetEligibility {
  if (!user) return { ok: false, reason: "noAccount" };
  if (!user.isActive) return { ok: false, reason: "inactive" };
  if (!isEmailAddress(user.email)) return { ok: false, reason: "noEmail" };
  if (!user.passwordHash) return { ok: false, reason: "noPassword" };
  return { ok: true };
}

export type ResetRefusal = Extract<ResetEligibility, { ok: false }>["reason"];

export type StaffResetResult = { ok: true; to: string } | { ok: false; reason: ResetRefusal | "tooMany" };

/**
 * Staff send a member of their community a link from her page: only to an account that has an
 * email address and a password already, counted against the same hourly allowance as her own
 * requests. Audited as password.reset_sent.
 */
export async function sendPasswordReset(
  community: Pick<Community, "id">,
  user: UserRow | undefined,
  actor: { id: string; client?: RequestClient },
  originOf: ResetOrigins,
): Promise<StaffResetResult> {
  if (user && user.tenantId !== community.id) return { ok: false, reason: "noAccount" };
  const eligible = resetEligibility(user);
  if (!eligible.ok) return eligible;
  const account = user!;
  if (!takeAccountAllowance(account.id)) return { ok: false, reason: "tooMany" };
  if (!(await emailResetLink(account, originOf, actor, null))) return { ok: false, reason: "noEmail" };
  writeAudit({
    client: actor.client,
    actorUserId: actor.id,
    action: "password.reset_sent",
    targetUserId: account.id,
    tenantId: community.id,
    details: account.displayName ? `${account.displayName} (${account.username})` : account.username,
  });
  return { ok: true, to: account.email.trim() };
}

/** `reason`: a catalog key (msg), shown in the reader's language. */
export type ResetCheck = { ok: true; user: UserRow } | { ok: false; reason: string };

/** Whether a link may still be used on this host. Opening it changes nothing. */
export function checkPasswordReset(host: HostContext, token: string): ResetCheck {
  if (!token) return { ok: false, reason: msg("password:reset.invalid") };
  const check = inspectLoginToken(host, token, ["reset"]);
  if (!check.ok) return { ok: false, reason: msg(`password:reset.${check.problem}`) };
  return { ok: true, user: check.user };
}

/**
 * Uses the link: the token is spent (one redemption wins), the password set and the temporary
 * flag cleared, the account's other reset links revoked, its invitation links too when it had no
 * password yet, and every session of the account ended. Audited as password.reset.
 */
export async function completePasswordReset(
  host: HostContext,
  token: string,
  password: string,
  client?: RequestClient,
): Promise<ResetCheck> {
  const check = checkPasswordReset(host, token);
  if (!check.ok) return check;
  const passwordHash = await hashPassword(password);
  // checked again after the hash: the link may have been used or revoked meanwhile
  const again = checkPasswordReset(host, token);
  if (!again.ok) return again;
  if (!consumeLoginToken(token)) return { ok: false, reason: msg("password:reset.used") };
  const { user } = check;
  getControlDb()
    .update(users)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(users.id, user.id))
    .run();
  revokeResetLinks(user.id);
  if (!user.passwordHash) revokeInviteLinks(user.id);
  deleteUserSessions(user.id);
  writeAudit({
    client,
    actorUserId: user.id,
    action: "password.reset",
    targetUserId: user.id,
    tenantId: user.tenantId,
    details: user.username,
  });
  const updated = getControlDb().select().from(users).where(eq(users.id, user.id)).get();
  return { ok: true, user: updated ?? user };
}

/** The "Forgot your password?" form: one field, a username or an email address. */
export const ForgotPasswordSchema = z.object({
  identifier: z
    .string({ error: msg("password:forgot.identifierRequired") })
    .trim()
    .min(1, msg("password:forgot.identifierRequired"))
    .max(200, msg("password:forgot.tooLong", { max: 200 })),
});
