// Accounts on shared computers and with guessable passwords: a chosen password may not lean on the
// person's names, username or community, whether chosen at /invite or at /password; login-as opens
// only accounts whose owner has chosen a password; a family member is added once per resident,
// however they are added; on the shared staff computer a sign-in ends when the browser closes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { listFamilyOfResident } from "~/models/family.server";
import { createUser } from "~/models/user.server";
import { addFamilyMemberWithInvitation } from "~/models/invitation.server";
import { issueLoginToken } from "~/models/login-token.server";
import { eq } from "drizzle-orm";
import { controlSchema, getControlDb, getTenantDb, type Community } from "~/utils/db.server";
import { NAME_IN_PASSWORD } from "~/utils/password.server";
import { ROLE } from "~/utils/roles";
import { requireUser } from "~/utils/auth.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as inviteRoute from "~/routes/_auth+/invite";
import * as passwordRoute from "~/routes/_auth+/password";
import * as tokenRoute from "~/routes/_auth+/auth.token";
import * as returnRoute from "~/routes/_auth+/auth.return";
import * as loginAsRoute from "~/routes/super-admin+/login-as";
import * as loginAsApi from "~/routes/api+/super-admin.login-as";
import * as usersRoute from "~/routes/super-admin+/users";
import * as communitiesRoute from "~/routes/super-admin+/communities";
import * as familyApi from "~/routes/api+/family-members";
import * as newFamilyRoute from "~/routes/_community+/admin+/families.new";
import { readToast } from "~/utils/toast.server";

let dir: string;
let sunnybrook: Community;
let residentId: string;
const S = "http://sunnybrook.storyloom.localhost:3000";
const MAIN = "http://storyloom.localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });

function userIdOf(username: string) {
  return getControlDb()
    .select()
    .from(controlSchema.users)
    .where(eq(controlSchema.users.username, username))
    .get()!.id;
}

/** A new family member of Margaret's, and their invitation. */
async function invite(name: string, email: string) {
  const added = await addFamilyMemberWithInvitation(
    S,
    getTenantDb(sunnybrook),
    sunnybrook,
    { residentId, name, email },
    null,
  );
  if (!added.added || !added.invitation) throw new Error(`${email} already follows Margaret`);
  return added.invitation;
}

async function signIn(
  username: string,
  password: string,
  fields: Record<string, string> = {},
  origin = S,
) {
  const res = (await loginRoute.action(
    args(post(`${origin}/login`, "", { username, password, ...fields })),
  )) as Response;
  expect(res.status, username).toBe(302);
  return res;
}

beforeAll(async () => {
  dir = useTempDataDir();
  sunnybrook = createCommunity({ name: "Sunnybrook Gardens", subdomain: "sunnybrook" });
  await createUser({
    tenantId: sunnybrook.id,
    username: "linda",
    email: "linda@x.example",
    displayName: "Linda Park",
    role: ROLE.administrator,
    password: "orchard-lantern-password",
  });
  await createUser({
    tenantId: null,
    username: "root",
    email: "root@x.example",
    displayName: "Sam Root",
    role: ROLE.superAdmin,
    password: "root-lantern-password",
  });
  residentId = createResident(getTenantDb(sunnybrook), {
    firstName: "Margaret",
    lastName: "Ellis",
  }).id;
});
afterAll(() => cleanupDataDir(dir));

const NAMED = new RegExp(`^${NAME_IN_PASSWORD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `);

