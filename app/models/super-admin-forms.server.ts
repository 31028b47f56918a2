// The super admin's forms: one zod schema each, used by the screens' actions (conform) and by the
// JSON API; checked on the server only (ADR 010). Subdomain rules and uniqueness are checked on the server (community.server.ts).
import * as z from "zod";
import { COMMUNITY_STAFF_ROLES } from "~/utils/roles";

const EMAIL_MESSAGE = "Enter a valid email address, like name@example.com";

const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).optional();

export const CommunityFormSchema = z.object({
  name: z.string({ error: "Enter the community's name" }).trim().min(1, "Enter the community's name").max(120, "Use at most 120 characters"),
  subdomain: z.string({ error: "Enter a subdomain" }).trim().toLowerCase().min(1, "Enter a subdomain").max(63, "Use 3 to 40 characters"),
  address: optionalText(200),
  city: optionalText(100),
  phone: optionalText(40),
  email: z.string().trim().max(200, "Use at most 200 characters").pipe(z.email({ error: EMAIL_MESSAGE })).optional(),
});
export type CommunityFormValues = z.infer<typeof CommunityFormSchema>;

export const USERNAME_RULE = /^[a-z0-9][a-z0-9._-]*$/;

export const StaffFormSchema = z.object({
  tenantId: z.string({ error: "Choose a community" }).trim().min(1, "Choose a community"),
  username: z
    .string({ error: "Enter a username" })
    .trim()
    .toLowerCase()
    .min(2, "Use at least 2 characters")
    .max(40, "Use at most 40 characters")
    .regex(USERNAME_RULE, "Use only letters, digits, dots, hyphens and underscores, starting with a letter or digit"),
  email: z.string({ error: "Enter an email address" }).trim().min(1, "Enter an email address").max(200, "Use at most 200 characters").pipe(z.email({ error: EMAIL_MESSAGE })),
  role: z.enum(COMMUNITY_STAFF_ROLES, { error: "Choose a role: Staff or Administrator" }),
});
export type StaffFormValues = z.infer<typeof StaffFormSchema>;

/** JSON bodies may send null or "" for an empty optional field, as the product's API client does. */
export function blankToUndefined(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, v === null || (typeof v === "string" && v.trim() === "") ? undefined : v]),
  );
}

export const CommunityJsonSchema = z.preprocess(blankToUndefined, CommunityFormSchema);
// unknown keys (the product's API client sends a fixed `password`) are dropped: the server makes the password
export const StaffJsonSchema = z.preprocess(blankToUndefined, StaffFormSchema);
