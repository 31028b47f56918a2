// Who may do what (permissions.server.ts), guard by guard and role by role, on real SQLite files:
// each guard lets in exactly its roles, answers 403 to the others, sends the signed-out to /login
// (401 on /api paths), and the resident and family guards refuse an account without its record.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import {
  completeKioskSetup,
  registerKiosk,
  revokeKiosk,
  setKioskConsent,
} from "~/models/kiosk.server";
import { createUser } from "~/models/user.server";
import { getTenantDb, tenantSchema, type Community } from "~/utils/db.server";
import {
  AREA_ROLES,
  asApiFailure,
  kioskTurnOfForm,
  requireArea,
  requireCareTeam,
  requireFamilyMember,
  requireKiosk,
  requireKioskResident,
  requireResidentMember,
  requireReviewer,
  requireStoryteller,
  requireSuperAdmin,
  type Role,
} from "~/utils/permissions.server";
import {
  KIOSK_IDLE_MS,
  endKioskSessionIdle,
  issueKioskDevice,
  kioskSessionOf,
  readKioskTurnToken,
  startKioskSession,
} from "~/utils/kiosk.server";
import { createSession } from "~/utils/session.server";

const ALPHA = "http://alpha.storyloom.localhost:3000";
const MARKETING = "http://storyloom.localhost:3000";
const NOWHERE = "http://nowhere.storyloom.localhost:3000";

type Who =
  | "root"
  | "admin"
  | "staff"
  | "ada"
  | "dora"
  | "unlinkedResident"
  | "lostResident"
  | "unlinkedFamily"
  | "lostFamily";
const ROLE_OF: Record<Who, Role> = {
  root: "super_admin",
  admin: "administrator",
  staff: "staff",
  ada: "resident",
  dora: "family",
  unlinkedResident: "resident",
  lostResident: "resident",
  unlinkedFamily: "family",
  lostFamily: "family",
};
/** one signed-in member of each role (the accounts whose records are missing come later) */
const ONE_OF_EACH = ["root", "admin", "staff", "ada", "dora"] as const;

let dir: string;
let alpha: Community;
const cookies = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  const db = getTenantDb(alpha);
  db.insert(tenantSchema.residents)
    .values([
      { id: "r-ada", firstName: "Ada", lastName: "Lovelace" },
      { id: "r-ben", firstName: "Ben", lastName: "Franklin" },
    ])
    .run();
  db.insert(tenantSchema.familyMembers)
    .values({ id: "f-dora", residentId: "r-ada", name: "Dora Lovelace", email: "d@x.example" })
    .run();
  const links: Partial<Record<Who, { residentId?: string; familyMemberId?: string }>> = {
    ada: { residentId: "r-ada" },
    dora: { familyMemberId: "f-dora" },
    lostResident: { residentId: "r-no-such-resident" },
    lostFamily: { familyMemberId: "f-no-such-member" },
  };
  for (const who of Object.keys(ROLE_OF) as Who[]) {
    const role = ROLE_OF[who];
    const user = await createUser({
      tenantId: role === "super_admin" ? null : alpha.id,
      username: who.toLowerCase(),
      email: `${who.toLowerCase()}@x.example`,
      displayName: who,
      role,
      passwordHash: "not-used",
      ...links[who],
    });
    userIds[who] = user.id;
    const { setCookie } = await createSession({
      userId: user.id,
      role,
      host: "alpha.storyloom.localhost",
    });
    cookies[who] = setCookie.split(";")[0]!;
  }
});
afterAll(() => cleanupDataDir(dir));

const page = (path: string, who?: Who, origin = ALPHA) =>
  new Request(`${origin}${path}`, { headers: who ? { Cookie: cookies[who] } : {} });