describe("a chosen password may not lean on the person's names, username or community", () => {
  it("is refused at /invite with a message that says why, and a passphrase is taken", async () => {
    const invitation = await invite("Sarah Ellis", "sarah.ellis@x.example");
    expect(invitation.username).toBe("sarah.ellis");
    const token = new URL(invitation.url).searchParams.get("token")!;
    for (const password of [
      "sunnybrook2026",
      "Sunnybrook1!",
      "sarah.ellis1",
      "Margaret-Ellis",
      `${invitation.username}2026`,
    ]) {
      const refused = (await inviteRoute.action(
        args(post(`${S}/invite`, "", { token, password, confirmPassword: password })),
      )) as { result: { error: Record<string, string[]> } };
      expect(refused.result.error.password, password).toEqual([expect.stringMatching(NAMED)]);
    }
    const accepted = (await inviteRoute.action(
      args(
        post(`${S}/invite`, "", {
          token,
          password: "plum-kettle-harbour-9",
          confirmPassword: "plum-kettle-harbour-9",
        }),
      ),
    )) as Response;
    expect(accepted.headers.get("Location")).toBe("/family");
  });

  it("is refused at /password", async () => {
    const cookie = cookiesOf(await signIn("linda", "orchard-lantern-password"));
    for (const password of ["Sunnybrook1!", "linda2026!!", "Linda-Park-2026"]) {
      const refused = (await passwordRoute.action(
        args(
          post(`${S}/password`, cookie, {
            currentPassword: "orchard-lantern-password",
            newPassword: password,
            confirmPassword: password,
          }),
        ),
      )) as { error: Record<string, string[]> };
      expect(refused.error.newPassword, password).toEqual([expect.stringMatching(NAMED)]);
    }
  });
});

describe("login-as opens only accounts whose owner has chosen a password", () => {
  let root: string;
  let tomId: string;
  let newStaffId: string;
  beforeAll(async () => {
    root = cookiesOf(await signIn("root", "root-lantern-password", {}, MAIN));
    // invited, never accepted: no password
    tomId = userIdOf((await invite("Tom Ellis", "tom@x.example")).username);
    newStaffId = (
      await createUser({
        tenantId: sunnybrook.id,
        username: "newstaff",
        email: "new@x.example",
        displayName: "New Staff",
        role: ROLE.staff,
      })
    ).id;
  });

  async function askLoginAs(userId: string) {
    return (await loginAsRoute.action(
      args(post(`${MAIN}/super-admin/login-as`, root, { userId, back: "/super-admin/users" })),
    )) as Response;
  }

  it("refuses an invitation not yet accepted, saying why, from the screen and from the API", async () => {
    for (const userId of [tomId, newStaffId]) {
      const res = await askLoginAs(userId);
      expect(res.headers.get("Location")).toBe("/super-admin/users");
      const { toast } = await readToast(new Request(MAIN, { headers: { Cookie: cookiesOf(res) } }));
      expect(toast).toMatchObject({
        type: "error",
        title: "Login failed",
        description: expect.stringMatching(
          /^(tom|newstaff) has not accepted their invitation yet\. Login as User works once they have chosen a password\.$/,
        ),
      });
    }
    const api = (await loginAsApi.action(
      args(
        new Request(`${MAIN}/api/super-admin/login-as`, {
          method: "POST",
          body: JSON.stringify({ userId: tomId }),
          headers: { Cookie: root, "Content-Type": "application/json" },
        }),
      ),
    )) as Response;
    expect(api.status).toBe(409);
    expect(await api.text()).toMatch(/has not accepted their invitation yet/);
    // no link was made, so nothing was audited as requested
    expect(
      getControlDb()
        .select()
        .from(controlSchema.loginTokens)
        .where(eq(controlSchema.loginTokens.purpose, "impersonate"))
        .all(),
    ).toHaveLength(0);
  });

  it("the lists show the button only for accounts that can be logged in as", async () => {
    const users = (await usersRoute.loader(
      args(new Request(`${MAIN}/super-admin/users`, { headers: { Cookie: root } })),
    )) as { users: { username: string; canLoginAs: boolean }[] };
    const can = Object.fromEntries(users.users.map((u) => [u.username, u.canLoginAs]));
    expect(can).toMatchObject({
      linda: true,
      "sarah.ellis": true,
      tom: false,
      newstaff: false,
      root: false,
    });
    const communities = (await communitiesRoute.loader(
      args(new Request(`${MAIN}/super-admin/communities`, { headers: { Cookie: root } })),
    )) as { communities: { staff: { username: string; canLoginAs: boolean }[] }[] };
    expect(
      Object.fromEntries(communities.communities[0]!.staff.map((u) => [u.username, u.canLoginAs])),
    ).toEqual({ linda: true, newstaff: false });
  });

  it("a login-as link for an account without a password does not open it, however it was made", async () => {
    const token = await issueLoginToken({
      userId: tomId,
      tenantId: sunnybrook.id,
      purpose: "impersonate",
      createdByUserId: userIdOf("root"),
      ttlMs: 60_000,
    });
    const redeemed = await tokenRoute.action(args(post(`${S}/auth/token`, "", { token })));
    expect(redeemed).toEqual({
      ok: false,
      reason:
        "tom has not accepted their invitation yet. Login as User works once they have chosen a password.",
      token: "",
    });
    expect(
      getControlDb()
        .select()
        .from(controlSchema.sessions)
        .where(eq(controlSchema.sessions.userId, tomId))
        .all(),
    ).toHaveLength(0);
  });
});

