// The accounts that sign-in reads: a user by id, by username on a host, and the time of their
// last sign-in. Account management (create, list, passwords, staff) is in models/user.server.ts.
import { and, eq, isNull, sql } from "drizzle-orm";
import { controlSchema, getControlDb, prepared } from "./db.server";
import { ROLE } from "./roles";

const { users } = controlSchema;

export type UserRow = typeof users.$inferSelect;
export type PublicUser = Omit<UserRow, "passwordHash">;

export function getUserById(id: string): UserRow | undefined {
  return prepared(getControlDb(), "user-by-id", (db) =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

/**
 * The account a username names on this host: a community member of that community, or a super
 * admin (who may sign in on any host). Usernames compare case-insensitively.
 */
export function findUserForLogin(username: string, tenantId: string | null): UserRow | undefined {
  const name = username.trim().toLowerCase();
  const db = getControlDb();
  if (tenantId) {
    const member = db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, name)))
      .get();
    if (member) return member;
  }
  return db
    .select()
    .from(users)
    .where(and(isNull(users.tenantId), eq(users.role, ROLE.superAdmin), eq(users.username, name)))
    .get();
}

/** What a typed sign-in name finds on a host: one account, none, or several sharing an email. */
export type SignInMatch =
  { kind: "one"; user: UserRow } | { kind: "none" } | { kind: "shared"; users: UserRow[] };

/** A name with "@" is an email: usernames are letters, digits, dots, hyphens, underscores. */
export function isEmailSignIn(identifier: string): boolean {
  return identifier.includes("@");
}

/**
 * The account a sign-in names on this host, by username (findUserForLogin) or by email address,
 * both case-insensitively. An email names the accounts of this community only (on the marketing
 * host, `tenantId` null: super admins only). When it names more than one account that can sign in
 * (a person with two family accounts) the answer is "shared": sign-in by that email is refused,
 * never guessed.
 */
export function findSignInAccount(identifier: string, tenantId: string | null): SignInMatch {
  const name = identifier.trim().toLowerCase();
  if (!name) return { kind: "none" };
  if (!isEmailSignIn(name)) {
    const user = findUserForLogin(name, tenantId);
    return user ? { kind: "one", user } : { kind: "none" };
  }
  const byEmail = eq(sql`lower(trim(${users.email}))`, name);
  const found = getControlDb()
    .select()
    .from(users)
    .where(
      tenantId
        ? and(eq(users.tenantId, tenantId), byEmail)
        : and(isNull(users.tenantId), eq(users.role, ROLE.superAdmin), byEmail),
    )
    .orderBy(users.username)
    .all();
  const usable = found.filter((u) => u.isActive && u.passwordHash);
  if (usable.length > 1) return { kind: "shared", users: usable };
  const user = usable[0] ?? found[0];
  return user ? { kind: "one", user } : { kind: "none" };
}

/** Whether the account's email address signs it in too: it names no other account of its site. */
export function emailSignsIn(user: Pick<UserRow, "id" | "email" | "tenantId">): boolean {
  const email = user.email?.trim() ?? "";
  if (!isEmailSignIn(email)) return false;
  const match = findSignInAccount(email, user.tenantId);
  return match.kind === "one" && match.user.id === user.id;
}

export function markSignedIn(userId: string) {
  getControlDb()
    .update(users)
    .set({ lastLoginAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .run();
}
