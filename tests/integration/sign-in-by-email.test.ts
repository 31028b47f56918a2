// Signing in with an email address instead of a username, through the login route: in any letters'
// case, only for the accounts of the community whose site it is (super admins on the marketing
// site); an address that two accounts share signs into neither and says to use the username; the
// attempts are counted by the text in lowercase. And the invitation link used already: home for the
// person it was for when she is signed in, a page that says to sign in for anyone else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createFamilyMember } from "~/models/family.server";
import { createUser } from "~/models/user.server";
import { acceptInvitation, checkInvitation, issueInviteLink } from "~/models/invitation.server";
import { getTenantDb, type Community } from "~/utils/db.server";
import { resolveHost } from "~/utils/host.server";
import { readToast } from "~/utils/toast.server";
import { SIGN_IN_LIMITS } from "~/utils/sign-in-attempts.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as inviteRoute from "~/routes/_auth+/invite";

let dir: string;
let alpha: Community;
let bravo: Community;
let residentId: string;
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
const M = "http://storyloom.localhost:3000";

let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test never holds another. */
const newIp = () => `10.9.0.${++ipCounter}`;

function cookiesOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function login(origin: string, username: string, password: string, ip = newIp()) {
  const request = new Request(`${origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password, redirectTo: "" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-real-ip": ip },
  });
  try {
    return (await loginRoute.action({ request, params: {}, context: {} })) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

/** The sentence a refused sign-in shows. */
function refusal(res: unknown): string {
  expect(res).not.toBeInstanceOf(Response);
  return JSON.stringify((res as { error?: unknown }).error ?? res);
}

let n = 0;
/** A family member of Rose in `community` (with a password unless `invited`). */
async function familyMember(
  community: Community,
  email: string,
  opts: { password?: string; username?: string } = {},
) {
  n++;
  const resident =
    community.id === alpha.id
      ? residentId
      : createResident(getTenantDb(community), { firstName: "Ada", lastName: `Lee${n}` }).id;
  const member = createFamilyMember(getTenantDb(community), {
    residentId: resident,
    name: `Kin ${n} Hill`,
    email,
    relationship: "Daughter",
  });
  return createUser({
    tenantId: community.id,
    username: opts.username ?? `kin${n}`,
    email,
    displayName: member.name,
    role: "family",
    familyMemberId: member.id,
    ...(opts.password ? { password: opts.password } : {}),
  });
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  bravo = createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  residentId = createResident(getTenantDb(alpha), { firstName: "Rose", lastName: "Hill" }).id;
  await createUser({
    tenantId: null,
    username: "root",
    email: "Root@Ops.example",
    displayName: "Root",
    role: "super_admin",
    password: "root-password-long",
  });
});
afterAll(() => cleanupDataDir(dir));

describe("signing in with an email address", () => {
  it("signs her in with her email in any letters' case, as with her username", async () => {
    await familyMember(alpha, "Sarah.Ellis@Family.example", {
      username: "sarah.ellis",
      password: "sarah-password-1",
    });
    for (const typed of [
      "SARAH.ELLIS@FAMILY.EXAMPLE",
      "sarah.ellis@family.example",
      "  Sarah.Ellis@family.EXAMPLE ",
      "sarah.ellis",
    ]) {
      const res = (await login(A, typed, "sarah-password-1")) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/family");
      expect(cookiesOf(res)).toMatch(/storyloom_session=/);
    }
    // a wrong password, typed with an email, says "email address"
    expect(refusal(await login(A, "sarah.ellis@family.example", "wrong-password"))).toMatch(
      /That email address and password do not match/,
    );
  });

  it("refuses an email two accounts share, telling her to use her username", async () => {
    const one = await familyMember(alpha, "shared@family.example", {
      password: "first-account-pw",
    });
    const two = await familyMember(alpha, "Shared@Family.example", {
      password: "second-account-pw",
    });
    for (const password of ["first-account-pw", "second-account-pw"]) {
      const res = await login(A, "SHARED@family.example", password);
      const text = refusal(res);
      expect(text).toMatch(/belongs to more than one account/);
      expect(text).toMatch(/sign in with your username/);
      expect(text).toMatch(/Forgot your username or password\?/);
    }
    // without a right password it says no more than "do not match"
    const stranger = refusal(await login(A, "shared@family.example", "guessing-here"));
    expect(stranger).toMatch(/do not match/);
    expect(stranger).not.toMatch(/more than one account/);
    // each username still signs into its own account
    for (const [user, password] of [
      [one, "first-account-pw"],
      [two, "second-account-pw"],
    ] as const) {
      const res = (await login(A, user.username, password)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/family");
    }
  });

  it("an account still invited does not make an email shared", async () => {
    await familyMember(alpha, "solo@family.example", { password: "solo-password-1" });
    await familyMember(alpha, "solo@family.example");
    const res = (await login(A, "Solo@family.example", "solo-password-1")) as Response;
    expect(res.status).toBe(302);
  });

  it("refuses another community's email, and a member's email on the marketing site", async () => {
    await familyMember(bravo, "bea@bravo.example", { password: "bea-password-12" });
    expect(refusal(await login(A, "bea@bravo.example", "bea-password-12"))).toMatch(/do not match/);
    expect(((await login(B, "BEA@bravo.example", "bea-password-12")) as Response).status).toBe(302);
    expect(refusal(await login(M, "bea@bravo.example", "bea-password-12"))).toMatch(/do not match/);
    // a super admin signs in with hers on the marketing site
    const root = (await login(M, "root@ops.EXAMPLE", "root-password-long")) as Response;
    expect(root.status).toBe(302);
    expect(root.headers.get("Location")).toBe("/super-admin");
  });

  it("counts the attempts by the text in lowercase: other cases share the limit", async () => {
    await familyMember(alpha, "rate@family.example", {
      username: "rate.kin",
      password: "rate-password-1",
    });
    const ip = newIp();
    const cases = ["RATE@FAMILY.EXAMPLE", "rate@family.example", "Rate@Family.Example"];
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress; i++)
      refusal(await login(A, cases[i % cases.length]!, `wrong-${i}`, ip));
    // the right password, in yet another case, and by username: held too
    const held = (await login(A, "rATE@family.example", "rate-password-1", ip)) as Response;
    expect(held).toBeInstanceOf(Response);
    expect(held.status).toBe(429);
    expect(((await login(A, "rate.kin", "rate-password-1", ip)) as Response).status).toBe(429);

    // an unknown address too, whatever its case
    const ip2 = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress; i++)
      refusal(await login(A, i % 2 ? "GHOST@nowhere.example" : "ghost@nowhere.example", "x", ip2));
    expect(((await login(A, "Ghost@Nowhere.Example", "x", ip2)) as Response).status).toBe(429);
  });
});

describe("an invitation link used already", () => {
  async function acceptedInvitation() {
    const user = await familyMember(alpha, `kin.invited${n + 1}@family.example`);
    const invite = await issueInviteLink(A, user, null, "Kin");
    const host = resolveHost(new Request(`${A}/invite`));
    const accepted = await acceptInvitation(host, invite.token, "kin-chosen-password");
    expect(accepted.ok).toBe(true);
    return { user, invite, host };
  }
  const open = (url: string, cookie?: string) =>
    inviteRoute.loader({
      request: new Request(url, cookie ? { headers: { Cookie: cookie } } : {}),
      params: {},
      context: {},
    });

  it("says it was accepted, naming who, and is no longer usable", async () => {
    const { user, invite, host } = await acceptedInvitation();
    expect(checkInvitation(host, invite.token)).toEqual({
      ok: false,
      reason: expect.stringContaining("auth:invite.accepted"),
      acceptedBy: user.id,
    });
  });

  it("sends her home with a toast when she is the one signed in", async () => {
    const { user, invite } = await acceptedInvitation();
    const signedIn = (await login(A, user.email, "kin-chosen-password")) as Response;
    let thrown: unknown;
    try {
      await open(invite.url, cookiesOf(signedIn));
    } catch (error) {
      thrown = error;
    }
    const res = thrown as Response;
    expect(res).toBeInstanceOf(Response);
    expect(res.headers.get("Location")).toBe("/family");
    const { toast } = await readToast(new Request(A, { headers: { Cookie: cookiesOf(res) } }));
    expect(toast?.title).toBe("You have already accepted this invitation");
  });

  it("tells anyone else it was accepted and to sign in with username or email", async () => {
    const { invite } = await acceptedInvitation();
    expect(await open(invite.url)).toMatchObject({
      ok: false,
      accepted: true,
      signedIn: null,
      reason: "This invitation has already been accepted.",
    });
    // someone else signed in on this browser: told who, and offered the way home
    const other = await acceptedInvitation();
    const cookie = cookiesOf(
      (await login(A, other.user.username, "kin-chosen-password")) as Response,
    );
    expect(await open(invite.url, cookie)).toMatchObject({
      accepted: true,
      signedIn: { name: other.user.displayName, home: "/family" },
    });
  });

  it("keeps a revoked link's own message", async () => {
    const user = await familyMember(alpha, `kin.revoked${n + 1}@family.example`);
    const first = await issueInviteLink(A, user, null, "Kin");
    await issueInviteLink(A, user, null, "Kin");
    expect(await open(first.url)).toMatchObject({
      ok: false,
      accepted: false,
      reason: expect.stringMatching(/replaced by a newer one or revoked/),
    });
  });
});