describe("adding a family member who already follows the resident", () => {
  let linda: string;
  beforeAll(async () => {
    linda = cookiesOf(await signIn("linda", "orchard-lantern-password"));
  });

  async function postFamily(fields: Record<string, unknown>) {
    return (await familyApi.action(
      args(
        new Request(`${S}/api/family-members`, {
          method: "POST",
          body: JSON.stringify(fields),
          headers: { Cookie: linda, "Content-Type": "application/json" },
        }),
      ),
    )) as Response;
  }

  const accountsOf = (email: string) =>
    getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.email, email))
      .all();

  it("the API answers 200 with the one who is there, and adds no copy", async () => {
    const fields = {
      residentId,
      name: "Ruth Ellis",
      email: "ruth@x.example",
      relationship: "Niece",
    };
    const first = await postFamily(fields);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string; invitation: { url: string } };
    expect(created.invitation.url).toMatch(/\/invite\?token=/);

    const again = await postFamily({ ...fields, name: "Ruth E.", email: " RUTH@x.example " });
    expect(again.status).toBe(200);
    const existing = (await again.json()) as Record<string, unknown>;
    expect(existing).toMatchObject({
      id: created.id,
      name: "Ruth Ellis",
      email: "ruth@x.example",
      resident: { id: residentId, firstName: "Margaret" },
      signIn: { username: "ruth", status: "invited" },
    });
    expect(existing).not.toHaveProperty("invitation");
    const ruths = listFamilyOfResident(getTenantDb(sunnybrook), residentId).filter((m) =>
      m.email.toLowerCase().includes("ruth"),
    );
    expect(ruths).toHaveLength(1);
    expect(accountsOf("ruth@x.example")).toHaveLength(1);
  });

  it("says when the one who is there has accepted, and the screen offers the same person", async () => {
    // Sarah accepted her invitation in the first test
    const again = await postFamily({
      residentId,
      name: "Sarah Ellis",
      email: "sarah.ellis@x.example",
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      name: "Sarah Ellis",
      signIn: { username: "sarah.ellis", status: "active" },
    });
    const screen = (await newFamilyRoute.action(
      args(
        post(`${S}/admin/families/new`, linda, {
          residentId,
          name: "Sarah Ellis",
          email: "Sarah.Ellis@x.example",
        }),
      ),
    )) as { existing: { name: string; resident: string; accepted: boolean; username: string } };
    expect(screen.existing).toMatchObject({
      name: "Sarah Ellis",
      resident: "Margaret Ellis",
      accepted: true,
      username: "sarah.ellis",
    });
    expect(accountsOf("sarah.ellis@x.example")).toHaveLength(1);
  });

  it("another resident's family member with the same email is a new member", async () => {
    const other = createResident(getTenantDb(sunnybrook), {
      firstName: "Walter",
      lastName: "Ellis",
    });
    const res = await postFamily({
      residentId: other.id,
      name: "Ruth Ellis",
      email: "ruth@x.example",
    });
    expect(res.status).toBe(201);
  });
});

