// The account forms' rules: sign-in, changing a password, accepting an invitation. Checked on the
// server only (the browser gets the messages back from the action: ADR 010).
import * as z from "zod";
import type { PublicUser } from "~/utils/accounts.server";
import { getTenantDb } from "~/utils/db.server";
import { MIN_PASSWORD_LENGTH } from "~/utils/password-rules";
import { passwordStrengthProblem } from "~/utils/password.server";
import { getCommunity } from "./community.server";
import { getFamilyProfile } from "./family.server";
import { getResident } from "./resident.server";

export const LoginSchema = z.object({
  username: z.string({ error: "Enter your username" }).trim().min(1, "Enter your username").max(100),
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
  redirectTo: z.string().optional(),
  /** the "Keep me signed in on this device" box: a plain checkbox, sent as "on" when ticked */
  keepSignedIn: z.boolean().optional(),
});

/**
 * The names someone who knows this person would try first in their password: their own name and
 * username, the name of the resident a family member follows (and the member's own), a resident's
 * name, and the community's name and subdomain.
 */
export function passwordNamesFor(
  user: Pick<PublicUser, "displayName" | "username" | "tenantId" | "familyMemberId" | "residentId">,
): string[] {
  const names = [user.displayName, user.username];
  const community = user.tenantId ? getCommunity(user.tenantId) : undefined;
  if (community) {
    names.push(community.name, community.subdomain);
    const db = getTenantDb(community);
    const family = user.familyMemberId ? getFamilyProfile(db, user.familyMemberId) : null;
    if (family)
      names.push(family.member.name, `${family.resident.firstName} ${family.resident.lastName}`);
    const resident = user.residentId ? getResident(db, user.residentId) : undefined;
    if (resident) names.push(`${resident.firstName} ${resident.lastName}`);
  }
  return names.filter(Boolean);
}

/**
 * A password being chosen, and the same typed again. Parse these schemas with `async: true`;
 * `names` (from passwordNamesFor) are the words the password must not lean on.
 */
const chosenPassword = (missing: string, names: readonly string[]) =>
  z
    .string({ error: missing })
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, "Use at most 200 characters")
    .superRefine(async (password, ctx) => {
      if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) return;
      const problem = await passwordStrengthProblem(password, names);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
const MISMATCH = "The two passwords do not match";

export const passwordSchema = (names: readonly string[] = []) =>
  z
    .object({
      currentPassword: z.string().optional(),
      newPassword: chosenPassword("Choose a new password", names),
      confirmPassword: z.string({ error: "Type the new password again" }),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: MISMATCH,
      path: ["confirmPassword"],
    });
export const PasswordSchema = passwordSchema();

export const acceptInvitationSchema = (names: readonly string[] = []) =>
  z
    .object({
      token: z.string().default(""),
      password: chosenPassword("Choose a password", names),
      confirmPassword: z.string({ error: "Type the password again" }),
    })
    .refine((v) => v.password === v.confirmPassword, {
      message: MISMATCH,
      path: ["confirmPassword"],
    });
export const AcceptInvitationSchema = acceptInvitationSchema();
