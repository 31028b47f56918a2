// Who a story is for, chosen by its resident: shared by server and browser code.
// The rules of who sees what live in story.server.ts (storyShownTo / storyReadableBy).

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

export const AUDIENCE_HINTS: Record<Audience, string> = {
  private: "Nobody else reads it: not your family, not other residents.",
  family: "Your family members who have a sign-in, and the care team.",
  community: "Every resident, family and member of staff here.",
};

export const WITHDRAWN_LABEL = "Withdrawn";

/** Staff recording for a resident: the box they tick, and what is said when they have not. */
export const AGREED_LABEL = (residentFirstName: string) => `${residentFirstName} agreed to who may see this story`;
export const AGREED_MISSING = "Please confirm that the resident agreed to who may see this story";
