// Who a story is for, chosen by its resident: shared by server and browser code.
// The rules of who sees what live in story.server.ts (storyShownTo / storyReadableBy).
// The English words below are for callers without a reader; what a person reads comes from the
// `story` catalog through the functions taking `t`.
import type { T } from "~/utils/i18n";

export const AUDIENCES = ["private", "family", "community"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** A new story is for the resident's family unless the resident chooses otherwise. */
export const DEFAULT_AUDIENCE: Audience = "family";

export function isAudience(value: unknown): value is Audience {
  return typeof value === "string" && (AUDIENCES as readonly string[]).includes(value);
}

/** The words the resident chooses from ("Everyone at Sunnybrook Senior Living"). */
export function audienceLabel(audience: Audience, communityName: string): string {
  if (audience === "private") return "Only me and the care team";
  if (audience === "family") return "My family";
  return `Everyone at ${communityName}`;
}

/** The same choice as others read it about a resident's story ("Margaret's family"). */
export function audienceLabelFor(audience: Audience, communityName: string, residentFirstName: string): string {
  if (audience === "private") return `Only ${residentFirstName} and the care team`;
  if (audience === "family") return `${residentFirstName}'s family`;
  return `Everyone at ${communityName}`;
}

/** audienceLabel in the reader's language. */
export function audienceText(t: T, audience: Audience, communityName: string): string {
  return t(`story:audience.${audience}`, { community: communityName });
}

/** audienceLabelFor in the reader's language. */
export function audienceTextFor(
  t: T,
  audience: Audience,
  communityName: string,
  residentFirstName: string,
): string {
  return t(`story:audience.for.${audience}`, { community: communityName, name: residentFirstName });
}

/** AUDIENCE_HINTS in the reader's language. */
export function audienceHint(t: T, audience: Audience): string {
  return t(`story:audience.hint.${audience}`);
}

/** AGREED_LABEL in the reader's language; without a name, "The resident agreed ...". */
export function agreedText(t: T, residentFirstName?: string | null): string {
  return residentFirstName
    ? t("story:audience.agreed", { name: residentFirstName })
    : t("story:audience.agreedResident");
}

/** A refusal of an audience change in the reader's language (AGREED_MISSING); other text as it is. */
export function audienceReasonText(t: T, reason: string): string {
  return reason === AGREED_MISSING ? t("story:audience.agreedMissing") : reason;
}

export const AUDIENCE_HINTS: Record<Audience, string> = {
  private: "Nobody else reads it: not your family, not other residents.",
  family: "Your family members who have a sign-in, and the care team.",
  community: "Every resident, family and member of staff here.",
};

export const WITHDRAWN_LABEL = "Withdrawn";

/** Staff recording for a resident: the box they tick, and what is said when they have not. */
export const AGREED_LABEL = (residentFirstName: string) => `${residentFirstName} agreed to who may see this story`;
export const AGREED_MISSING = "Please confirm that the resident agreed to who may see this story";
