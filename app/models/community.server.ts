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
    public field: "subdomain" | "name" | "defaultLanguage" | "timeZone",
    public key: string,
  ) {
    super(inEnglish(key));
  }
}

/** The zone a community keeps when none is chosen. */
export const DEFAULT_TIME_ZONE = "America/New_York";

let timeZoneList: readonly string[] | null = null;

/** The IANA time zones a community may keep: the ones this runtime's Intl knows, and UTC. */
export function timeZoneNames(): readonly string[] {
  timeZoneList ??= Object.freeze(
    [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort(),
  );
  return timeZoneList;
}

/** Whether `zone` is one of `timeZoneNames()`, spelled exactly so. */
export function isTimeZone(zone: unknown): boolean {
  return typeof zone === "string" && timeZoneNames().includes(zone);
}

/** The refusal of a typed time zone as a catalog message, or null when it is one of the list. */
export function timeZoneIssue(zone: string): string | null {
  return isTimeZone(zone) ? null : msg("settings:timeZone.unknown", { zone: zone.slice(0, 80) });
}

/** The community, other than `exceptId`, that already has this name (compared without case or accents). */
function communityNamed(name: string, exceptId?: string): { name: string } | undefined {
  const rows = getControlDb()
    .select({ id: communities.id, name: communities.name })
    .from(communities)
    .where(eq(communities.sortName, nameSortKey(name)))
    .all();
  return rows.find((r) => r.id !== exceptId);
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
  const zoneIssue = input.timeZone === undefined ? null : timeZoneIssue(input.timeZone);
  if (zoneIssue) throw new CommunityError("timeZone", zoneIssue);
  // two communities of one name would be told apart by nobody (lists, emails, the super admin)
  const sameName = communityNamed(input.name);
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
    timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
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

/** What `updateCommunityDetails` may change; a field left out is kept as it is. */
export type CommunityDetailsInput = {
  name?: string;
  address?: string | null;
  city?: string | null;
  phone?: string | null;
  email?: string | null;
  timeZone?: string;
  defaultLanguage?: string;
};

export type CommunityDetailsField = keyof CommunityDetailsInput;

export const COMMUNITY_NAME_MAX = 120;
const TEXT_MAX = { address: 200, city: 100, phone: 40, email: 200 } as const;
const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type CommunityDetailsOutcome =
  | { ok: true; community: Community; changed: CommunityDetailsField[] }
  /** each field's refusals as catalog messages (`msg`) */
  | { ok: false; fieldErrors: Partial<Record<CommunityDetailsField, string[]>> };

/**
 * Changes a community's details (name, address, city, phone, email), its time zone and its
 * language, for its administrator (/admin/settings) and the super admin alike. Checks every field
 * given (name required and unique among communities, email's form, a time zone of the IANA list,
 * a language offered); refuses all of them when one is wrong. Writes `community.settings_changed`
 * naming the changed fields: the time zone's and language's old and new values, the contact
 * fields' names only. Nothing is cached per process: the next request reads the new row.
 */
export function updateCommunityDetails(
  id: string,
  input: CommunityDetailsInput,
  audit: { actorUserId: string; client?: RequestClient },
): CommunityDetailsOutcome {
  const current = getCommunity(id);
  if (!current) throw new Error(`No community ${id}`);
  const errors: Partial<Record<CommunityDetailsField, string[]>> = {};
  const refuse = (field: CommunityDetailsField, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const next: Partial<Community> = {};

  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) refuse("name", msg("superAdmin:form.nameRequired"));
    else if (name.length > COMMUNITY_NAME_MAX) refuse("name", msg("validation:tooLong", { max: COMMUNITY_NAME_MAX }));
    else {
      const same = communityNamed(name, id);
      if (same) refuse("name", msg("superAdmin:name.taken", { name: same.name }));
      else next.name = name;
    }
  }
  for (const field of ["address", "city", "phone", "email"] as const) {
    if (input[field] === undefined) continue;
    const value = input[field]?.trim() || null;
    if (value && value.length > TEXT_MAX[field]) refuse(field, msg("validation:tooLong", { max: TEXT_MAX[field] }));
    else if (field === "email" && value && !EMAIL_RULE.test(value)) refuse(field, msg("superAdmin:form.emailInvalid"));
    else next[field] = value;
  }
  if (input.timeZone !== undefined) {
    const zone = input.timeZone.trim();
    // a zone kept from before (perhaps an old alias) may stay; a new one must be on the list
    const issue = zone === current.timeZone ? null : timeZoneIssue(zone);
    if (issue) refuse("timeZone", issue);
    else next.timeZone = zone;
  }
  if (input.defaultLanguage !== undefined) {
    if (!isLanguage(input.defaultLanguage)) refuse("defaultLanguage", msg("superAdmin:language.unknown"));
    else next.defaultLanguage = input.defaultLanguage;
  }
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };

  const changed = (Object.keys(next) as CommunityDetailsField[]).filter((f) => next[f] !== current[f]);
  if (!changed.length) return { ok: true, community: current, changed };
  const set: Partial<Community> = Object.fromEntries(changed.map((f) => [f, next[f]]));
  if (set.name !== undefined) set.sortName = nameSortKey(set.name);
  getControlDb().update(communities).set(set).where(eq(communities.id, id)).run();
  writeAudit({ ...audit, action: "community.settings_changed", tenantId: id, details: describeChanges(current, set, changed) });
  return { ok: true, community: getCommunity(id)!, changed };
}

const FIELD_WORDS: Record<CommunityDetailsField, string> = {
  name: "name",
  address: "address",
  city: "city",
  phone: "phone",
  email: "email",
  timeZone: "time zone",
  defaultLanguage: "language",
};

/**
 * "time zone America/New_York -> America/Denver, phone": the audit's words for a change. Contact
 * details are personal enough to stay out of the log: only their names are written.
 */
function describeChanges(before: Community, after: Partial<Community>, changed: CommunityDetailsField[]): string {
  return changed
    .map((f) =>
      f === "timeZone" || f === "defaultLanguage" || f === "name"
        ? `${FIELD_WORDS[f]} ${before[f] ?? ""} -> ${after[f] ?? ""}`
        : FIELD_WORDS[f],
    )
    .join(", ");
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
