// The lounge kiosk's identity (ADR 017) on real SQLite files: the one-time setup link, the
// host-bound device cookie, switching off, the resident's session and its 2 minutes, PIN rules and
// the pause per resident and kiosk, and what a kiosk session may open. Also: the limit of wrong
// PINs per kiosk across residents and its audit rows; a story sent after the 2 minutes ended the
// turn (taken up again, or kept and shown back); a recording left at the preview kept or thrown
// away; and "My stories" saying who can see each story by the audience rule.
import { and, eq, like } from "drizzle-orm";
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
  noteKioskRecording,
  registerKiosk,
  residentForKioskCard,
  revokeKiosk,
  setKioskConsent,
  setKioskPin,
} from "~/models/kiosk.server";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  tenantSchema,
  type Community,
  type TenantDb,
} from "~/utils/db.server";
import {
  issueKioskDevice,
  kioskSessionOf,
  readKiosk,
  startKioskSession,
  KIOSK_IDLE_MS,
} from "~/utils/kiosk.server";
import { requireKioskResident } from "~/utils/permissions.server";
import { newId } from "~/utils/ids.server";
import { call, get, postForm } from "../helpers/home-fixture";
import * as pinPage from "~/routes/_community+/kiosk+/residents.$residentId";
import * as writePage from "~/routes/_community+/kiosk+/write";
import * as donePage from "~/routes/_community+/kiosk+/done";
import * as storiesPage from "~/routes/_community+/kiosk+/stories._index";
import * as gridPage from "~/routes/_community+/kiosk+/_index";

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

// --- the per-kiosk limit, late stories, recordings left at the preview, "My stories" ---

const { auditLog } = controlSchema;

/** Alpha's audit rows of one action whose details start with the kiosk's name. */
function auditRows(action: string, kioskName: string) {
  return getControlDb()
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, alpha.id),
        eq(auditLog.action, action),
        like(auditLog.details, `${kioskName}:%`),
      ),
    )
    .all();
}

/** Moves the kiosk's turn back in time: its last tap was `ms` ago. */
function ageTurn(kioskId: string, ms: number) {
  db.update(tenantSchema.kioskSessions)
    .set({ lastInputAt: new Date(Date.now() - ms).toISOString() })
    .where(eq(tenantSchema.kioskSessions.kioskId, kioskId))
    .run();
}

const locationOf = (r: { response: Response | null }) => r.response?.headers.get("Location");

describe("wrong PINs on one kiosk, across residents", () => {
  it("60 wrong PINs across 10 residents: at most 30 are checked, every one is in the audit log, then the kiosk asks for staff", async () => {
    const name = `Cap lounge ${newId()}`;
    const { id, cookie } = await setUpKiosk(name);
    const people: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = createResident(db, { firstName: `Pin${i}`, lastName: "Tester" }).id;
      setKioskConsent(db, r, true);
      await setKioskPin(db, r, "2580");
      people.push(r);
    }
    for (const r of people)
      for (let k = 0; k < 6; k++)
        await call(pinPage.action, postForm(`${A}/kiosk/residents/${r}`, { pin: "1111" }, cookie), {
          residentId: r,
        });
    const checked = auditRows("kiosk.pin_wrong", name);
    const notChecked = auditRows("kiosk.pin_refused", name);
    expect(checked).toHaveLength(30);
    expect(notChecked).toHaveLength(30);
    expect(checked.length + notChecked.length).toBe(60);
    // five residents' PINs paused by their own five, the sixth's by the thirtieth; then the cap
    expect(auditRows("kiosk.pin_paused", name)).toHaveLength(6);
    expect(auditRows("kiosk.pin_capped", name)).toHaveLength(1);
    // not checked: the first five residents' sixth (her PIN paused), then every one after the
    // thirtieth (the kiosk asks for staff, which is said first when both hold)
    expect(notChecked.filter((r) => /her PIN is paused/.test(r.details!))).toHaveLength(5);
    expect(notChecked.filter((r) => /the kiosk asks for staff/.test(r.details!))).toHaveLength(25);

    // past it, even the right PIN of a resident not paused is not checked
    const last = people[9]!;
    const right = await call(
      pinPage.action,
      postForm(`${A}/kiosk/residents/${last}`, { pin: "2580" }, cookie),
      { residentId: last },
    );
    expect(right.status).toBe(429);
    expect(right.data.error).toMatch(/Ask a member of staff to help/);
    expect(kioskSessionOf(db, id).session).toBeNull();
    expect(auditRows("kiosk.pin_refused", name)).toHaveLength(31);
    const page = await call(pinPage.loader, get(`${A}/kiosk/residents/${last}`, cookie), {
      residentId: last,
    });
    expect(page.data.askStaff).toMatch(/Ask a member of staff to help/);

    // another kiosk takes her PIN; the turn's start is in the audit log
    const otherName = `Porch ${newId()}`;
    const other = await setUpKiosk(otherName);
    const started = await call(
      pinPage.action,
      postForm(`${A}/kiosk/residents/${last}`, { pin: "2580" }, other.cookie),
      { residentId: last },
    );
    expect(locationOf(started)).toBe("/kiosk/me");
    expect(auditRows("kiosk.turn_started", otherName)).toHaveLength(1);
    const done = await call(donePage.action, postForm(`${A}/kiosk/done`, {}, other.cookie));
    expect(locationOf(done)).toBe("/kiosk");
    expect(auditRows("kiosk.turn_ended", otherName).map((r) => r.details)).toEqual([
      `${otherName}: Pin9 Tester: she chose “I'm done”`,
    ]);
  });
});

