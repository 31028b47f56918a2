// The administrator's staff forms (checked on the server only: ADR 010).
import * as z from "zod";
import { COMMUNITY_STAFF_ROLES } from "~/utils/roles";
import { USERNAME_RULE } from "./super-admin-forms.server";

const EMAIL_MESSAGE = "Enter a valid email address, like name@example.com";

const displayName = z.string({ error: "Enter their name" }).trim().min(1, "Enter their name").max(120, "Use at most 120 characters");
const email = z.string({ error: "Enter an email address" }).trim().min(1, "Enter an email address").max(200, "Use at most 200 characters").pipe(z.email({ error: EMAIL_MESSAGE }));
const role = z.enum(COMMUNITY_STAFF_ROLES, { error: "Choose a role: Staff or Administrator" });
const method = z.enum(["link", "password"], { error: "Choose how they sign in the first time" });

export const NewStaffSchema = z.object({
  displayName,
  username: z
    .string({ error: "Enter a username" })
    .trim()
    .toLowerCase()
    .min(2, "Use at least 2 characters")
    .max(40, "Use at most 40 characters")
    .regex(USERNAME_RULE, "Use only letters, digits, dots, hyphens and underscores, starting with a letter or digit"),
  email,
  role,
  method,
});
export type NewStaffValues = z.infer<typeof NewStaffSchema>;

export const EditStaffSchema = z.object({ displayName, email, role });

export const ResetStaffSchema = z.object({ method });
