// Communities (tenants): the registry rows in the control database and their SQLite files.
import fs from "node:fs";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { controlSchema, getControlDb, getTenantDb, tenantDbFile, tenantDir, type Community } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { nameSortKey } from "~/utils/text-keys";
import { isLanguage, translator } from "~/utils/i18n.server";
import { DEFAULT_LANGUAGE, msg, translateMessage } from "~/utils/i18n";
import type { RequestClient } from "~/utils/host.server";
import { writeAudit } from "./audit.server";
import { listStaffOfCommunity, type PublicUser } from "./user.server";

const { communities } = controlSchema;

export const RESERVED_SUBDOMAINS = new Set([
  "www", "api", "admin", "app", "mail", "static", "assets", "cdn", "smtp", "imap", "pop", "ftp", "ns1", "ns2",
  "dev", "staging", "test", "status", "help", "support", "blog", "docs", "login", "auth", "super-admin",
  "storyloom", "media", "files", "billing", "dashboard", "localhost",
]);

export const SUBDOMAIN_RULE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Why a subdomain cannot be used, as a catalog message (`msg`, shown in the reader's language), or null when it can. */
export function subdomainIssue(subdomain: string): string | null {
  if (subdomain.length < 3 || subdomain.length > 40) return msg("superAdmin:subdomain.length");
  if (!SUBDOMAIN_RULE.test(subdomain)) return msg("superAdmin:subdomain.characters");
  if (RESERVED_SUBDOMAINS.has(subdomain)) return msg("superAdmin:subdomain.reserved", { subdomain });
  return null;
}

/** Why a subdomain cannot be used, in English (the JSON API's answers), or null when it can. */
export function subdomainProblem(subdomain: string): string | null {
  const issue = subdomainIssue(subdomain);
  return issue && inEnglish(issue);
}

/** Why this subdomain cannot be had (bad characters, reserved, taken) as a catalog message, or null. */
export function subdomainRefusalMessage(raw: string): string | null {
  const subdomain = raw.trim().toLowerCase();
  return subdomainIssue(subdomain) ?? (getCommunityBySubdomain(subdomain) ? msg("superAdmin:subdomain.taken", { subdomain }) : null);
}

function inEnglish(message: string): string {
  return translateMessage(translator(DEFAULT_LANGUAGE, "superAdmin"), message);
}

export function listCommunities(): Community[] {
  return getControlDb().select().from(communities).orderBy(asc(communities.name)).all();
}

export function listNewestCommunities(limit: number): Community[] {
  return getControlDb().select().from(communities).orderBy(desc(communities.createdAt)).limit(limit).all();
}

export function getCommunity(id: string): Community | undefined {
  return getControlDb().select().from(communities).where(eq(communities.id, id)).get();
}

export function getCommunityBySubdomain(subdomain: string): Community | undefined {
  return getControlDb().select().from(communities).where(eq(communities.subdomain, subdomain)).get();
}

export type NewCommunity = {
  id?: string;
  name: string;
  subdomain: string;
  address?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  timeZone?: string;
  /** the language its members read until they choose their own; English when not given */
  defaultLanguage?: string | null;
};

/** A refusal: `message` in English (the JSON API), `key` the catalog message for a screen (`msg`). */
export class CommunityError extends Error {
  constructor(
    public field: "subdomain" | "name" | "defaultLanguage",
    public key: string,
  ) {
    super(inEnglish(key));
  }
}

/**
 * Registers a community and creates and migrates its database file, so its site works at once.
 * On any failure nothing is left behind: no registry row and no stray SQLite file.
 */
export function createCommunity(input: NewCommunity): Community {
  const subdomain = input.subdomain.trim().toLowerCase();
  const problem = subdomainRefusalMessage(subdomain);
  if (problem) throw new CommunityError("subdomain", problem);
  if (input.defaultLanguage && !isLanguage(input.defaultLanguage)) throw new CommunityError("defaultLanguage", msg("superAdmin:language.unknown"));
  // two communities of one name would be told apart by nobody (lists, emails, the super admin)
  const sameName = getControlDb()
    .select({ name: communities.name })
    .from(communities)
    .where(eq(communities.sortName, nameSortKey(input.name)))
    .get();
  if (sameName) throw new CommunityError("name", msg("superAdmin:name.taken", { name: sameName.name }));
  const file = tenantDbFile(subdomain);
  const fileExisted = fs.existsSync(file);
  const row = {
    id: input.id ?? newId(),
    name: input.name.trim(),
    subdomain,
    address: input.address?.trim() || null,
    city: input.city?.trim() || null,
    phone: input.phone?.trim() || null,
    email: input.email?.trim() || null,
    timeZone: input.timeZone ?? "America/New_York",
    defaultLanguage: input.defaultLanguage || DEFAULT_LANGUAGE,
    sortName: nameSortKey(input.name),
  };
  const db = getControlDb();
  db.insert(communities).values(row).run();
  try {
    fs.mkdirSync(tenantDir(), { recursive: true });
    getTenantDb(row);
  } catch (error) {
    db.delete(communities).where(eq(communities.id, row.id)).run();
    if (!fileExisted) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    throw error;
  }
  return getCommunity(row.id)!;
}

/**
 * The language everyone in the community reads who has not chosen their own (residents, families
 * and staff; signed-out visitors whose browser asks for none of Storyloom's). Written to the audit log.
 */
export function setCommunityLanguage(id: string, language: string, audit: { actorUserId: string; client?: RequestClient }) {
  if (!isLanguage(language)) throw new Error(`Not a language Storyloom offers: ${language}`);
  getControlDb().update(communities).set({ defaultLanguage: language }).where(eq(communities.id, id)).run();
  writeAudit({ ...audit, action: "community.language_changed", tenantId: id, details: language });
}

export function setCommunityActive(id: string, isActive: boolean) {
  getControlDb().update(communities).set({ isActive }).where(eq(communities.id, id)).run();
}

/** Opens (and so migrates) every registered community's database. Returns how many. */
export function migrateAllCommunities(): number {
  const all = getControlDb().select().from(communities).all();
  for (const c of all) getTenantDb(c);
  return all.length;
}

// --- the super admin console ---

export type CommunityStats = { totalCommunities: number; activeCommunities: number; totalUsers: number };

export function communityStats(): CommunityStats {
  const db = getControlDb();
  const row = db
    .select({
      totalCommunities: sql<number>`count(*)`,
      activeCommunities: sql<number>`coalesce(sum(case when ${communities.isActive} then 1 else 0 end), 0)`,
    })
    .from(communities)
    .get();
  const users = db.select({ n: sql<number>`count(*)` }).from(controlSchema.users).get();
  return {
    totalCommunities: Number(row?.totalCommunities ?? 0),
    activeCommunities: Number(row?.activeCommunities ?? 0),
    totalUsers: Number(users?.n ?? 0),
  };
}

export type CommunityWithStaff = Community & { staff: PublicUser[] };

/** Every community by name, each with its staff and administrators (never super admins). */
export function listCommunitiesWithStaff(): CommunityWithStaff[] {
  return listCommunities().map((c) => ({ ...c, staff: listStaffOfCommunity(c.id) }));
}

/**
 * Takes a community offline: its site shows the not-available page, its members' sessions end and
 * unused sign-in links die, so nobody can sign in until it is reactivated.
 */
export function deactivateCommunity(id: string) {
  const db = getControlDb();
  const { users, sessions, loginTokens } = controlSchema;
  db.transaction((tx) => {
    tx.update(communities).set({ isActive: false }).where(eq(communities.id, id)).run();
    const members = tx.select({ id: users.id }).from(users).where(eq(users.tenantId, id));
    tx.delete(sessions).where(inArray(sessions.userId, members)).run();
    tx.delete(loginTokens).where(and(eq(loginTokens.tenantId, id), isNull(loginTokens.usedAt))).run();
  });
}

export function reactivateCommunity(id: string) {
  setCommunityActive(id, true);
}