describe("a story sent after 2 minutes without a tap", () => {
  const fields = (turn: string, title: string) => ({
    turn,
    title,
    content: `${title}: we walked to the harbour every Sunday.`,
    category: "family",
    audience: "family",
  });
  const storyTitled = (title: string) =>
    db.select().from(tenantSchema.stories).where(eq(tenantSchema.stories.title, title)).get();

  async function writePageOf(cookie: string) {
    const page = await call(writePage.loader, get(`${A}/kiosk/write`, cookie));
    expect(page.data.mode).toBe("write");
    return page.data.turn as string;
  }

  it("from the same kiosk within 30 minutes takes the turn up again: the story is saved for review", async () => {
    const name = `Resume ${newId()}`;
    const { id, cookie } = await setUpKiosk(name);
    const session = startKioskSession(db, { kioskId: id, residentId: ada });
    const turn = await writePageOf(cookie);
    ageTurn(id, 130_000);
    // her turn has ended: any other screen goes back to the grid
    const menu = await requireKioskResident(request(A, cookie, "/kiosk/me")).catch(
      (r: unknown) => r,
    );
    expect((menu as Response).headers.get("Location")).toBe("/kiosk?ended=idle");
    const title = `Late but kept ${newId()}`;
    const sent = await call(
      writePage.action,
      postForm(`${A}/kiosk/write`, fields(turn, title), cookie),
    );
    expect(sent.status).toBe(302);
    expect(locationOf(sent)).toBe("/kiosk");
    expect(storyTitled(title)).toMatchObject({
      residentId: ada,
      reviewStatus: "pending",
      isPublished: false,
      authorUserId: `kiosk:${session.id}`,
    });
    // saving ends the turn; the log says it was taken up again, then why it ended
    expect(kioskSessionOf(db, id).session).toBeNull();
    expect(auditRows("kiosk.turn_resumed", name)).toHaveLength(1);
    expect(auditRows("kiosk.turn_ended", name).map((r) => r.details)).toEqual([
      `${name}: Ada Lovelace: her story was saved`,
    ]);
  });

  it("past 30 minutes: kept and shown back with 'tap your photo to save this'; her next turn opens on it and saves it", async () => {
    const { id, cookie } = await setUpKiosk(`Late ${newId()}`);
    startKioskSession(db, { kioskId: id, residentId: ada });
    const turn = await writePageOf(cookie);
    ageTurn(id, 33 * 60_000);
    const title = `Too late ${newId()}`;
    const sent = await call(
      writePage.action,
      postForm(`${A}/kiosk/write`, fields(turn, title), cookie),
    );
    const where = locationOf(sent)!;
    expect(where).toMatch(/^\/kiosk\/write\?draft=[\w-]+$/);
    expect(storyTitled(title)).toBeUndefined();
    const shown = await call(writePage.loader, get(`${A}${where}`, cookie));
    expect(shown.data).toMatchObject({
      mode: "ended",
      resident: { id: ada, firstName: "Ada" },
      draft: { title, content: `${title}: we walked to the harbour every Sunday.` },
    });
    // her photo sends the form (as she changed it) on to her PIN
    const changed = `${title}: we walked to the harbour every Sunday, and back by tram.`;
    const photo = await call(
      writePage.action,
      postForm(
        `${A}${where}`,
        { title, content: changed, category: "family", intent: "sign-in" },
        cookie,
      ),
    );
    expect(locationOf(photo)).toBe(`/kiosk/residents/${ada}`);
    const pin = await call(
      pinPage.action,
      postForm(`${A}/kiosk/residents/${ada}`, { pin: "2580" }, cookie),
      { residentId: ada },
    );
    expect(locationOf(pin)).toBe(where);
    const again = await call(writePage.loader, get(`${A}${where}`, cookie));
    expect(again.data).toMatchObject({ mode: "draft", draft: { title, content: changed } });
    const saved = await call(
      writePage.action,
      postForm(`${A}${where}`, { ...fields(again.data.turn, title), content: changed }, cookie),
    );
    expect(locationOf(saved)).toBe("/kiosk");
    expect(storyTitled(title)).toMatchObject({
      residentId: ada,
      content: changed,
      reviewStatus: "pending",
    });
    expect(
      db
        .select()
        .from(tenantSchema.kioskDrafts)
        .where(eq(tenantSchema.kioskDrafts.residentId, ada))
        .all(),
    ).toEqual([]);
  });

  it("from another kiosk, or after her PIN changed, the turn is not taken up again: her words are kept", async () => {
    const first = await setUpKiosk(`First ${newId()}`);
    const second = await setUpKiosk(`Second ${newId()}`);
    startKioskSession(db, { kioskId: first.id, residentId: ada });
    let turn = await writePageOf(first.cookie);
    ageTurn(first.id, 130_000);
    const elsewhere = `Elsewhere ${newId()}`;
    const sent = await call(
      writePage.action,
      postForm(`${A}/kiosk/write`, fields(turn, elsewhere), second.cookie),
    );
    expect(locationOf(sent)).toMatch(/^\/kiosk\/write\?draft=/);
    expect(storyTitled(elsewhere)).toBeUndefined();
    const kept = db
      .select()
      .from(tenantSchema.kioskDrafts)
      .where(eq(tenantSchema.kioskDrafts.title, elsewhere))
      .get();
    expect(kept).toMatchObject({ kioskId: second.id, residentId: ada });

    startKioskSession(db, { kioskId: first.id, residentId: ada });
    turn = await writePageOf(first.cookie);
    ageTurn(first.id, 130_000);
    await setKioskPin(db, ada, "1470");
    const newPin = `New PIN ${newId()}`;
    const refused = await call(
      writePage.action,
      postForm(`${A}/kiosk/write`, fields(turn, newPin), first.cookie),
    );
    expect(locationOf(refused)).toMatch(/^\/kiosk\/write\?draft=/);
    expect(storyTitled(newPin)).toBeUndefined();
    await setKioskPin(db, ada, "2580");
  });
});

