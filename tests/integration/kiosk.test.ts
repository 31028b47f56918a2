// The lounge kiosk's identity (ADR 017) on real SQLite files: the one-time setup link, the
// host-bound device cookie, switching off, the resident's session and its 2 minutes, PIN rules and
// the pause per resident and kiosk, what a kiosk session may open, and "My stories" saying who can
// see each story by the audience rule.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createStory, withdrawStory } from "~/models/story.server";
import {
  checkKioskPin,
  completeKioskSetup,
  getKioskResident,
  kioskForSetupToken,
  kioskMayOpenMedia,
  kioskPinProblem,
  listKioskResidents,
  newKioskCard,
  registerKiosk,
  residentForKioskCard,
  revokeKiosk,
  setKioskConsent,
  setKioskPin,
} from "~/models/kiosk.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import {
  issueKioskDevice,
  kioskSessionOf,
  readKiosk,
  startKioskSession,
  KIOSK_IDLE_MS,
} from "~/utils/kiosk.server";
import { requireKioskResident } from "~/utils/permissions.server";
import { newId } from "~/utils/ids.server";
import { call, get } from "../helpers/home-fixture";
import * as storiesPage from "~/routes/_community+/kiosk+/stories._index";

let dir: string;
let alpha: Community;
let db: TenantDb;
let ada: string;
let bob: string;
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
const audit = () => ({ actorUserId: null, tenantId: alpha.id });

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  // another community: the kiosk cookie of alpha means nothing on its host
  createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  db = getTenantDb(alpha);
  ada = createResident(db, { firstName: "Ada", lastName: "Lovelace" }).id;
  bob = createResident(db, { firstName: "Bob", lastName: "Brown" }).id;
  setKioskConsent(db, ada, true);
  await setKioskPin(db, ada, "2580");
});
afterAll(() => cleanupDataDir(dir));

/** A kiosk of alpha, set up: its id and its device cookie. */
async function setUpKiosk(name = "Lounge"): Promise<{ id: string; cookie: string }> {
  const { kiosk, setupToken } = registerKiosk(db, name, audit());
  const device = await issueKioskDevice(alpha, kiosk.id);
  expect(completeKioskSetup(db, setupToken, device.secretHash, audit())).toBeTruthy();
  return { id: kiosk.id, cookie: device.setCookie.split(";")[0]! };
}

const request = (origin: string, cookie: string, path = "/kiosk") =>
  new Request(`${origin}${path}`, { headers: { Cookie: cookie } });

describe("kiosk PINs", () => {
  it("are 4 digits, not one digit or a run", () => {
    expect(kioskPinProblem("2580")).toBeNull();
    expect(kioskPinProblem("123")).toMatch(/exactly 4 digits/);
    expect(kioskPinProblem("12a4")).toMatch(/exactly 4 digits/);
    for (const easy of ["0000", "1234", "9876", "5678"])
      expect(kioskPinProblem(easy)).toMatch(/too easy/);
  });

  it("are hashed like passwords", () => {
    const row = db
      .select()
      .from(tenantSchema.residents)
      .all()
      .find((r) => r.id === ada)!;
    expect(row.kioskPinHash).toMatch(/^scrypt\$/);
    expect(row.kioskPinHash).not.toContain("2580");
  });

  it("pause after 5 wrong ones on that kiosk only; a right one does not count", async () => {
    const resident = getKioskResident(db, ada)!;
    const k1 = newId();
    const k2 = newId();
    expect(
      await checkKioskPin(db, { communityId: alpha.id, kioskId: k1, resident, pin: "2580" }),
    ).toEqual({ ok: true });
    for (let i = 1; i <= 5; i++) {
      expect(
        await checkKioskPin(db, { communityId: alpha.id, kioskId: k1, resident, pin: "1111" }),
      ).toEqual({ ok: false, reason: "wrong", remaining: 5 - i });
    }
    const sixth = await checkKioskPin(db, {
      communityId: alpha.id,
      kioskId: k1,
      resident,
      pin: "2580",
    });
    expect(sixth.ok).toBe(false);
    expect(sixth).toMatchObject({ reason: "paused" });
    expect(
      await checkKioskPin(db, { communityId: alpha.id, kioskId: k2, resident, pin: "2580" }),
    ).toEqual({ ok: true });
  });

  it("a resident without a PIN is told so", async () => {
    const resident = { id: bob, kioskPinHash: null };
    expect(
      await checkKioskPin(db, { communityId: alpha.id, kioskId: "k", resident, pin: "2580" }),
    ).toEqual({ ok: false, reason: "no-pin" });
  });
});