/** What a guard answers: "ok", or the status of the Response it throws. */
async function outcome(run: () => Promise<unknown>): Promise<"ok" | number> {
  try {
    await run();
    return "ok";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

async function thrownBy(run: () => Promise<unknown>): Promise<Response> {
  const thrown = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

const GUARDS: Record<string, { run: (r: Request) => Promise<unknown>; admits: Who[] }> = {
  "the /admin area": {
    run: (r) => requireArea(r, "admin"),
    admits: ["root", "admin"],
  },
  "the /staff area": {
    run: (r) => requireArea(r, "staff"),
    admits: ["root", "admin", "staff"],
  },
  "the care team's API": { run: requireCareTeam, admits: ["root", "admin", "staff"] },
  "story review": { run: requireReviewer, admits: ["root", "admin"] },
  "telling stories": { run: requireStoryteller, admits: ["admin", "staff", "ada"] },
  "the super admin console": { run: requireSuperAdmin, admits: ["root"] },
};

describe("the role guards", () => {
  for (const [name, guard] of Object.entries(GUARDS)) {
    it(`${name}: lets in only its roles and answers 403 to the others`, async () => {
      const answers = Object.fromEntries(
        await Promise.all(
          ONE_OF_EACH.map(async (who) => [who, await outcome(() => guard.run(page("/x", who)))]),
        ),
      );
      const expected = Object.fromEntries(
        ONE_OF_EACH.map((who) => [who, guard.admits.includes(who) ? "ok" : 403]),
      );
      expect(answers).toEqual(expected);
    });

    it(`${name}: sends the signed-out to sign in, and answers 401 on /api`, async () => {
      const res = await thrownBy(() => guard.run(page("/somewhere?tab=2")));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(
        `/login?redirectTo=${encodeURIComponent("/somewhere?tab=2")}`,
      );
      expect(await outcome(() => guard.run(page("/api/somewhere")))).toBe(401);
    });
  }

  it("name the roles of each care-team area", () => {
    expect([...AREA_ROLES.admin].sort()).toEqual(["administrator", "super_admin"]);
    expect([...AREA_ROLES.staff].sort()).toEqual(["administrator", "staff", "super_admin"]);
  });

  it("return the signed-in member, and the community for community screens", async () => {
    const ctx = await requireArea(page("/staff", "staff"), "staff");
    expect(ctx.user.id).toBe(userIds.staff);
    expect(ctx.community.id).toBe(alpha.id);
    expect((await requireCareTeam(page("/api/residents", "admin"))).user.id).toBe(userIds.admin);
    expect((await requireReviewer(page("/admin/stories", "admin"))).community.id).toBe(alpha.id);
    expect((await requireStoryteller(page("/resident", "ada"))).user.id).toBe(userIds.ada);
    expect((await requireSuperAdmin(page("/super-admin", "root"))).id).toBe(userIds.root);
  });

  it("the super admin console answers on the marketing host, and 404 for an unknown community", async () => {
    const root = await createSession({
      userId: userIds.root,
      role: "super_admin",
      host: "storyloom.localhost",
    });
    const onMarketing = new Request(`${MARKETING}/super-admin`, {
      headers: { Cookie: root.setCookie.split(";")[0]! },
    });
    expect((await requireSuperAdmin(onMarketing)).id).toBe(userIds.root);
    expect(await outcome(() => requireSuperAdmin(page("/super-admin", "root", NOWHERE)))).toBe(404);
  });
});

describe("the resident's own pages", () => {
  it("give the signed-in resident her own record", async () => {
    const ctx = await requireResidentMember(page("/resident", "ada"));
    expect(ctx.user.id).toBe(userIds.ada);
    expect(ctx.resident).toMatchObject({ id: "r-ada", firstName: "Ada" });
    expect(ctx.community.id).toBe(alpha.id);
  });

  it("refuse other roles, and a resident account without a resident of this community", async () => {
    for (const who of ["root", "admin", "staff", "dora"] as const) {
      const res = await thrownBy(() => requireResidentMember(page("/resident", who)));
      expect(res.status, who).toBe(403);
      expect(await res.text(), who).toBe("You do not have access to this page.");
    }
    for (const who of ["unlinkedResident", "lostResident"] as const) {
      const res = await thrownBy(() => requireResidentMember(page("/resident", who)));
      expect(res.status, who).toBe(403);
      expect(await res.text()).toBe("Your account is not linked to a resident of this community.");
    }
  });
});

describe("a family member's pages", () => {
  it("give the signed-in family member their record and their resident's", async () => {
    const ctx = await requireFamilyMember(page("/family", "dora"));
    expect(ctx.user.id).toBe(userIds.dora);
    expect(ctx.member).toMatchObject({ id: "f-dora", name: "Dora Lovelace" });
    expect(ctx.resident).toMatchObject({ id: "r-ada", firstName: "Ada" });
    expect(ctx.community.id).toBe(alpha.id);
  });

  it("refuse other roles, and a family account without a family member of this community", async () => {
    for (const who of ["root", "admin", "staff", "ada"] as const) {
      const res = await thrownBy(() => requireFamilyMember(page("/family", who)));
      expect(res.status, who).toBe(403);
      expect(await res.text(), who).toBe("You do not have access to this page.");
    }
    for (const who of ["unlinkedFamily", "lostFamily"] as const) {
      const res = await thrownBy(() => requireFamilyMember(page("/family", who)));
      expect(res.status, who).toBe(403);
      expect(await res.text()).toBe(
        "Your account is not linked to a family member of this community.",
      );
    }
  });
});

describe("the kiosk", () => {
  const audit = () => ({ actorUserId: null, tenantId: alpha.id });
  /** A kiosk of alpha, set up, with a turn of Ada's running: its id and a request from it. */
  async function kioskWithTurn(helper?: { userId: string; name: string }) {
    const db = getTenantDb(alpha);
    const { kiosk, setupToken } = registerKiosk(db, "Lounge", audit());
    const device = await issueKioskDevice(alpha, kiosk.id);
    completeKioskSetup(db, setupToken, device.secretHash, audit());
    setKioskConsent(db, "r-ada", true);
    const session = startKioskSession(db, { kioskId: kiosk.id, residentId: "r-ada", helper });
    const cookie = device.setCookie.split(";")[0]!;
    const request = () => new Request(`${ALPHA}/kiosk/me`, { headers: { Cookie: cookie } });
    return { db, kioskId: kiosk.id, session, request };
  }

  it("sends a browser that is not a kiosk to /kiosk", async () => {
    for (const who of [undefined, "staff"] as const) {
      const res = await thrownBy(() => requireKiosk(page("/kiosk/record", who)));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/kiosk");
    }
  });

  it("gives the running turn: the resident, who acts, no helper unless one signed in, its token", async () => {
    const { kioskId, session, request } = await kioskWithTurn();
    const ctx = await requireKioskResident(request());
    expect(ctx.resident.id).toBe("r-ada");
    expect(ctx.actor).toMatchObject({ id: `kiosk:${session.id}`, displayName: "Ada Lovelace" });
    expect(ctx.helper).toBeNull();
    expect(readKioskTurnToken(ctx.turnToken, alpha.id)).toMatchObject({
      communityId: alpha.id,
      kioskId,
      residentId: "r-ada",
      sessionId: session.id,
    });
    const helped = await kioskWithTurn({ userId: userIds.staff, name: "Marcus" });
    expect((await requireKioskResident(helped.request())).helper).toEqual({
      userId: userIds.staff,
      name: "Marcus",
    });
  });

  it("keeps a turn open `holdMs` longer while a slow page is in use, never shorter", async () => {
    const { db, kioskId, request } = await kioskWithTurn();
    const held = await requireKioskResident(request(), { holdMs: 10 * 60_000 });
    expect(held.secondsLeft).toBe(KIOSK_IDLE_MS / 1000 + 600);
    expect(
      kioskSessionOf(db, kioskId, Date.now() + KIOSK_IDLE_MS + 5 * 60_000).session,
    ).not.toBeNull();
    const other = await kioskWithTurn();
    const negative = await requireKioskResident(other.request(), { holdMs: -10 * 60_000 });
    expect(negative.secondsLeft).toBe(KIOSK_IDLE_MS / 1000);
    expect(kioskSessionOf(other.db, other.kioskId, Date.now() + 60_000).session).not.toBeNull();
  });

  it("a turn ended by 2 minutes without input goes back to the grid saying so", async () => {
    const { db, session, request } = await kioskWithTurn();
    db.update(tenantSchema.kioskSessions)
      .set({ lastInputAt: new Date(Date.now() - KIOSK_IDLE_MS - 1000).toISOString() })
      .where(eq(tenantSchema.kioskSessions.id, session.id))
      .run();
    const res = await thrownBy(() => requireKioskResident(request()));
    expect(res.headers.get("Location")).toBe("/kiosk?ended=idle");
  });

  it("a resident no longer on the kiosk: back to the grid, and her turn is over for good", async () => {
    const { db, kioskId, request } = await kioskWithTurn();
    setKioskConsent(db, "r-ada", false);
    const res = await thrownBy(() => requireKioskResident(request()));
    expect(res.headers.get("Location")).toBe("/kiosk");
    setKioskConsent(db, "r-ada", true);
    expect(kioskSessionOf(db, kioskId).session).toBeNull();
    expect((await thrownBy(() => requireKioskResident(request()))).headers.get("Location")).toBe(
      "/kiosk",
    );
  });
});

describe("the turn a kiosk form belongs to", () => {
  const audit = () => ({ actorUserId: null, tenantId: alpha.id });
  async function kioskWithTurn() {
    const db = getTenantDb(alpha);
    const { kiosk, setupToken } = registerKiosk(db, "Lounge", audit());
    const device = await issueKioskDevice(alpha, kiosk.id);
    completeKioskSetup(db, setupToken, device.secretHash, audit());
    setKioskConsent(db, "r-ada", true);
    const session = startKioskSession(db, { kioskId: kiosk.id, residentId: "r-ada" });
    const cookie = device.setCookie.split(";")[0]!;
    const request = () =>
      new Request(`${ALPHA}/kiosk/write`, { method: "POST", headers: { Cookie: cookie } });
    const token = (await requireKioskResident(request())).turnToken;
    return { db, kioskId: kiosk.id, session, request, token };
  }

  it("is none on a browser that is not a kiosk, whatever it sends", async () => {
    const { token } = await kioskWithTurn();
    const notKiosk = new Request(`${ALPHA}/kiosk/write`, { method: "POST" });
    expect(await kioskTurnOfForm(notKiosk, token)).toEqual({
      ok: false,
      why: "not-kiosk",
      claim: null,
    });
  });

  it("is none on a kiosk switched off, though it says whose form it was", async () => {
    const { db, kioskId, request, token } = await kioskWithTurn();
    revokeKiosk(db, kioskId, audit());
    expect(await kioskTurnOfForm(request(), token)).toEqual({
      ok: false,
      why: "off",
      claim: expect.objectContaining({ kioskId, residentId: "r-ada" }),
    });
  });

  it("without a token is the running turn, kept open `holdMs` longer; with none running, ended", async () => {
    const { db, kioskId, session, request } = await kioskWithTurn();
    const turn = await kioskTurnOfForm(request(), null, { holdMs: 5 * 60_000 });
    expect(turn).toMatchObject({ ok: true, resumed: false });
    expect(turn.ok && turn.ctx.session.id).toBe(session.id);
    expect(turn.ok && turn.ctx.secondsLeft).toBe(KIOSK_IDLE_MS / 1000 + 300);
    endKioskSessionIdle(db, kioskId);
    expect(await kioskTurnOfForm(request(), null)).toEqual({
      ok: false,
      why: "ended",
      claim: null,
    });
  });

  it("with its token is that turn while it runs, not one taken up again", async () => {
    const { session, request, token } = await kioskWithTurn();
    const turn = await kioskTurnOfForm(request(), token, { holdMs: -60_000 });
    expect(turn).toMatchObject({ ok: true, resumed: false });
    expect(turn.ok && turn.ctx.session.id).toBe(session.id);
    expect(turn.ok && turn.ctx.secondsLeft).toBe(KIOSK_IDLE_MS / 1000);
  });

  it("is over for a resident no longer on the kiosk, whatever her form carries", async () => {
    const { db, request, token } = await kioskWithTurn();
    setKioskConsent(db, "r-ada", false);
    try {
      expect(await kioskTurnOfForm(request(), token)).toMatchObject({
        ok: false,
        why: "ended",
        claim: { residentId: "r-ada" },
      });
    } finally {
      setKioskConsent(db, "r-ada", true);
    }
  });

  it("takes an ended turn up again, on the same kiosk only, and not once another turn began", async () => {
    const first = await kioskWithTurn();
    const other = await kioskWithTurn();
    endKioskSessionIdle(first.db, first.kioskId, Date.now() - 1000);
    expect(await kioskTurnOfForm(other.request(), first.token)).toMatchObject({
      ok: false,
      why: "ended",
      claim: { kioskId: first.kioskId },
    });
    const resumed = await kioskTurnOfForm(first.request(), first.token);
    expect(resumed).toMatchObject({ ok: true, resumed: true });
    expect(resumed.ok && resumed.ctx.session.id).toBe(first.session.id);

    endKioskSessionIdle(first.db, first.kioskId, Date.now() - 1000);
    startKioskSession(first.db, { kioskId: first.kioskId, residentId: "r-ben" });
    expect(await kioskTurnOfForm(first.request(), first.token)).toMatchObject({
      ok: false,
      why: "ended",
    });
  });
});

describe("resource routes outside /api", () => {
  it("answer 401 instead of a redirect to sign in", async () => {
    for (const status of [300, 302, 303, 399]) {
      const res = await thrownBy(async () =>
        asApiFailure(new Response(null, { status, headers: { Location: "/login" } })),
      );
      expect(res.status, String(status)).toBe(401);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe("Sign in required");
    }
  });

  it("pass every other failure on as it is", async () => {
    for (const status of [200, 299, 400, 403, 404, 500]) {
      const original = new Response("no", { status });
      expect(await thrownBy(async () => asApiFailure(original))).toBe(original);
    }
    const error = new Error("broken");
    await expect(async () => asApiFailure(error)).rejects.toBe(error);
    await expect(async () => asApiFailure("text")).rejects.toBe("text");
  });
});
