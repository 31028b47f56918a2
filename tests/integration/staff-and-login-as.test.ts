// An administrator runs their own staff (add with a link or a temporary password, edit, a new
// sign-in, deactivate and reactivate; never themself or the last administrator), login-as is in
// the open (the session knows who opened it, Return goes back, the audit page shows it), and
// nothing is done silently (same family member twice, past event dates, deactivation with Undo).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createUser, getUserById } from "~/models/user.server";
import { addStaffMember } from "~/models/super-admin.server";
import { listCommunityAudit } from "~/models/audit.server";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  tenantSchema,
  type Community,
} from "~/utils/db.server";
import { ROLE } from "~/utils/roles";
import { readToast } from "~/utils/toast.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as inviteRoute from "~/routes/_auth+/invite";
import * as tokenRoute from "~/routes/_auth+/auth.token";
import * as returnRoute from "~/routes/_auth+/auth.return";
import * as rootRoute from "~/root";
import * as loginAsRoute from "~/routes/super-admin+/login-as";
import * as newStaffRoute from "~/routes/_community+/admin+/staff.new";
import * as editStaffRoute from "~/routes/_community+/admin+/staff.$userId";
import * as resetStaffRoute from "~/routes/_community+/admin+/staff.$userId_.reset";
import * as deactivateStaffRoute from "~/routes/_community+/admin+/staff.$userId_.deactivate";
import * as staffListRoute from "~/routes/_community+/admin+/staff";
import * as auditRoute from "~/routes/_community+/admin+/audit";
import * as newFamilyRoute from "~/routes/_community+/admin+/families.new";
import * as newEventRoute from "~/routes/_community+/admin+/calendar.new";
import * as deactivateResidentRoute from "~/routes/_community+/admin+/residents.$residentId_.deactivate";
import * as bulkResidentsRoute from "~/routes/_community+/admin+/residents_.bulk";

let dir: string;
let alpha: Community;
let adminId: string;
let admin: string;
const A = "http://alpha.storyloom.localhost:3000";
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
const post = (url: string, cookie: string, fields: Record<string, string> | [string, string][]) =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie },
  });

async function settle<T>(p: Promise<T> | T): Promise<T | Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function signIn(origin: string, username: string, password: string) {
  const res = (await loginRoute.action(
    args(
      new Request(`${origin}/login`, {
        method: "POST",
        body: new URLSearchParams({ username, password }),
      }),
    ),
  )) as Response;
  expect(res.status, username).toBe(302);
  return cookiesOf(res);
}

function sessionsOf(userId: string) {
  return getControlDb()
    .select()
    .from(controlSchema.sessions)
    .where(eq(controlSchema.sessions.userId, userId))
    .all();
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({
    name: "Alpha House",
    subdomain: "alpha",
    email: "office@alpha.example",
  });
  createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  adminId = (
    await createUser({
      tenantId: alpha.id,
      username: "alice",
      email: "a@x.example",
      displayName: "Alice Admin",
      role: ROLE.administrator,
      password: "alpha-password",
    })
  ).id;
  await createUser({
    tenantId: null,
    username: "root",
    email: "r@x.example",
    displayName: "Sam Root",
    role: ROLE.superAdmin,
    password: "root-password",
  });
  admin = await signIn(A, "alice", "alpha-password");
});
afterAll(() => cleanupDataDir(dir));