describe("staff sign-ins end when the browser closes, unless kept on this device", () => {
  beforeAll(async () => {
    await createUser({
      tenantId: sunnybrook.id,
      username: "sol",
      email: "sol@x.example",
      displayName: "Sol Staff",
      role: ROLE.staff,
      password: "orchard-lantern-password",
    });
    await createUser({
      tenantId: sunnybrook.id,
      username: "fran",
      email: "fran@x.example",
      displayName: "Fran Family",
      role: ROLE.family,
      password: "orchard-lantern-password",
    });
  });

  const sessionCookieOf = (res: Response) =>
    res.headers.getSetCookie().find((c) => c.startsWith("storyloom_session="))!;
  const lifetimeOf = (setCookie: string) => {
    const expires = /; Expires=([^;]+)/i.exec(setCookie)?.[1];
    return expires ? Date.parse(expires) - Date.now() : null;
  };
  const HOUR = 3600_000;

  it("staff, administrators and super admins get a cookie without Expires or Max-Age", async () => {
    for (const [username, origin] of [
      ["sol", S],
      ["linda", S],
      ["root", MAIN],
    ] as const) {
      const password = username === "root" ? "root-lantern-password" : "orchard-lantern-password";
      const cookie = sessionCookieOf(await signIn(username, password, {}, origin));
      expect(cookie, username).toBeTruthy();
      expect(cookie, username).not.toMatch(/Expires=|Max-Age=/i);
      // the session still works, and the server's own limits still apply to it
      const res = await signIn(username, password, {}, origin);
      const user = await requireUser(
        new Request(`${origin}/`, { headers: { Cookie: cookiesOf(res) } }),
      );
      expect(user.username).toBe(username);
      const row = getControlDb()
        .select()
        .from(controlSchema.sessions)
        .where(eq(controlSchema.sessions.id, user.sessionId))
        .get()!;
      expect(Date.parse(row.expiresAt) - Date.now()).toBeGreaterThan(11.9 * HOUR);
      expect(Date.parse(row.expiresAt) - Date.now()).toBeLessThanOrEqual(12 * HOUR + 5_000);
    }
  });

  it("with the box ticked, the cookie lasts as long as the session (12 hours)", async () => {
    for (const username of ["sol", "linda"]) {
      const cookie = sessionCookieOf(
        await signIn(username, "orchard-lantern-password", { keepSignedIn: "on" }),
      );
      const lifetime = lifetimeOf(cookie);
      expect(lifetime, username).toBeGreaterThan(11.9 * HOUR);
      expect(lifetime, username).toBeLessThanOrEqual(12 * HOUR + 5_000);
    }
  });

  it("a family member's cookie keeps its long life, box or not", async () => {
    for (const fields of [{}, { keepSignedIn: "on" }] as Record<string, string>[]) {
      const lifetime = lifetimeOf(
        sessionCookieOf(await signIn("fran", "orchard-lantern-password", fields)),
      );
      expect(lifetime).toBeGreaterThan(29.9 * 24 * HOUR);
    }
  });

  it("a login-as session ends with the browser too, and so does the super admin's on return", async () => {
    const root = cookiesOf(await signIn("root", "root-lantern-password", {}, S));
    const asked = (await loginAsRoute.action(
      args(
        post(`${S}/super-admin/login-as`, root, {
          userId: userIdOf("fran"),
          back: "/super-admin/users",
        }),
      ),
    )) as Response;
    const token = new URL(asked.headers.get("Location")!).searchParams.get("token")!;
    const redeemed = (await tokenRoute.action(
      args(post(`${S}/auth/token`, root, { token })),
    )) as Response;
    expect(redeemed.headers.get("Location")).toBe("/family");
    expect(sessionCookieOf(redeemed)).not.toMatch(/Expires=|Max-Age=/i);
    const back = (await returnRoute.action(
      args(post(`${S}/auth/return`, cookiesOf(redeemed), {})),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/super-admin/users");
    expect(sessionCookieOf(back)).not.toMatch(/Expires=|Max-Age=/i);
  });
});
