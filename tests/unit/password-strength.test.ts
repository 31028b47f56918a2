import { describe, expect, it } from "vitest";
import { NAME_IN_PASSWORD, passwordStrengthProblem } from "~/utils/password.server";
import {
  AcceptInvitationSchema,
  acceptInvitationSchema,
  PasswordSchema,
  passwordSchema,
} from "~/models/account-forms.server";

// a family member, the resident she follows, and their community
const SARAH = ["Sarah Ellis", "sarah.ellis", "Margaret Ellis", "Sunnybrook Gardens", "sunnybrook"];
const NAMED = `${NAME_IN_PASSWORD} Please choose another: three or four words that only you would put together, like a line from a favourite song.`;

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

  it("refuses passwords made of the person's names, username or community, saying so", async () => {
    for (const weak of [
      "sunnybrook2026",
      "Sunnybrook1!",
      "sarah.ellis1",
      "Margaret-Ellis",
      "sarah.ellis2026",
      "SarahEllis2026",
      "Sunnybrook-Gardens-2026!",
      "ellis-sunnybrook",
      "Sunnybr00k2026",
      "Zoë-Ellis-1",
    ])
      expect(await passwordStrengthProblem(weak, [...SARAH, "Zoe Ellis"]), weak).toBe(NAMED);
    // the same passwords without the names to weigh them against: the estimator alone lets most by
    expect(await passwordStrengthProblem("sunnybrook2026")).toBeNull();
    expect(await passwordStrengthProblem("Margaret-Ellis")).toBeNull();
    // a staff member's username with the year
    expect(
      await passwordStrengthProblem("marcus.webb2026", [
        "Marcus Webb",
        "marcus.webb",
        "Alpha House",
        "alpha",
      ]),
    ).toBe(NAMED);
  });

  it("accepts a strong passphrase that has a name in it, and passphrases without one", async () => {
    for (const ok of [
      "plum-kettle-harbour-9",
      "grandma's garden in 1947",
      "sarah plum kettle harbour",
      "ellis-plum-kettle-harbour",
    ])
      expect(await passwordStrengthProblem(ok, SARAH), ok).toBeNull();
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
    // with the person's names, their chosen password may not lean on them
    const named = await acceptInvitationSchema(SARAH).safeParseAsync({
      token: "t",
      password: "sarah.ellis1",
      confirmPassword: "sarah.ellis1",
    });
    expect(named.error?.issues.map((i) => [i.path, i.message])).toEqual([[["password"], NAMED]]);
    const changed = await passwordSchema(SARAH).safeParseAsync({
      newPassword: "Sunnybrook1!",
      confirmPassword: "Sunnybrook1!",
    });
    expect(changed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["newPassword"], NAMED],
    ]);
    // too short says so, and only that
    const short = await PasswordSchema.safeParseAsync({
      newPassword: "aaa",
      confirmPassword: "aaa",
    });
    expect(short.error?.issues.map((i) => i.message)).toEqual(["Use at least 10 characters"]);
  });
});