describe("staff for administrators", () => {
  let marcusId: string;

  it("adds a staff member with a one-time link, who chooses a password there and lands on /staff", async () => {
    const res = (await newStaffRoute.action(
      args(
        post(`${A}/admin/staff/new`, admin, {
          displayName: "Marcus Webb",
          username: "Marcus",
          email: "marcus@x.example",
          role: ROLE.staff,
          method: "link",
        }),
      ),
    )) as {
      created: { username: string; signIn: { kind: string; url: string } } | null;
    };
    expect(res.created).toMatchObject({ username: "marcus", signIn: { kind: "link" } });
    const url = new URL(res.created!.signIn.kind === "link" ? res.created!.signIn.url : "");
    expect(url.host).toBe("alpha.storyloom.localhost:3000");
    marcusId = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(
        and(eq(controlSchema.users.tenantId, alpha.id), eq(controlSchema.users.username, "marcus")),
      )
      .get()!.id;
    expect(getUserById(marcusId)).toMatchObject({
      role: ROLE.staff,
      displayName: "Marcus Webb",
      passwordHash: null,
    });
    const token = url.searchParams.get("token")!;
    const page = (await inviteRoute.loader(args(new Request(`${A}/invite?token=${token}`)))) as {
      ok: boolean;
      username?: string;
    };
    expect(page).toMatchObject({ ok: true, username: "marcus" });
    const accepted = (await inviteRoute.action(
      args(
        post(`${A}/invite`, "", {
          token,
          password: "orchard-lantern-password",
          confirmPassword: "orchard-lantern-password",
        }),
      ),
    )) as Response;
    expect(accepted.headers.get("Location")).toBe("/staff");
    await signIn(A, "marcus", "orchard-lantern-password");
  });

  it("adds an administrator with a temporary password shown once, to be changed at first sign-in", async () => {
    const res = (await newStaffRoute.action(
      args(
        post(`${A}/admin/staff/new`, admin, {
          displayName: "Bo Boss",
          username: "bo",
          email: "bo@x.example",
          role: ROLE.administrator,
          method: "password",
        }),
      ),
    )) as {
      created: { signIn: { kind: "password"; temporaryPassword: string } };
    };
    const login = (await loginRoute.action(
      args(
        new Request(`${A}/login`, {
          method: "POST",
          body: new URLSearchParams({
            username: "bo",
            password: res.created.signIn.temporaryPassword,
          }),
        }),
      ),
    )) as Response;
    expect(login.headers.get("Location")).toBe("/password");
    // the same username again is refused with a field error, and nothing is added
    const again = (await newStaffRoute.action(
      args(
        post(`${A}/admin/staff/new`, admin, {
          displayName: "Other",
          username: "bo",
          email: "o@x.example",
          role: ROLE.staff,
          method: "link",
        }),
      ),
    )) as { result: { error: Record<string, string[]> }; created: null };
    expect(again.created).toBeNull();
    expect(again.result.error.username?.[0]).toMatch(/already taken/);
  });

  it("never lets an administrator demote or deactivate themself, nor the last administrator go", async () => {
    const demoteSelf = (await editStaffRoute.action(
      args(
        post(`${A}/admin/staff/${adminId}`, admin, {
          displayName: "Alice Admin",
          email: "a@x.example",
          role: ROLE.staff,
        }),
        { userId: adminId },
      ),
    )) as { error: Record<string, string[]> };
    expect(demoteSelf.error.role?.[0]).toMatch(/own role/);
    const selfOff = (await deactivateStaffRoute.action(
      args(post(`${A}/admin/staff/${adminId}/deactivate`, admin, { intent: "deactivate" }), {
        userId: adminId,
      }),
    )) as Response;
    expect(selfOff.status).toBe(302);
    expect(getUserById(adminId)!.isActive).toBe(true);
    const bo = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, "bo"))
      .get()!;
    // Bo goes; then Alice is the only administrator, and the super admin cannot remove her either
    expect(
      (await deactivateStaffRoute.action(
        args(post(`${A}/admin/staff/${bo.id}/deactivate`, admin, { intent: "deactivate" }), {
          userId: bo.id,
        }),
      )) as Response,
    ).toHaveProperty("status", 302);
    expect(getUserById(bo.id)!.isActive).toBe(false);
    const { setStaffActive } = await import("~/models/staff.server");
    expect(() =>
      setStaffActive(
        alpha.id,
        adminId,
        false,
        { id: "someone-else", role: ROLE.superAdmin },
        { ip: null, userAgent: null },
      ),
    ).toThrow(/only active administrator/);
  });

  it("deactivating ends the person's sessions at once, offers Undo, and reactivating lets them back", async () => {
    await signIn(A, "marcus", "orchard-lantern-password");
    expect(sessionsOf(marcusId).length).toBeGreaterThan(0);
    const res = (await deactivateStaffRoute.action(
      args(post(`${A}/admin/staff/${marcusId}/deactivate`, admin, { intent: "deactivate" }), {
        userId: marcusId,
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/admin/staff");
    const { toast } = await readToast(new Request(A, { headers: { Cookie: cookiesOf(res) } }));
    expect(toast?.undo).toEqual({
      action: `/admin/staff/${marcusId}/deactivate`,
      label: "Undo",
      fields: [["intent", "activate"]],
    });
    expect(sessionsOf(marcusId)).toHaveLength(0);
    const refused = await settle(
      loginRoute.action(
        args(
          new Request(`${A}/login`, {
            method: "POST",
            body: new URLSearchParams({ username: "marcus", password: "orchard-lantern-password" }),
          }),
        ),
      ),
    );
    expect(refused instanceof Response && refused.status === 302).toBe(false);
    const list = (await staffListLoader("status=inactive")) as { staff: { username: string }[] };
    expect(list.staff.map((s) => s.username)).toEqual(["bo", "marcus"]);
    // the toast's Undo posts intent=activate to the same address
    await deactivateStaffRoute.action(
      args(post(`${A}/admin/staff/${marcusId}/deactivate`, admin, { intent: "activate" }), {
        userId: marcusId,
      }),
    );
    await signIn(A, "marcus", "orchard-lantern-password");
  });

  it("a new sign-in stops the old password and gives a link that works", async () => {
    const res = (await resetStaffRoute.action(
      args(post(`${A}/admin/staff/${marcusId}/reset`, admin, { method: "link" }), {
        userId: marcusId,
      }),
    )) as { created: { signIn: { kind: "link"; url: string } } };
    expect(sessionsOf(marcusId)).toHaveLength(0);
    const old = await settle(
      loginRoute.action(
        args(
          new Request(`${A}/login`, {
            method: "POST",
            body: new URLSearchParams({ username: "marcus", password: "orchard-lantern-password" }),
          }),
        ),
      ),
    );
    expect(old instanceof Response && old.status === 302).toBe(false);
    const token = new URL(res.created.signIn.url).searchParams.get("token")!;
    await inviteRoute.action(
      args(
        post(`${A}/invite`, "", {
          token,
          password: "marcus-second-password",
          confirmPassword: "marcus-second-password",
        }),
      ),
    );
    await signIn(A, "marcus", "marcus-second-password");
  });

  it("the super admin's Add Staff uses the same model function (temporary password, audited)", async () => {
    const root = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, "root"))
      .get()!;
    const out = await addStaffMember(
      { ...root, sessionId: "x", familyMemberIds: [], familyMemberId: null },
      { tenantId: alpha.id, username: "priya", email: "p@x.example", role: ROLE.staff },
      { ip: "10.0.0.1", userAgent: null },
    );
    expect(out.ok && out.temporaryPassword.length).toBeGreaterThan(8);
    expect(getUserById(out.ok ? out.user.id : "")!.mustChangePassword).toBe(true);
  });

  async function staffListLoader(query: string) {
    return staffListRoute.loader(
      args(new Request(`${A}/admin/staff?${query}`, { headers: { Cookie: admin } })),
    );
  }
});

