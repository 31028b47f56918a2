// The account forms' rules: sign-in, changing a password, accepting an invitation. Checked on the
// server only (the browser gets the messages back from the action: ADR 010). The sign-in form's
// messages are catalog keys (msg), translated where they are shown; the password forms are built
// for each request, with the person's names and the reader's translator (English when none is
// given), so their messages are text in the reader's language.
import * as z from "zod";
import { DEFAULT_LANGUAGE, msg, type T } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";
import type { PublicUser } from "~/utils/accounts.server";
import { getTenantDb } from "~/utils/db.server";
import { MIN_PASSWORD_LENGTH } from "~/utils/password-rules";
import { passwordStrengthProblem } from "~/utils/password.server";
import { getCommunity } from "./community.server";
import { getFamilyProfile } from "./family.server";
import { getResident } from "./resident.server";
import { linksOfAccount } from "./family-links.server";
import { ROLE } from "~/utils/roles";

export const LoginSchema = z.object({
  username: z
    .string({ error: msg("auth:login.usernameRequired") })
    .trim()
    .min(1, msg("auth:login.usernameRequired"))
    .max(100, msg("auth:form.tooLong", { max: 100 })),
  password: z
    .string({ error: msg("auth:login.passwordRequired") })
    .min(1, msg("auth:login.passwordRequired"))
    .max(200, msg("auth:form.tooLong", { max: 200 })),
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
  user: Pick<PublicUser, "id" | "role" | "displayName" | "username" | "tenantId" | "residentId">,
): string[] {
  const names = [user.displayName, user.username];
  const community = user.tenantId ? getCommunity(user.tenantId) : undefined;
  if (community) {
    names.push(community.name, community.subdomain);
    const db = getTenantDb(community);
    // every resident a family account follows, and her own name on each record
    const links = user.role === ROLE.family ? linksOfAccount(community.id, user.id) : [];
    for (const link of links) {
      const family = getFamilyProfile(db, link.familyMemberId);
      if (family)
        names.push(family.member.name, `${family.resident.firstName} ${family.resident.lastName}`);
    }
    const resident = user.residentId ? getResident(db, user.residentId) : undefined;
    if (resident) names.push(`${resident.firstName} ${resident.lastName}`);
  }
  return names.filter(Boolean);
}

/**
 * A password being chosen, and the same typed again. Parse these schemas with `async: true`;
 * `names` (from passwordNamesFor) are the words the password must not lean on.
 */
const chosenPassword = (missing: string, names: readonly string[], t: T) =>
  z
    .string({ error: missing })
    .min(MIN_PASSWORD_LENGTH, t("password.tooShort", { min: MIN_PASSWORD_LENGTH }))
    .max(200, t("form.tooLong", { max: 200 }))
    .superRefine(async (password, ctx) => {
      if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) return;
      const problem = await passwordStrengthProblem(password, names, t);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** The translator a schema is built with when the caller gives none. */
const english = () => translator(DEFAULT_LANGUAGE, "auth");

export const passwordSchema = (names: readonly string[] = [], t: T = english()) =>
  z
    .object({
      currentPassword: z.string().optional(),
      newPassword: chosenPassword(t("password.newRequired"), names, t),
      confirmPassword: z.string({ error: t("password.newAgainRequired") }),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: t("password.mismatch"),
      path: ["confirmPassword"],
    });
export const PasswordSchema = passwordSchema();

export const acceptInvitationSchema = (names: readonly string[] = [], t: T = english()) =>
  z
    .object({
      token: z.string().default(""),
      password: chosenPassword(t("password.required"), names, t),
      confirmPassword: z.string({ error: t("password.againRequired") }),
    })
    .refine((v) => v.password === v.confirmPassword, {
      message: t("password.mismatch"),
      path: ["confirmPassword"],
    });
export const AcceptInvitationSchema = acceptInvitationSchema();