describe("the kiosk device", () => {
  it("a setup link works once", async () => {
    const { kiosk, setupToken } = registerKiosk(db, "Garden", audit());
    expect(kioskForSetupToken(db, setupToken)?.id).toBe(kiosk.id);
    const device = await issueKioskDevice(alpha, kiosk.id);
    expect(completeKioskSetup(db, setupToken, device.secretHash, audit())?.setUpAt).toBeTruthy();
    expect(kioskForSetupToken(db, setupToken)).toBeUndefined();
    expect(completeKioskSetup(db, setupToken, device.secretHash, audit())).toBeUndefined();
  });

  it("is a kiosk on its own community's host only, and only with its own secret", async () => {
    const { id, cookie } = await setUpKiosk();
    const on = await readKiosk(request(A, cookie));
    expect(on.state).toBe("on");
    expect(on.state === "on" && on.kiosk.id).toBe(id);
    expect((await readKiosk(request(B, cookie))).state).toBe("none");
    expect((await readKiosk(request(A, "storyloom_kiosk=forged"))).state).toBe("none");
    expect((await readKiosk(request(A, ""))).state).toBe("none");
  });

  it("switched off: says so, and its resident's session ends at once", async () => {
    const { id, cookie } = await setUpKiosk();
    startKioskSession(db, { kioskId: id, residentId: ada });
    expect((await requireKioskResident(request(A, cookie, "/kiosk/me"))).resident.id).toBe(ada);
    revokeKiosk(db, id, audit());
    expect((await readKiosk(request(A, cookie))).state).toBe("off");
    expect(kioskSessionOf(db, id).session).toBeNull();
    const thrown = await requireKioskResident(request(A, cookie, "/kiosk/me")).catch(
      (r: unknown) => r,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/kiosk");
  });
});

describe("the resident's kiosk session", () => {
  it("acts as her under an id of its own, with the helper, and ends after 2 minutes without input", async () => {
    const { id, cookie } = await setUpKiosk();
    const session = startKioskSession(db, {
      kioskId: id,
      residentId: ada,
      helper: { userId: "u1", name: "Marcus" },
    });
    const ctx = await requireKioskResident(request(A, cookie, "/kiosk/me"));
    expect(ctx.actor).toMatchObject({
      id: `kiosk:${session.id}`,
      role: "resident",
      residentId: ada,
    });
    expect(ctx.helper).toEqual({ userId: "u1", name: "Marcus" });
    expect(ctx.secondsLeft).toBe(120);
    const later = Date.now() + KIOSK_IDLE_MS + 1000;
    expect(kioskSessionOf(db, id, later)).toEqual({ session: null, expired: true });
    const thrown = await requireKioskResident(request(A, cookie, "/kiosk/me")).catch(
      (r: unknown) => r,
    );
    expect((thrown as Response).headers.get("Location")).toBe("/kiosk");
  });

  it("a resident who withdrew consent is not on the grid and her session ends", async () => {
    const { id, cookie } = await setUpKiosk();
    startKioskSession(db, { kioskId: id, residentId: ada });
    expect(listKioskResidents(db).map((r) => r.id)).toEqual([ada]);
    setKioskConsent(db, ada, false);
    expect(listKioskResidents(db)).toEqual([]);
    const thrown = await requireKioskResident(request(A, cookie, "/kiosk/me")).catch(
      (r: unknown) => r,
    );
    expect((thrown as Response).headers.get("Location")).toBe("/kiosk");
    setKioskConsent(db, ada, true);
  });

  it("opens her own stories' media, never another resident's", () => {
    const own = createStory(db, {
      residentId: ada,
      author: { id: "x", username: "x", displayName: "x" },
      content: "Mine",
      category: "general",
    });
    const other = createStory(db, {
      residentId: bob,
      author: { id: "x", username: "x", displayName: "x" },
      content: "His",
      category: "general",
    });
    const m1 = newId();
    const m2 = newId();
    for (const [mid, story] of [
      [m1, own.id],
      [m2, other.id],
    ] as const) {
      db.insert(tenantSchema.media)
        .values({
          id: mid,
          kind: "image",
          fileName: `${mid}.jpg`,
          mimeType: "image/jpeg",
          bytes: 1,
          status: "attached",
        })
        .run();
      db.update(tenantSchema.stories)
        .set({ imageId: mid, isPublished: true })
        .where(eqId(story))
        .run();
    }
    const session = { id: "s1", residentId: ada };
    expect(
      kioskMayOpenMedia(db, session, { id: m1, status: "attached", uploadedByUserId: null }),
    ).toBe(true);
    expect(
      kioskMayOpenMedia(db, session, { id: m2, status: "attached", uploadedByUserId: null }),
    ).toBe(false);
    expect(
      kioskMayOpenMedia(db, session, { id: "p", status: "pending", uploadedByUserId: "kiosk:s1" }),
    ).toBe(true);
    expect(
      kioskMayOpenMedia(db, session, { id: "p", status: "pending", uploadedByUserId: "kiosk:s2" }),
    ).toBe(false);
  });
});

describe("sign-in cards", () => {
  it("a new card retires the old one", () => {
    const first = newKioskCard(db, ada);
    expect(residentForKioskCard(db, first)?.id).toBe(ada);
    const second = newKioskCard(db, ada);
    expect(residentForKioskCard(db, first)).toBeUndefined();
    expect(residentForKioskCard(db, second)?.id).toBe(ada);
  });
});

function eqId(id: string) {
  return eq(tenantSchema.stories.id, id);
}

describe("'My stories' at the kiosk", () => {
  it("says who can see each story by the audience rule", async () => {
    const lena = createResident(db, { firstName: "Lena", lastName: "Label" }).id;
    setKioskConsent(db, lena, true);
    const author = { id: "x", username: "x", displayName: "x" };
    const made = (
      title: string,
      audience: "private" | "family" | "community",
      published: boolean,
    ) => {
      const s = createStory(db, {
        residentId: lena,
        author,
        title,
        content: title,
        category: "general",
        audience,
      });
      if (published)
        db.update(tenantSchema.stories)
          .set({ isPublished: true, reviewStatus: "published" })
          .where(eqId(s.id))
          .run();
      return s.id;
    };
    made("Only mine", "private", true);
    made("For my family", "family", true);
    made("For everyone", "community", true);
    made("Not yet read", "family", false);
    const taken = made("Taken back", "family", true);
    withdrawStory(db, taken, lena, { communityId: alpha.id });
    const { id, cookie } = await setUpKiosk(`Labels ${newId()}`);
    startKioskSession(db, { kioskId: id, residentId: lena });
    const list = await call(storiesPage.loader, get(`${A}/kiosk/stories`, cookie));
    const said = Object.fromEntries(
      list.data.stories.map((s: { title: string; status: string; audience: string }) => [
        s.title,
        `${s.status} | ${s.audience}`,
      ]),
    );
    expect(said).toEqual({
      "Only mine": "Approved | Who can see it: Only me and the care team",
      "For my family": "Approved | Who can see it: My family",
      "For everyone": "Approved | Who can see it: Everyone at Alpha House",
      "Not yet read": "Waiting to be read by an administrator | Who can see it: My family",
      "Taken back": "Withdrawn | Withdrawn: only you and the care team can see it.",
    });
  });
});
