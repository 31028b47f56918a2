// One-time sign-in tokens (control database): development login, login-as from the super admin
// console, and invitations. Only a hash is stored; a token works once, before it expires, and only
// on the host of the community it was made for.
import { and, eq, isNull } from "drizzle-orm";
import crypto from "node:crypto";
import { getUserById, type UserRow } from "~/utils/accounts.server";
import { controlSchema, getControlDb } from "~/utils/db.server";
import type { HostContext } from "~/utils/host.server";
import { sha256 } from "~/utils/ids.server";

const { loginTokens } = controlSchema;

export type LoginTokenPurpose = (typeof controlSchema.TOKEN_PURPOSES)[number];

export async function issueLoginToken(opts: {
  userId: string;
  tenantId: string | null;
  purpose: LoginTokenPurpose;
  createdByUserId?: string | null;
  ttlMs: number;
}): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  getControlDb()
    .insert(loginTokens)
    .values({
      tokenHash: sha256(token),
      userId: opts.userId,
      tenantId: opts.tenantId,
      purpose: opts.purpose,
      createdByUserId: opts.createdByUserId ?? null,
      expiresAt: new Date(Date.now() + opts.ttlMs).toISOString(),
    })
    .run();
  return token;
}

/** Why a link cannot be used; the page that opened it says so in its own words. */
export type TokenProblem = "invalid" | "used" | "revoked" | "expired" | "otherSite" | "inactive";

export type TokenCheck =
  | { ok: true; user: UserRow; purpose: LoginTokenPurpose; createdByUserId: string | null }
  | { ok: false; problem: TokenProblem };

/** Checks a token against the host it was presented on, without using it. */
export function inspectLoginToken(host: HostContext, token: string, purposes: readonly LoginTokenPurpose[]): TokenCheck {
  const row = getControlDb().select().from(loginTokens).where(eq(loginTokens.tokenHash, sha256(token))).get();
  if (!row || !purposes.includes(row.purpose)) return { ok: false, problem: "invalid" };
  if (row.usedAt) return { ok: false, problem: "used" };
  if (row.revokedAt) return { ok: false, problem: "revoked" };
  if (Date.parse(row.expiresAt) <= Date.now()) return { ok: false, problem: "expired" };
  const hostTenant = host.kind === "tenant" ? host.community.id : null;
  if (host.kind === "missing" || row.tenantId !== hostTenant) return { ok: false, problem: "otherSite" };
  const user = getUserById(row.userId);
  if (!user || !user.isActive) return { ok: false, problem: "inactive" };
  return { ok: true, user, purpose: row.purpose, createdByUserId: row.createdByUserId };
}

/** Marks the token used, atomically: a second redemption finds it used. */
export function consumeLoginToken(token: string): boolean {
  const result = getControlDb()
    .update(loginTokens)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(loginTokens.tokenHash, sha256(token)), isNull(loginTokens.usedAt)))
    .run();
  return result.changes === 1;
}
