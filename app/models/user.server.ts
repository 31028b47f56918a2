// Users live in the control database: every role, in every community, plus super admins.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { controlSchema, getControlDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { generateTemporaryPassword, hashPassword } from "~/utils/password.server";
import { COMMUNITY_STAFF_ROLES, ROLE, type CommunityStaffRole, type Role } from "~/utils/roles";

const { users, communities } = controlSchema;

// the lookups sign-in needs live with it, in utils/accounts.server.ts; account management is here
export { findUserForLogin, getUserById, markSignedIn, type PublicUser, type UserRow } from "~/utils/accounts.server";
import { getUserById, type PublicUser, type UserRow } from "~/utils/accounts.server";

export function usernameTaken(username: string, tenantId: string | null): boolean {
  const db = getControlDb();
  const name = username.trim().toLowerCase();
  const where = tenantId ? and(eq(users.tenantId, tenantId), eq(users.username, name)) : and(isNull(users.tenantId), eq(users.username, name));
  return Boolean(db.select({ id: users.id }).from(users).where(where).get());
}

export async function createUser(input: {
  id?: string;
  tenantId: string | null;
  username: string;
  email: string;
  displayName: string;
  role: Role;
  password?: string;
  passwordHash?: string;
  mustChangePassword?: boolean;
  residentId?: string | null;
  familyMemberId?: string | null;
}): Promise<UserRow> {
  const row = {
    id: input.id ?? newId(),
    tenantId: input.tenantId,
    username: input.username.trim().toLowerCase(),
    email: input.email.trim(),
    displayName: input.displayName.trim(),
    role: input.role,
    passwordHash: input.passwordHash ?? (input.password ? await hashPassword(input.password) : null),
    mustChangePassword: input.mustChangePassword ?? false,
    residentId: input.residentId ?? null,
    familyMemberId: input.familyMemberId ?? null,
  };
  getControlDb().insert(users).values(row).run();
  return getUserById(row.id)!;
}

export async function setPassword(userId: string, password: string) {
  getControlDb()
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
    .where(eq(users.id, userId))
    .run();
}

export type UserWithCommunity = PublicUser & { tenant: { name: string; subdomain: string } | null };

/** Every user with their community's name and subdomain, grouped by role order then name. */
export function listUsersWithCommunity(): UserWithCommunity[] {
  const rows = getControlDb()
    .select({ user: users, tenantName: communities.name, tenantSubdomain: communities.subdomain })
    .from(users)
    .leftJoin(communities, eq(users.tenantId, communities.id))
    .orderBy(asc(users.username))
    .all();
  return rows.map(({ user, tenantName, tenantSubdomain }) => {
    const { passwordHash: _hash, ...rest } = user;
    return { ...rest, tenant: tenantName && tenantSubdomain ? { name: tenantName, subdomain: tenantSubdomain } : null };
  });
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const first = parts[0]![0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]![0] ?? "") : "";
  return (first + last).toUpperCase();
}

// --- staff accounts made by the super admin (issue 7) ---


export class StaffError extends Error {
  constructor(public field: "tenantId" | "username", message: string) {
    super(message);
  }
}

/** A community's staff and administrators, administrators first. Super admins are never listed. */
export function listStaffOfCommunity(tenantId: string): PublicUser[] {
  return getControlDb()
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, [...COMMUNITY_STAFF_ROLES])))
    .orderBy(asc(users.role), asc(users.username))
    .all()
    .filter((u) => u.role !== ROLE.superAdmin)
    .map(({ passwordHash: _hash, ...rest }) => rest);
}

/**
 * Adds a staff member or administrator to a community with a temporary password that the server
 * generates. The password is returned once, never stored in clear; the user must change it.
 */
export async function createStaffUser(input: {
  tenantId: string;
  username: string;
  email: string;
  role: CommunityStaffRole;
  displayName?: string | null;
}): Promise<{ user: PublicUser; temporaryPassword: string }> {
  const community = getControlDb().select().from(communities).where(eq(communities.id, input.tenantId)).get();
  if (!community) throw new StaffError("tenantId", "Choose a community from the list");
  const username = input.username.trim().toLowerCase();
  const taken = () => new StaffError("username", `The username ${username} is already taken in ${community.name}`);
  if (usernameTaken(username, community.id)) throw taken();
  const temporaryPassword = generateTemporaryPassword();
  try {
    const { passwordHash: _hash, ...user } = await createUser({
      tenantId: community.id,
      username,
      email: input.email,
      displayName: input.displayName?.trim() || username,
      role: input.role,
      password: temporaryPassword,
      mustChangePassword: true,
    });
    return { user, temporaryPassword };
  } catch (error) {
    // two requests for the same name at once: the unique index keeps one
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) throw taken();
    throw error;
  }
}