describe("a recording left at the preview", () => {
  function pendingRecording(sessionId: string): string {
    const mid = newId();
    db.insert(tenantSchema.media)
      .values({
        id: mid,
        kind: "audio",
        fileName: `${mid}.webm`,
        mimeType: "audio/webm",
        bytes: 1,
        durationSeconds: 3,
        status: "pending",
        uploadedByUserId: `kiosk:${sessionId}`,
      })
      .run();
    return mid;
  }
  const storyOfAudio = (audioId: string) =>
    db.select().from(tenantSchema.stories).where(eq(tenantSchema.stories.audioId, audioId)).get();

  async function atPreview(name: string) {
    const kiosk = await setUpKiosk(name);
    const session = startKioskSession(db, { kioskId: kiosk.id, residentId: ada });
    const audioId = pendingRecording(session.id);
    noteKioskRecording(db, { audioId, session, category: "travel", promptKey: null, jobId: null });
    return { ...kiosk, session, audioId };
  }

  it("'I'm done' asks 'Keep this recording?'; unanswered, it is kept as Words to add, only hers to see", async () => {
    const { id, cookie, audioId } = await atPreview(`Unanswered ${newId()}`);
    const done = await call(donePage.action, postForm(`${A}/kiosk/done`, {}, cookie));
    expect(locationOf(done)).toBe("/kiosk/done");
    const asked = await call(donePage.loader, get(`${A}/kiosk/done`, cookie));
    expect(asked.status).toBe(200);
    expect(asked.data.audioUrl).toContain(audioId);
    expect(storyOfAudio(audioId)).toBeUndefined();
    // nobody answers: the page's time runs out and the kiosk goes back to the start
    ageTurn(id, 130_000);
    await call(gridPage.loader, get(`${A}/kiosk?ended=idle`, cookie));
    const story = storyOfAudio(audioId);
    expect(story).toMatchObject({
      residentId: ada,
      content: "",
      category: "travel",
      audience: "private",
      reviewStatus: "pending",
    });
    expect(
      db.select().from(tenantSchema.media).where(eq(tenantSchema.media.id, audioId)).get()?.status,
    ).toBe("attached");
    // in her stories: Words to add, and only she (and the care team) can see it
    startKioskSession(db, { kioskId: id, residentId: ada });
    const list = await call(storiesPage.loader, get(`${A}/kiosk/stories`, cookie));
    expect(list.data.stories.find((s: { id: string }) => s.id === story!.id)).toMatchObject({
      wordsToAdd: true,
      audience: "Who can see it: Only me and the care team",
    });
  });

  it("Keep saves it at once; Throw it away deletes it; a turn left at the preview keeps it after 30 minutes", async () => {
    const keep = await atPreview(`Keep ${newId()}`);
    await call(donePage.action, postForm(`${A}/kiosk/done`, {}, keep.cookie));
    const kept = await call(
      donePage.action,
      postForm(`${A}/kiosk/done`, { answer: "keep" }, keep.cookie),
    );
    expect(locationOf(kept)).toBe("/kiosk");
    expect(storyOfAudio(keep.audioId)).toMatchObject({ content: "", residentId: ada });
    expect(kioskSessionOf(db, keep.id).session).toBeNull();

    const away = await atPreview(`Away ${newId()}`);
    await call(donePage.action, postForm(`${A}/kiosk/done`, {}, away.cookie));
    await call(donePage.action, postForm(`${A}/kiosk/done`, { answer: "discard" }, away.cookie));
    expect(storyOfAudio(away.audioId)).toBeUndefined();
    expect(
      db.select().from(tenantSchema.media).where(eq(tenantSchema.media.id, away.audioId)).get(),
    ).toBeUndefined();

    // walked away at the preview: kept while the turn may be taken up again, then a story
    const left = await atPreview(`Left ${newId()}`);
    ageTurn(left.id, 130_000);
    await call(gridPage.loader, get(`${A}/kiosk`, left.cookie));
    expect(storyOfAudio(left.audioId)).toBeUndefined();
    ageTurn(left.id, 33 * 60_000);
    db.update(tenantSchema.kioskSessions)
      .set({ endedAt: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where(eq(tenantSchema.kioskSessions.kioskId, left.id))
      .run();
    await call(gridPage.loader, get(`${A}/kiosk`, left.cookie));
    expect(storyOfAudio(left.audioId)).toMatchObject({ content: "", residentId: ada });
  });
});

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