describe("login-as in the open", () => {
  it("opens the user's session with a banner, Return ends it and goes back, and the administrator's audit shows it", async () => {
    const root = await signIn(MAIN, "root", "root-password");
    const marcus = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, "marcus"))
      .get()!;
    const asked = (await loginAsRoute.action(
      args(
        post(`${MAIN}/super-admin/login-as`, root, {
          userId: marcus.id,
          back: "/super-admin/users",
        }),
      ),
    )) as Response;
    const link = new URL(asked.headers.get("Location")!);
    expect(link.host).toBe("alpha.storyloom.localhost:3000");
    const redeemed = (await tokenRoute.action(
      args(post(`${A}/auth/token`, "", { token: link.searchParams.get("token")! })),
    )) as Response;
    expect(redeemed.headers.get("Location")).toBe("/staff");
    const asMarcus = cookiesOf(redeemed);
    const session = sessionsOf(marcus.id).find((s) => s.impersonatorUserId);
    expect(session?.impersonatorUserId).toBeTruthy();
    // every page's root data carries the banner's words
    const rootData = (await rootRoute.loader(
      args(new Request(`${A}/staff`, { headers: { Cookie: asMarcus } })),
    )) as unknown as { data: { impersonatedBy: string | null; user: { username: string } } };
    expect(rootData.data).toMatchObject({
      impersonatedBy: "Sam Root",
      user: { username: "marcus" },
    });
    // marcus's own "last active" is not moved by it
    expect(getUserById(marcus.id)!.lastLoginAt).toBe(marcus.lastLoginAt);
    const back = (await returnRoute.action(
      args(post(`${A}/auth/return`, asMarcus, {})),
    )) as Response;
    expect(back.headers.get("Location")).toBe(`${MAIN}/super-admin/users`);
    expect(sessionsOf(marcus.id).some((s) => s.impersonatorUserId)).toBe(false);
    const audit = listCommunityAudit(alpha.id, { kind: "sign-ins", limit: 25, offset: 0 });
    expect(audit.entries.map((e) => e.action)).toEqual([
      "impersonation.ended",
      "impersonation.signed_in",
      "impersonation.requested",
    ]);
    const page = (await auditRoute.loader(
      args(new Request(`${A}/admin/audit?kind=staff`, { headers: { Cookie: admin } })),
    )) as { entries: { action: string }[]; page: { total: number } };
    expect(page.entries.every((e) => e.action.startsWith("staff."))).toBe(true);
    expect(page.page.total).toBeGreaterThanOrEqual(5);
    // another community's administrator sees none of it
    expect(listCommunityAudit("not-alpha", { limit: 25, offset: 0 }).total).toBe(0);
  });

  it("started on the community's own host, Return puts the super admin's own session back", async () => {
    const root = await signIn(A, "root", "root-password");
    const marcus = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, "marcus"))
      .get()!;
    const asked = (await loginAsRoute.action(
      args(
        post(`${A}/super-admin/login-as`, root, { userId: marcus.id, back: "/super-admin/users" }),
      ),
    )) as Response;
    const token = new URL(asked.headers.get("Location")!).searchParams.get("token")!;
    const redeemed = (await tokenRoute.action(
      args(post(`${A}/auth/token`, root, { token })),
    )) as Response;
    const back = (await returnRoute.action(
      args(post(`${A}/auth/return`, cookiesOf(redeemed), {})),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/super-admin/users");
    // the super admin's own session cookie comes back (sign-in also set the known-device cookie, which Return leaves alone)
    const sessionOf = (cookies: string) =>
      cookies.split("; ").find((c) => c.startsWith("storyloom_session="));
    expect(sessionOf(cookiesOf(back))).toBe(sessionOf(root));
    expect(sessionOf(root)).toBeTruthy();
  });
});

