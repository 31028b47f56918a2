import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity, setCommunityActive } from "~/models/community.server";
import { createUser } from "~/models/user.server";
import { issueLoginToken } from "~/models/login-token.server";
import { eq } from "drizzle-orm";
import { getOptionalUser, requireUser, requireTenantUser } from "~/utils/auth.server";
import {
  closeAllDatabases,
  controlSchema,
  getControlDb,
  prepared,
  tenantDbFile,
} from "~/utils/db.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as logoutRoute from "~/routes/_auth+/logout";
import * as passwordRoute from "~/routes/_auth+/password";
import * as tokenRoute from "~/routes/_auth+/auth.token";

let dir: string;
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
const MARKETING = "http://storyloom.localhost:3000";

beforeAll(async () => {
  dir = useTempDataDir();
  const alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  const bravo = createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  await createUser({
    tenantId: alpha.id,
    username: "alice",
    email: "a@x.example",
    displayName: "Alice Admin",
    role: "administrator",
    password: "alpha-password",
  });
  await createUser({
    tenantId: bravo.id,
    username: "bob",
    email: "b@x.example",
    displayName: "Bob Staff",
    role: "staff",
    password: "bravo-password",
  });
  await createUser({
    tenantId: alpha.id,
    username: "newbie",
    email: "n@x.example",
    displayName: "New Person",
    role: "staff",
    password: "temporary-pass",
    mustChangePassword: true,
  });
  await createUser({
    tenantId: null,
    username: "root",
    email: "r@x.example",
    displayName: "Root",
    role: "super_admin",
    password: "super-password",
  });
});
afterAll(() => cleanupDataDir(dir));

async function login(origin: string, username: string, password: string, redirectTo = "") {
  const body = new URLSearchParams({ username, password, redirectTo });
  const request = new Request(`${origin}/login`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    return (await loginRoute.action({ request, params: {}, context: {} })) as unknown;
  } catch (thrown) {
    return thrown;
  }
}

/** The toast a response sets, as the next page would read it. */
async function toastOf(res: Response) {
  const { readToast } = await import("~/utils/toast.server");
  const request = new Request(MARKETING, { headers: { Cookie: cookieOf(res) } });
  return (await readToast(request)).toast;
}

function aliceId() {
  return getControlDb()
    .select()
    .from(controlSchema.users)
    .all()
    .find((u) => u.username === "alice")!.id;
}

