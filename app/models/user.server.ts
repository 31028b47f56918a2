// Users live in the control database: every role, in every community, plus super admins.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { controlSchema, getControlDb, getTenantDb, tenantSchema } from "~/utils/db.server";
import { isWhisperLanguage } from "~/utils/whisper-languages";
import { newId } from "~/utils/ids.server";
import { hashPassword } from "~/utils/password.server";
import { COMMUNITY_STAFF_ROLES, ROLE, type Role } from "~/utils/roles";
import { nameSortKey } from "~/utils/text-keys";

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
  /** a family account: the family member record it signs in as (linked, confirmed) */
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
    sortName: nameSortKey(input.displayName.trim() || input.username),
  };
  const db = getControlDb();
  db.transaction((tx) => {
    tx.insert(users).values(row).run();
    if (input.familyMemberId && input.tenantId) {
      const at = new Date().toISOString();
      tx.insert(controlSchema.familyLinks)
        .values({ tenantId: input.tenantId, familyMemberId: input.familyMemberId, userId: row.id, confirmedAt: at, createdAt: at })
        .run();
    }
  });
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

// initials are drawn by grapheme, alike on server and browser (app/utils/initials.ts)
export { initialsOf } from "~/utils/initials";

// --- staff of a community (adding and changing them: staff.server.ts) ---

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
 * The language a person reads Storyloom in (a folder of app/locales). A resident's also becomes
 * the language her recordings are transcribed in, where Whisper knows it.
 */
export function setUserLanguage(
  user: Pick<UserRow, "id" | "role" | "residentId">,
  language: string,
  community: { subdomain: string } | null,
) {
  getControlDb().update(users).set({ language }).where(eq(users.id, user.id)).run();
  const whisper = language.split("-")[0]!;
  if (user.role === ROLE.resident && user.residentId && community && isWhisperLanguage(whisper))
    getTenantDb(community)
      .update(tenantSchema.residents)
      .set({ preferredLanguage: whisper, updatedAt: new Date().toISOString() })
      .where(eq(tenantSchema.residents.id, user.residentId))
      .run();
}