describe("nothing silent", () => {
  let residentId: string;
  beforeAll(() => {
    residentId = createResident(getTenantDb(alpha), {
      firstName: "Margaret",
      lastName: "Ellis",
      roomNumber: "Room 14",
    }).id;
  });

  it("stores 'Room 14' as 14", () => {
    const { residents } = tenantSchema;
    expect(
      getTenantDb(alpha).select().from(residents).where(eq(residents.id, residentId)).get()!
        .roomNumber,
    ).toBe("14");
  });

  it("offers the family member who already follows the resident instead of a second account", async () => {
    const fields = {
      residentId,
      name: "Sarah Ellis",
      email: "sarah@x.example",
      relationship: "Daughter",
    };
    const first = (await newFamilyRoute.action(
      args(post(`${A}/admin/families/new`, admin, fields)),
    )) as Response;
    expect(first.status).toBe(302);
    const again = (await newFamilyRoute.action(
      args(post(`${A}/admin/families/new`, admin, { ...fields, email: "SARAH@x.example " })),
    )) as { existing: { name: string; resident: string; accepted: boolean } };
    expect(again.existing).toMatchObject({
      name: "Sarah Ellis",
      resident: "Margaret Ellis",
      accepted: false,
    });
    const accounts = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(
        and(eq(controlSchema.users.tenantId, alpha.id), eq(controlSchema.users.role, ROLE.family)),
      )
      .all();
    expect(accounts.map((u) => u.username)).toEqual(["sarah"]);
  });

  it("asks before saving an event dated in the past, and saves it once confirmed", async () => {
    const fields = { title: "Old picnic", eventDate: "2020-06-01" };
    const asked = (await newEventRoute.action(
      args(post(`${A}/admin/calendar/new`, admin, fields)),
    )) as { pastDate: boolean; error: Record<string, string[]> };
    expect(asked.pastDate).toBe(true);
    expect(asked.error.eventDate).toEqual(["This date is in the past: save anyway?"]);
    const { calendarEvents } = tenantSchema;
    expect(getTenantDb(alpha).select().from(calendarEvents).all()).toHaveLength(0);
    const saved = (await newEventRoute.action(
      args(post(`${A}/admin/calendar/new`, admin, { ...fields, confirmPastDate: "yes" })),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(getTenantDb(alpha).select().from(calendarEvents).all()).toHaveLength(1);
  });

  it("deactivating a resident asks first and the toast offers Undo; bulk deactivation asks once and acts once", async () => {
    const confirm = (await deactivateResidentRoute.loader(
      args(
        new Request(`${A}/admin/residents/${residentId}/deactivate`, {
          headers: { Cookie: admin },
        }),
        { residentId },
      ),
    )) as { resident: { isActive: boolean } };
    expect(confirm.resident.isActive).toBe(true);
    const done = (await deactivateResidentRoute.action(
      args(post(`${A}/admin/residents/${residentId}/deactivate`, admin, { intent: "deactivate" }), {
        residentId,
      }),
    )) as Response;
    const { toast } = await readToast(new Request(A, { headers: { Cookie: cookiesOf(done) } }));
    expect(toast).toMatchObject({
      title: "Resident deactivated",
      undo: {
        action: `/admin/residents/${residentId}/deactivate`,
        label: "Undo",
        fields: [["intent", "activate"]],
      },
    });
    const { residents } = tenantSchema;
    expect(
      getTenantDb(alpha).select().from(residents).where(eq(residents.id, residentId)).get()!
        .isActive,
    ).toBe(false);
    // bulk: ten residents, the first POST only asks
    const ids = Array.from(
      { length: 10 },
      (_, i) =>
        createResident(getTenantDb(alpha), { firstName: `Bulk${i}`, lastName: "Person" }).id,
    );
    const pairs: [string, string][] = [
      ["intent", "deactivate"],
      ...ids.map((id): [string, string] => ["ids", id]),
    ];
    const ask = (await bulkResidentsRoute.action(
      args(post(`${A}/admin/residents/bulk`, admin, pairs)),
    )) as { kind: string; people: unknown[] };
    expect(ask).toMatchObject({ kind: "confirm" });
    expect(ask.people).toHaveLength(10);
    const activeCount = () =>
      getTenantDb(alpha).select().from(residents).where(eq(residents.isActive, true)).all().length;
    const before = activeCount();
    const act = (await bulkResidentsRoute.action(
      args(post(`${A}/admin/residents/bulk`, admin, [...pairs, ["confirm", "yes"]])),
    )) as Response;
    expect(act.status).toBe(302);
    const bulkToast = (await readToast(new Request(A, { headers: { Cookie: cookiesOf(act) } })))
      .toast;
    expect(bulkToast?.title).toBe("10 residents deactivated");
    expect(bulkToast?.undo?.fields.filter(([name]) => name === "ids")).toHaveLength(10);
    expect(activeCount()).toBe(before - 10);
    // Undo (the toast's form) brings all ten back
    await bulkResidentsRoute.action(
      args(
        post(`${A}/admin/residents/bulk`, admin, [
          ["intent", "activate"],
          ...ids.map((id): [string, string] => ["ids", id]),
        ]),
      ),
    );
    expect(activeCount()).toBe(before);
  });
});
