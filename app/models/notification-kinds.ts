// Notification kinds and email choices as people see them (client-safe: no database, no server APIs).
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

/** What each kind means, in the words of the settings page. `resident` is the first name a family follows. */
export function kindLabel(kind: NotificationKind, resident?: string | null): string {
  switch (kind) {
    case "story_approved":
      return "A story of mine is approved";
    case "story_rejected":
      return "A story of mine is not approved";
    case "story_featured":
      return "A story of mine is featured";
    case "new_story":
      return resident ? `${resident} shares a new story` : "My resident shares a new story";
    case "comment":
      return "Someone comments on a story I wrote or commented on";
    case "reaction":
      return "Someone reacts to a story I wrote or commented on";
    case "question_answered":
      return "My question is answered with a story";
    case "pinned_post":
      return "A new pinned news post";
  }
}

export const EMAIL_MODE_LABELS: Record<EmailMode, { label: string; hint: string }> = {
  immediate: { label: "Right away", hint: "One email for each notification as it happens, and the weekly digest." },
  digest: { label: "Once a week", hint: "Only the weekly digest: new stories, pinned news and the coming week's events." },
  never: { label: "Never", hint: "No emails. Notifications still appear under the bell." },
};

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
