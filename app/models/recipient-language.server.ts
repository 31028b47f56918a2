// The language a person is written to outside a request (an email, the digest, a printout): the
// language they chose (users.language), else, for a resident, the language she speaks (her
// recordings' language), else the community's default, else English. Only languages the catalogs
// have count; any other choice falls through to the next.
import { and, eq, inArray } from "drizzle-orm";
import { controlSchema, getControlDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { isLanguage } from "~/utils/i18n.server";
import { ROLE } from "~/utils/roles";

type CommunityRef = Pick<Community, "id"> & { defaultLanguage?: string | null };

/** The community's default language (read from the control database when not given). */
export function communityLanguage(community: CommunityRef): string {
  const chosen =
    community.defaultLanguage ??
    getControlDb()
      .select({ lang: controlSchema.communities.defaultLanguage })
      .from(controlSchema.communities)
      .where(eq(controlSchema.communities.id, community.id))
      .get()?.lang;
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}

/** A resident's language: the one she speaks, else the community's default, else English. */
export function residentLanguage(community: CommunityRef, resident: { preferredLanguage?: string | null }): string {
  return isLanguage(resident.preferredLanguage) ? resident.preferredLanguage : communityLanguage(community);
}

/** Each of these people's language, by user id (people not of the community: the community's default). */
export function recipientLanguages(db: TenantDb, community: CommunityRef, userIds: readonly string[]): Map<string, string> {
  const fallback = communityLanguage(community);
  const unique = [...new Set(userIds.filter(Boolean))];
  const out = new Map<string, string>(unique.map((id) => [id, fallback]));
  if (!unique.length) return out;
  const { users } = controlSchema;
  const rows = getControlDb()
    .select({ id: users.id, language: users.language, role: users.role, residentId: users.residentId })
    .from(users)
    .where(and(eq(users.tenantId, community.id), inArray(users.id, unique)))
    .all();
  const residentIds = [...new Set(rows.filter((r) => r.role === ROLE.resident && r.residentId && !isLanguage(r.language)).map((r) => r.residentId!))];
  const spoken = new Map(
    residentIds.length
      ? db
          .select({ id: tenantSchema.residents.id, lang: tenantSchema.residents.preferredLanguage })
          .from(tenantSchema.residents)
          .where(inArray(tenantSchema.residents.id, residentIds))
          .all()
          .map((r) => [r.id, r.lang])
      : [],
  );
  for (const r of rows) {
    if (isLanguage(r.language)) out.set(r.id, r.language);
    else if (r.role === ROLE.resident && r.residentId && isLanguage(spoken.get(r.residentId))) out.set(r.id, spoken.get(r.residentId)!);
  }
  return out;
}

/** One person's language (recipientLanguages for one). */
export function recipientLanguage(db: TenantDb, community: CommunityRef, userId: string): string {
  return recipientLanguages(db, community, [userId]).get(userId) ?? communityLanguage(community);
}