function cookieOf(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("creating a community", () => {
  it("creates and migrates its own SQLite file", () => {
    expect(fs.existsSync(tenantDbFile("alpha"))).toBe(true);
  });
});

describe("sign-in", () => {
  it("signs a member in on their community's host and lands on the role's home", async () => {
    const res = (await login(A, "alice", "alpha-password")) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/storyloom_session=/);
    const user = await requireUser(new Request(`${A}/admin`, { headers: { Cookie: cookie } }), {
      roles: ["administrator"],
    });
    expect(user.username).toBe("alice");
  });

  it("refuses the wrong password with a 'do not match' message and no cookie", async () => {
    const res = (await login(A, "alice", "wrong-password")) as {
      status: string;
      error: Record<string, string[]>;
    };
    expect(res.status).toBe("error");
    expect(JSON.stringify(res.error)).toMatch(/do not match/);
  });

  it("does not let a member of community B sign in on community A's host", async () => {
    const res = (await login(A, "bob", "bravo-password")) as { status: string };
    expect(res.status).toBe("error");
  });

  it("gives a community A session nothing on community B's host, even with the cookie copied", async () => {
    const cookie = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const thrown = await requireTenantUser(
      new Request(`${B}/admin`, { headers: { Cookie: cookie } }),
    ).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("answers 401 on API paths and 403 for the wrong role", async () => {
    const api = (await requireUser(new Request(`${A}/api/stats`)).catch(
      (e: unknown) => e,
    )) as unknown as Response;
    expect(api.status).toBe(401);
    const cookie = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const wrongRole = (await requireUser(
      new Request(`${A}/family`, { headers: { Cookie: cookie } }),
      { roles: ["family"] },
    ).catch((e: unknown) => e)) as unknown as Response;
    expect(wrongRole.status).toBe(403);
  });

  it("signs a super admin in on the marketing host, but no one else", async () => {
    const ok = (await login(MARKETING, "root", "super-password")) as Response;
    expect(ok.headers.get("Location")).toBe("/super-admin");
    const refused = (await login(MARKETING, "alice", "alpha-password")) as { status: string };
    expect(refused.status).toBe("error");
  });

  it("keeps redirectTo on the same site only", async () => {
    const res = (await login(A, "alice", "alpha-password", "https://evil.example/")) as Response;
    expect(res.headers.get("Location")).toBe("/admin");
    const res2 = (await login(A, "alice", "alpha-password", "/admin/news")) as Response;
    expect(res2.headers.get("Location")).toBe("/admin/news");
  });
});

describe("one check a request", () => {
  it("gives the loaders of one page, asking at the same time, the same answer from one read", async () => {
    const cookie = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const request = new Request(`${A}/`, { headers: { Cookie: cookie } });
    // Remix runs the root's, the layout's and the page's loaders together
    const [root, layout, page] = await Promise.all([
      getOptionalUser(request),
      getOptionalUser(request),
      requireUser(request),
    ]);
    expect(root?.username).toBe("alice");
    expect(layout).toBe(root);
    expect(page).toBe(root);
    // the next request reads again: signed out in between, it is signed out
    const sessionId = root!.sessionId;
    getControlDb()
      .delete(controlSchema.sessions)
      .where(eq(controlSchema.sessions.id, sessionId))
      .run();
    expect(await getOptionalUser(new Request(`${A}/`, { headers: { Cookie: cookie } }))).toBeNull();
    expect(await getOptionalUser(request)).toBe(root);
  });

  it("keeps prepared queries per database handle, so a reopened database prepares its own", async () => {
    const cookie = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const before = await getOptionalUser(new Request(`${A}/`, { headers: { Cookie: cookie } }));
    closeAllDatabases();
    const after = await getOptionalUser(new Request(`${A}/`, { headers: { Cookie: cookie } }));
    expect(after?.id).toBe(before?.id);
    const db = getControlDb();
    const build = () => ({ built: true });
    expect(prepared(db, "test-query", build)).toBe(prepared(db, "test-query", build));
    expect(prepared({}, "test-query", build)).not.toBe(prepared(db, "test-query", build));
  });
});

describe("sign-out", () => {
  it("ends the session on the server: the old cookie no longer works", async () => {
    const cookie = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const before = getControlDb().select().from(controlSchema.sessions).all().length;
    const res = await logoutRoute.action({
      request: new Request(`${A}/logout`, { method: "POST", headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(res.status).toBe(302);
    expect(getControlDb().select().from(controlSchema.sessions).all().length).toBe(before - 1);
    const after = (await requireUser(
      new Request(`${A}/admin`, { headers: { Cookie: cookie } }),
    ).catch((e: unknown) => e)) as unknown as Response;
    expect(after.status).toBe(302);
  });
});

describe("temporary passwords", () => {
  it("sends the user to /password until they choose their own, then lets them in", async () => {
    const res = (await login(A, "newbie", "temporary-pass")) as Response;
    expect(res.headers.get("Location")).toBe("/password");
    const cookie = cookieOf(res);
    const blocked = (await requireUser(
      new Request(`${A}/staff`, { headers: { Cookie: cookie } }),
    ).catch((e: unknown) => e)) as unknown as Response;
    expect(blocked.headers.get("Location")).toBe("/password");

    const mismatch = await passwordRoute.action({
      request: new Request(`${A}/password`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          newPassword: "a-brand-new-pass",
          confirmPassword: "different-pass",
        }),
      }),
      params: {},
      context: {},
    });
    expect(JSON.stringify(mismatch)).toMatch(/do not match/);

    const changed = (await passwordRoute.action({
      request: new Request(`${A}/password`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          newPassword: "a-brand-new-pass",
          confirmPassword: "a-brand-new-pass",
        }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(changed.headers.get("Location")).toBe("/staff");
    const user = await requireUser(new Request(`${A}/staff`, { headers: { Cookie: cookie } }));
    expect(user.mustChangePassword).toBe(false);
    expect(
      ((await login(A, "newbie", "a-brand-new-pass")) as Response).headers.get("Location"),
    ).toBe("/staff");
  });
});

describe("one-time sign-in links", () => {
  it("work once, only on the community they were made for", async () => {
    const alice = getControlDb()
      .select()
      .from(controlSchema.users)
      .all()
      .find((u) => u.username === "alice")!;
    const token = await issueLoginToken({
      userId: alice.id,
      tenantId: alice.tenantId,
      purpose: "login",
      ttlMs: 60_000,
    });
    const post = (origin: string) =>
      tokenRoute.action({
        request: new Request(`${origin}/auth/token`, {
          method: "POST",
          body: new URLSearchParams({ token }),
        }),
        params: {},
        context: {},
      });
    const wrongHost = (await post(B)) as { ok: boolean; reason: string };
    expect(wrongHost.ok).toBe(false);
    expect(wrongHost.reason).toMatch(/another site/);
    const ok = (await post(A)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin");
    const again = (await post(A)) as { ok: boolean; reason: string };
    expect(again.reason).toMatch(/already been used/);
  });
});

describe("inactive communities", () => {
  it("refuse their site and their sign-in", async () => {
    const bravo = getControlDb()
      .select()
      .from(controlSchema.communities)
      .all()
      .find((c) => c.subdomain === "bravo")!;
    setCommunityActive(bravo.id, false);
    const res = await login(B, "bob", "bravo-password");
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(404);
    expect(await (res as Response).text()).toMatch(/not available/);
    setCommunityActive(bravo.id, true);
  });
});

describe("seeing and ending one's other sessions", () => {
  it("lists only the user's own sessions and ends another one of them", async () => {
    const { loader, action } = await import("~/routes/_auth+/account.sessions");
    const first = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const second = cookieOf((await login(A, "alice", "alpha-password")) as Response);
    const bob = cookieOf((await login(B, "bob", "bravo-password")) as Response);
    const data = await loader({
      request: new Request(`${A}/account/sessions`, { headers: { Cookie: second } }),
      params: {},
      context: {},
    });
    expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
    // the first sign-in, as the list shows it (earlier tests left alice other sessions too)
    const { sessionId: firstId } = await requireUser(
      new Request(`${A}/admin`, { headers: { Cookie: first } }),
    );
    const other = data.sessions.find((s) => !s.current && firstId.startsWith(s.id))!;
    expect(other).toBeTruthy();

    // bob cannot end alice's session, even knowing its id prefix: he is told it was already
    // gone, and alice's session row is still there and still signs her in
    const aliceSessionIds = () =>
      getControlDb()
        .select({ id: controlSchema.sessions.id })
        .from(controlSchema.sessions)
        .where(eq(controlSchema.sessions.userId, aliceId()))
        .all()
        .map((s) => s.id)
        .sort();
    const aliceBefore = aliceSessionIds();
    expect(aliceBefore).toContain(firstId);
    const bobTry = (await action({
      request: new Request(`${B}/account/sessions`, {
        method: "POST",
        headers: { Cookie: bob },
        body: new URLSearchParams({ session: other.id }),
      }),
      params: {},
      context: {},
    })) as Response;
    expect(bobTry.status).toBe(302);
    expect(bobTry.headers.get("Location")).toBe("/account/sessions");
    expect(await toastOf(bobTry)).toMatchObject({
      type: "error",
      title: "That session was already gone.",
    });
    expect(aliceSessionIds()).toEqual(aliceBefore);
    expect(
      (await requireUser(new Request(`${A}/admin`, { headers: { Cookie: first } }))).username,
    ).toBe("alice");

    // end every other session of alice: the first cookie stops working, the second keeps going
    await action({
      request: new Request(`${A}/account/sessions`, {
        method: "POST",
        headers: { Cookie: second },
        body: new URLSearchParams({ intent: "end-others" }),
      }),
      params: {},
      context: {},
    });
    const firstNow = (await requireUser(
      new Request(`${A}/admin`, { headers: { Cookie: first } }),
    ).catch((e: unknown) => e)) as unknown as Response;
    expect(firstNow.status).toBe(302);
    expect(
      (await requireUser(new Request(`${A}/admin`, { headers: { Cookie: second } }))).username,
    ).toBe("alice");
    expect(
      (await requireUser(new Request(`${B}/staff`, { headers: { Cookie: bob } }))).username,
    ).toBe("bob");
  });
});

describe("sign-in rate limits", () => {
  it("refuses a username after 10 failed attempts with a 429, even with the right password", async () => {
    const { createUser } = await import("~/models/user.server");
    const { getControlDb: control, controlSchema: schema } = await import("~/utils/db.server");
    const alpha = control()
      .select()
      .from(schema.communities)
      .all()
      .find((c) => c.subdomain === "alpha")!;
    await createUser({
      tenantId: alpha.id,
      username: "target",
      email: "t@x.example",
      displayName: "Target",
      role: "staff",
      password: "target-password",
    });
    for (let i = 0; i < 10; i++) {
      const res = (await login(A, "target", `wrong-${i}`)) as { status: string };
      expect(res.status).toBe("error");
    }
    const locked = (await login(A, "target", "target-password")) as Response;
    expect(locked).toBeInstanceOf(Response);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(
      /Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./,
    );
    // other people can still sign in
    expect(((await login(A, "alice", "alpha-password")) as Response).headers.get("Location")).toBe(
      "/admin",
    );
  });
});
