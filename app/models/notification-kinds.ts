// Notification kinds and email choices (client-safe: no database, no server APIs). Their words are
// the notifications catalog's: `kind.{kind}` and `mode.{mode}` (with `.hint`).
// relative import: db/schema/tenant.ts reads the lists from here, outside the app's "~" alias
import { CARE_TEAM_ROLES, ROLE, roleIn, type Role } from "../utils/roles";

export const NOTIFICATION_KIND_LIST = [
  "story_approved",
  "story_rejected",
  "story_featured",
  "new_story",
  "comment",
  "reaction",
  "question_answered",
  "pinned_post",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KIND_LIST)[number];

export const EMAIL_MODE_LIST = ["immediate", "digest", "never"] as const;
export type EmailMode = (typeof EMAIL_MODE_LIST)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KIND_LIST as readonly string[]).includes(value);
}

export function isEmailMode(value: unknown): value is EmailMode {
  return typeof value === "string" && (EMAIL_MODE_LIST as readonly string[]).includes(value);
}

/** The kinds a person of this role can receive (the settings page shows these). */
export function kindsForRole(role: Role): NotificationKind[] {
  if (role === ROLE.family) return ["new_story", "question_answered", "comment", "reaction", "pinned_post"];
  if (role === ROLE.resident || roleIn(role, CARE_TEAM_ROLES)) return ["story_approved", "story_rejected", "story_featured", "comment", "reaction", "pinned_post"];
  return [];
}

/** Families get emails unless they say otherwise; everyone else opts in. */
export function defaultEmailMode(role: Role): EmailMode {
  return role === ROLE.family ? "immediate" : "never";
}
