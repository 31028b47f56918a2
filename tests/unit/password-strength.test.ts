import { describe, expect, it } from "vitest";
import { passwordStrengthProblem } from "~/utils/password.server";
import { AcceptInvitationSchema, PasswordSchema } from "~/models/account-forms.server";

describe("password strength (zxcvbn-ts with its common-passwords list)", () => {
  it("refuses guessable passwords that are long enough, saying what to do", async () => {
    expect(await passwordStrengthProblem("aaaaaaaaaa")).toBe(
      'Repeated characters like "aaa" are easy to guess. Please choose another: three or four words that only you would put together, like a line from a favourite song.',
    );
    expect(await passwordStrengthProblem("password123")).toMatch(
      /^This is a commonly used password\. Please choose another/,
    );
    expect(await passwordStrengthProblem("qwertyuiop")).toMatch(/Please choose another/);
    expect(await passwordStrengthProblem("1234567890")).toMatch(/Please choose another/);
  });

  it("accepts passphrases", async () => {
    for (const ok of [
      "plum-kettle-harbour-9",
      "grandma's garden in 1947",
      "a-brand-new-pass",
      "nell-chosen-password",
    ])
      expect(await passwordStrengthProblem(ok), ok).toBeNull();
  });

  it("weighs only the first 64 characters (the estimator's time grows with length)", async () => {
    // what comes after the 64th character is not looked at, however strong it is
    expect(
      await passwordStrengthProblem("a".repeat(64) + " plum-kettle-harbour-9 and more words"),
    ).toMatch(/Repeated characters/);
    expect(await passwordStrengthProblem("plum-kettle-harbour-9 ".repeat(10))).toBeNull();
  }, 30_000);

  it("is part of the chosen-password forms (/password, /invite)", async () => {
    const weak = await PasswordSchema.safeParseAsync({
      currentPassword: "x",
      newPassword: "aaaaaaaaaa",
      confirmPassword: "aaaaaaaaaa",
    });
    expect(weak.success).toBe(false);
    expect(weak.error?.issues[0]?.path).toEqual(["newPassword"]);
    const invite = await AcceptInvitationSchema.safeParseAsync({
      token: "t",
      password: "password1234",
      confirmPassword: "password1234",
    });
    expect(invite.success).toBe(false);
    expect(
      (
        await AcceptInvitationSchema.safeParseAsync({
          token: "t",
          password: "plum-kettle-harbour-9",
          confirmPassword: "plum-kettle-harbour-9",
        })
      ).success,
    ).toBe(true);
    // too short says so, and only that
    const short = await PasswordSchema.safeParseAsync({
      newPassword: "aaa",
      confirmPassword: "aaa",
    });
    expect(short.error?.issues.map((i) => i.message)).toEqual(["Use at least 10 characters"]);
  });
});
