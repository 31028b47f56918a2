// The account forms' rules: sign-in, changing a password, accepting an invitation. Checked on the
// server only (the browser gets the messages back from the action: ADR 010).
import * as z from "zod";
import { MIN_PASSWORD_LENGTH } from "~/utils/password-rules";
import { passwordStrengthProblem } from "~/utils/password.server";

export const LoginSchema = z.object({
  username: z.string({ error: "Enter your username" }).trim().min(1, "Enter your username").max(100),
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
  redirectTo: z.string().optional(),
});

/** A password being chosen, and the same typed again. Parse these schemas with `async: true`. */
const chosenPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, "Use at most 200 characters")
    .superRefine(async (password, ctx) => {
      if (password.length < MIN_PASSWORD_LENGTH || password.length > 200) return;
      const problem = await passwordStrengthProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
const MISMATCH = "The two passwords do not match";

export const PasswordSchema = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: chosenPassword("Choose a new password"),
    confirmPassword: z.string({ error: "Type the new password again" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });

export const AcceptInvitationSchema = z
  .object({
    token: z.string().default(""),
    password: chosenPassword("Choose a password"),
    confirmPassword: z.string({ error: "Type the password again" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });
