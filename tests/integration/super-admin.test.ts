import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  createCommunity,
  getCommunityBySubdomain,
  listCommunities,
} from "~/models/community.server";
import { createUser, getUserById, listStaffOfCommunity } from "~/models/user.server";
import { listAuditLog } from "~/models/audit.server";
import { controlSchema, getControlDb, tenantDbFile, tenantDir } from "~/utils/db.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as indexRoute from "~/routes/_index";
import * as tokenRoute from "~/routes/_auth+/auth.token";
import * as devLoginApi from "~/routes/api+/dev.login";
import * as tenantsApi from "~/routes/api+/super-admin.tenants";
import * as usersApi from "~/routes/api+/super-admin.users";
import * as staffApi from "~/routes/api+/super-admin.staff";
import * as loginAsApi from "~/routes/api+/super-admin.login-as";
import * as communitiesScreen from "~/routes/super-admin+/communities";
import * as usersScreen from "~/routes/super-admin+/users";
import * as loginAsScreen from "~/routes/super-admin+/login-as";
import * as layout from "~/routes/super-admin+/_layout";

const MARKETING = "http://storyloom.localhost:3000";
const site = (sub: string) => `http://${sub}.storyloom.localhost:3000`;

let dir: string;
let rootCookie: string;
let aliceCookie: string;
let alphaId: string;

