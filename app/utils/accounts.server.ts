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

export function markSignedIn(userId: string) {
  getControlDb()
    .update(users)
    .set({ lastLoginAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .run();
}