async function call<T = unknown>(fn: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const args = (request: Request) => ({ request, params: {}, context: {} });
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function login(origin: string, username: string, password: string) {
  const body = new URLSearchParams({ username, password });
  return call(() =>
    loginRoute.action(args(new Request(`${origin}/login`, { method: "POST", body }))),
  );
}
async function cookieFor(origin: string, username: string, password: string) {
  const res = await login(origin, username, password);
  if (!(res instanceof Response) || res.status !== 302)
    throw new Error(`sign-in of ${username} failed`);
  return cookieOf(res);
}

function json(url: string, method: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Request(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
function form(url: string, cookie: string, fields: Record<string, string>) {
  return new Request(url, {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

const tenantFiles = () => (fs.existsSync(tenantDir()) ? fs.readdirSync(tenantDir()).sort() : []);

beforeAll(async () => {
  // login-as is for production: it must work with development login switched off
  dir = useTempDataDir({ DEV_LOGIN: "0" });
  const alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  alphaId = alpha.id;
  await createUser({
    tenantId: null,
    username: "root",
    email: "root@x.example",
    displayName: "Root",
    role: "super_admin",
    password: "super-password",
  });
  await createUser({
    tenantId: alpha.id,
    username: "alice",
    email: "alice@x.example",
    displayName: "Alice Admin",
    role: "administrator",
    password: "alice-password",
  });
  await createUser({
    tenantId: alpha.id,
    username: "rita",
    email: "rita@x.example",
    displayName: "Rita Resident",
    role: "resident",
    password: "rita-password",
  });
  rootCookie = await cookieFor(MARKETING, "root", "super-password");
  aliceCookie = await cookieFor(site("alpha"), "alice", "alice-password");
});
afterAll(() => cleanupDataDir(dir));

describe("who may use the console and its API", () => {
  const apiCalls = (cookie: string | null, origin: string) => [
    () => tenantsApi.loader(args(json(`${origin}/api/super-admin/tenants`, "GET", cookie))),
    () =>
      tenantsApi.action(
        args(
          json(`${origin}/api/super-admin/tenants`, "POST", cookie, {
            name: "X Place",
            subdomain: "x-place",
          }),
        ),
      ),
    () => usersApi.loader(args(json(`${origin}/api/super-admin/users`, "GET", cookie))),
    () =>
      staffApi.action(
        args(
          json(`${origin}/api/super-admin/staff`, "POST", cookie, {
            tenantId: alphaId,
            username: "xx",
            email: "x@x.example",
            role: "staff",
          }),
        ),
      ),
    () =>
      loginAsApi.action(
        args(json(`${origin}/api/super-admin/login-as`, "POST", cookie, { userId: "whoever" })),
      ),
  ];

  it("answers 401 to the signed-out and 403 to a community administrator, creating nothing", async () => {
    const before = {
      communities: listCommunities().length,
      users: getControlDb().select().from(controlSchema.users).all().length,
    };
    for (const fn of apiCalls(null, MARKETING))
      expect(((await call(fn)) as Response).status).toBe(401);
    for (const fn of apiCalls(aliceCookie, site("alpha")))
      expect(((await call(fn)) as Response).status).toBe(403);
    expect(listCommunities().length).toBe(before.communities);
    expect(getControlDb().select().from(controlSchema.users).all().length).toBe(before.users);
    expect(fs.existsSync(tenantDbFile("x-place"))).toBe(false);
  });

  it("refuses the screens to anyone but a super admin, on any host", async () => {
    const signedOut = (await call(() =>
      layout.loader(args(new Request(`${MARKETING}/super-admin`))),
    )) as Response;
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fsuper-admin/);
    const admin = (await call(() =>
      communitiesScreen.action(
        args(
          form(`${site("alpha")}/super-admin/communities`, aliceCookie, {
            intent: "create",
            name: "Nope",
            subdomain: "nope-place",
          }),
        ),
      ),
    )) as Response;
    expect(admin.status).toBe(403);
    expect(getCommunityBySubdomain("nope-place")).toBeUndefined();
    expect(
      await call(() =>
        layout.loader(
          args(new Request(`${MARKETING}/super-admin`, { headers: { Cookie: rootCookie } })),
        ),
      ),
    ).toBeNull();
  });
});

describe("creating a community", () => {
  it("registers it and creates and migrates its database, so its site works at once", async () => {
    const res = (await tenantsApi.action(
      args(
        json(`${MARKETING}/api/super-admin/tenants`, "POST", rootCookie, {
          name: "Birch Court",
          subdomain: "birch-court",
          address: "1 Elm St",
          city: "Salem",
          phone: null,
          email: "",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      name: "Birch Court",
      subdomain: "birch-court",
      city: "Salem",
      phone: null,
      email: null,
      isActive: true,
    });
    expect(fs.existsSync(tenantDbFile("birch-court"))).toBe(true);
    const home = (await call(() =>
      indexRoute.loader(args(new Request(`${site("birch-court")}/`))),
    )) as Response;
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toMatch(/^\/login/);
    expect(await loginRoute.loader(args(new Request(`${site("birch-court")}/login`)))).toEqual({
      where: "Birch Court",
    });
    const list = (await (
      await tenantsApi.loader(args(json(`${MARKETING}/api/super-admin/tenants`, "GET", rootCookie)))
    ).json()) as { subdomain: string }[];
    expect(list.map((t) => t.subdomain)).toContain("birch-court");
  });

  it("refuses a taken, reserved or badly written subdomain and a bad email, leaving nothing behind", async () => {
    const filesBefore = tenantFiles();
    const countBefore = listCommunities().length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: "Again", subdomain: "alpha" }, "subdomain", /already taken/],
      [{ name: "Reserved", subdomain: "admin" }, "subdomain", /reserved/],
      [
        { name: "Bad", subdomain: "bad_name!" },
        "subdomain",
        /lowercase letters, digits and hyphens/,
      ],
      [{ name: "Short", subdomain: "ab" }, "subdomain", /3 to 40/],
      [{ name: "Mail", subdomain: "fresh-mail", email: "not-an-email" }, "email", /valid email/],
      [{ subdomain: "no-name" }, "name", /name/],
      // a name already used, with other case and accents, is told apart by nobody
      [
        { name: "alpha  HOUSE", subdomain: "alpha-two" },
        "name",
        /named Alpha House already exists/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = (await call(() =>
        tenantsApi.action(
          args(json(`${MARKETING}/api/super-admin/tenants`, "POST", rootCookie, body)),
        ),
      )) as Response;
      expect(res.status, JSON.stringify(body)).toBe(400);
      const payload = (await res.json()) as { fieldErrors: Record<string, string[]> };
      expect(payload.fieldErrors[field]?.join(" "), JSON.stringify(body)).toMatch(message);
    }
    // the screen refuses the same way, with the same fixed words and the field's reason
    for (const [fields, message] of [
      [{ intent: "create", name: "Again", subdomain: "alpha" }, /already taken/],
      [{ intent: "create", name: "Mail", subdomain: "fresh-mail", email: "nope" }, /valid email/],
      [
        { intent: "create", name: "Bad", subdomain: "Bad Name", email: "also-bad" },
        /lowercase letters/,
      ],
    ] as const) {
      const reply = await communitiesScreen.action(
        args(form(`${MARKETING}/super-admin/communities?dialog=create`, rootCookie, fields)),
      );
      expect(reply).not.toBeInstanceOf(Response);
      expect(JSON.stringify(reply)).toMatch(/Failed to create community/);
      expect(JSON.stringify(reply)).toMatch(message);
    }
    expect(listCommunities().length).toBe(countBefore);
    expect(tenantFiles()).toEqual(filesBefore);
    expect(fs.existsSync(tenantDbFile("fresh-mail"))).toBe(false);
  });

  it("from the screen, redirects with a toast", async () => {
    const res = (await communitiesScreen.action(
      args(
        form(`${MARKETING}/super-admin/communities?dialog=create`, rootCookie, {
          intent: "create",
          name: "Cedar Home",
          subdomain: "cedar-home",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(
      /^\/super-admin\/communities\?q=cedar-home&open=.+#community-cedar-home$/,
    );
    expect(res.headers.get("Set-Cookie")).toMatch(/storyloom_toast=/);
    expect(fs.existsSync(tenantDbFile("cedar-home"))).toBe(true);
    expect(
      listAuditLog().find((e) => e.action === "community.created" && e.details === "cedar-home")
        ?.actor?.username,
    ).toBe("root");
  });
});

describe("adding staff", () => {
  it("ignores a password sent by the client, returns the generated one once, and forces a change", async () => {
    const res = (await staffApi.action(
      args(
        json(`${MARKETING}/api/super-admin/staff`, "POST", rootCookie, {
          tenantId: alphaId,
          username: "Bea",
          email: "bea@x.example",
          role: "staff",
          password: "TempPassword123!",
        }),
      ),
    )) as Response;
    expect(res.status).toBe(201);
    const { user, temporaryPassword } = (await res.json()) as {
      user: { id: string; username: string; mustChangePassword: boolean };
      temporaryPassword: string;
    };
    expect(user).toMatchObject({ username: "bea", mustChangePassword: true });
    expect(temporaryPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(getUserById(user.id)!.passwordHash).not.toContain(temporaryPassword);
    const clientPassword = (await login(site("alpha"), "bea", "TempPassword123!")) as {
      status: string;
    };
    expect(clientPassword.status).toBe("error");
    const first = (await login(site("alpha"), "bea", temporaryPassword)) as Response;
    expect(first.headers.get("Location")).toBe("/password");
  });

  it("keeps usernames unique within a community only, and validates every field", async () => {
    const again = (await call(() =>
      staffApi.action(
        args(
          json(`${MARKETING}/api/super-admin/staff`, "POST", rootCookie, {
            tenantId: alphaId,
            username: "alice",
            email: "a2@x.example",
            role: "administrator",
          }),
        ),
      ),
    )) as Response;
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toMatch(/already taken in Alpha House/);
    const birch = getCommunityBySubdomain("birch-court")!;
    const elsewhere = (await staffApi.action(
      args(
        json(`${MARKETING}/api/super-admin/staff`, "POST", rootCookie, {
          tenantId: birch.id,
          username: "alice",
          email: "a3@x.example",
          role: "administrator",
        }),
      ),
    )) as Response;
    expect(elsewhere.status).toBe(201);
    const bad = (await call(() =>
      staffApi.action(
        args(
          json(`${MARKETING}/api/super-admin/staff`, "POST", rootCookie, {
            tenantId: "",
            username: "",
            email: "nope",
            role: "resident",
          }),
        ),
      ),
    )) as Response;
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: object }).fieldErrors).sort()).toEqual(
      ["email", "role", "tenantId", "username"],
    );
  });

  it("from the screen, shows the emailed sign-in link in the response only", async () => {
    const reply = (await usersScreen.action(
      args(
        form(`${MARKETING}/super-admin/users?dialog=add-staff`, rootCookie, {
          tenantId: alphaId,
          displayName: "Carl Admin",
          username: "carl",
          email: "carl@x.example",
          role: "administrator",
        }),
      ),
    )) as { created: { url: string; name: string; email: { sent: boolean; to?: string } } | null };
    expect(reply.created?.url).toMatch(new RegExp(`^${site("alpha")}/invite\\?token=[\\w-]{30,}$`));
    expect(reply.created?.name).toBe("Carl Admin");
    expect(reply.created?.email).toEqual({ sent: true, to: "carl@x.example" });
    const refused = (await usersScreen.action(
      args(
        form(`${MARKETING}/super-admin/users?dialog=add-staff`, rootCookie, {
          tenantId: alphaId,
          displayName: "Carl Again",
          username: "carl",
          email: "carl@x.example",
          role: "administrator",
        }),
      ),
    )) as { created: null; result: unknown };
    expect(refused.created).toBeNull();
    expect(JSON.stringify(refused.result)).toMatch(/Failed to add staff member/);
  });

  it("lists a community's staff without super admins, residents or family", () => {
    const names = listStaffOfCommunity(alphaId).map((u) => u.username);
    expect(names).toEqual(["alice", "carl", "bea"]);
  });

  it("lists users with their community's name and subdomain, without password hashes", async () => {
    const users = (await (
      await usersApi.loader(args(json(`${MARKETING}/api/super-admin/users`, "GET", rootCookie)))
    ).json()) as Record<string, unknown>[];
    const alice = users.find(
      (u) => u.username === "alice" && (u.tenant as { subdomain: string }).subdomain === "alpha",
    )!;
    expect(alice.tenant).toEqual({ name: "Alpha House", subdomain: "alpha" });
    expect(users.find((u) => u.username === "root")!.tenant).toBeNull();
    expect(JSON.stringify(users)).not.toMatch(/scrypt|passwordHash/);
  });
});

describe("login as user", () => {
  it("works with development login off, once, on the user's own site, and the audit log says who became whom", async () => {
    expect(
      (
        (await call(() =>
          devLoginApi.action(
            args(json(`${MARKETING}/api/dev/login`, "POST", null, { userId: "x" })),
          ),
        )) as Response
      ).status,
    ).toBe(404);
    const alice = listStaffOfCommunity(alphaId).find((u) => u.username === "alice")!;
    const res = (await loginAsApi.action(
      args(
        new Request(`${MARKETING}/api/super-admin/login-as`, {
          method: "POST",
          headers: {
            Cookie: rootCookie,
            "Content-Type": "application/json",
            "User-Agent": "AuditTest/1.0",
            "X-Real-IP": "203.0.113.9",
          },
          body: JSON.stringify({ userId: alice.id }),
        }),
      ),
    )) as Response;
    expect(res.status).toBe(200);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    expect(redirectUrl).toMatch(/^http:\/\/alpha\.storyloom\.localhost:3000\/auth\/token\?token=/);
    const token = new URL(redirectUrl).searchParams.get("token")!;
    const row = getControlDb()
      .select()
      .from(controlSchema.loginTokens)
      .all()
      .find((t) => t.purpose === "impersonate")!;
    const ttl = Date.parse(row.expiresAt) - Date.parse(row.createdAt);
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(2 * 60_000 + 1000);

    const redeem = (origin: string) =>
      tokenRoute.action(
        args(
          new Request(`${origin}/auth/token`, {
            method: "POST",
            body: new URLSearchParams({ token }),
          }),
        ),
      );
    expect(((await redeem(site("birch-court"))) as { ok: boolean }).ok).toBe(false);
    const signedIn = (await redeem(site("alpha"))) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin");
    expect(((await redeem(site("alpha"))) as { reason: string }).reason).toMatch(
      /already been used/,
    );

    const entries = listAuditLog().filter((e) => e.target?.username === "alice");
    const requested = entries.find((e) => e.action === "impersonation.requested")!;
    const redeemed = entries.find((e) => e.action === "impersonation.signed_in")!;
    expect(requested).toMatchObject({
      actor: { username: "root" },
      community: { name: "Alpha House" },
      ip: "203.0.113.9",
      userAgent: "AuditTest/1.0",
    });
    expect(redeemed.actor?.username).toBe("root");
  });

  it("opens from the screen's form as a redirect to the sign-in link, and refuses with 'Login failed'", async () => {
    const alice = listStaffOfCommunity(alphaId).find((u) => u.username === "alice")!;
    const ok = (await loginAsScreen.action(
      args(
        form(`${MARKETING}/super-admin/login-as`, rootCookie, {
          userId: alice.id,
          back: "/super-admin/communities",
        }),
      ),
    )) as Response;
    expect(ok.headers.get("Location")).toMatch(
      /^http:\/\/alpha\.storyloom\.localhost:3000\/auth\/token\?token=/,
    );
    // Bea has not chosen her own password yet: nobody else may choose it for her
    const bea = listStaffOfCommunity(alphaId).find((u) => u.username === "bea")!;
    const refused = (await loginAsScreen.action(
      args(
        form(`${MARKETING}/super-admin/login-as`, rootCookie, {
          userId: bea.id,
          back: "https://evil.example/",
        }),
      ),
    )) as Response;
    expect(refused.headers.get("Location")).toBe("/super-admin/users");
    expect(refused.headers.get("Set-Cookie")).toMatch(/storyloom_toast=/);
    const apiRefused = (await loginAsApi.action(
      args(json(`${MARKETING}/api/super-admin/login-as`, "POST", rootCookie, { userId: bea.id })),
    )) as Response;
    expect(apiRefused.status).toBe(409);
    const unknown = (await loginAsApi.action(
      args(json(`${MARKETING}/api/super-admin/login-as`, "POST", rootCookie, { userId: "nobody" })),
    )) as Response;
    expect(unknown.status).toBe(404);
  });
});

describe("deactivating a community", () => {
  it("closes its site and sign-in and ends its sessions; reactivating restores sign-in", async () => {
    const stillIn = await cookieFor(site("alpha"), "alice", "alice-password");
    const off = (await communitiesScreen.action(
      args(
        form(`${MARKETING}/super-admin/communities`, rootCookie, {
          intent: "deactivate",
          communityId: alphaId,
        }),
      ),
    )) as Response;
    expect(off.status).toBe(302);
    const home = (await call(() =>
      indexRoute.loader(args(new Request(`${site("alpha")}/`, { headers: { Cookie: stillIn } }))),
    )) as Response;
    expect(home.status).toBe(404);
    expect(await home.text()).toMatch(/not available/);
    const signIn = (await login(site("alpha"), "alice", "alice-password")) as Response;
    expect(signIn.status).toBe(404);
    const alice = listStaffOfCommunity(alphaId).find((u) => u.username === "alice")!;
    const sessions = getControlDb()
      .select()
      .from(controlSchema.sessions)
      .all()
      .filter((s) => s.userId === alice.id);
    expect(sessions).toEqual([]);
    const loginAs = (await loginAsApi.action(
      args(json(`${MARKETING}/api/super-admin/login-as`, "POST", rootCookie, { userId: alice.id })),
    )) as Response;
    expect(loginAs.status).toBe(409);

    await communitiesScreen.action(
      args(
        form(`${MARKETING}/super-admin/communities`, rootCookie, {
          intent: "reactivate",
          communityId: alphaId,
        }),
      ),
    );
    const back = (await login(site("alpha"), "alice", "alice-password")) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/admin");
    // the session from before deactivation stays ended
    const old = (await call(() =>
      indexRoute.loader(args(new Request(`${site("alpha")}/`, { headers: { Cookie: stillIn } }))),
    )) as Response;
    expect(old.headers.get("Location")).toMatch(/^\/login/);
    expect(listAuditLog().map((e) => e.action)).toEqual(
      expect.arrayContaining(["community.deactivated", "community.reactivated"]),
    );
  });
});
