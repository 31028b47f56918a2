// The photo chosen with a kiosk story whose turn ended, on real SQLite files: kept with her words
// as a media row the draft owns, shown back only on that kiosk and in her turn, saved with the
// story in her next turn, deleted with the draft when it is thrown away or too old, never swept
// while the draft is there; a photo that cannot be kept leaves her words kept and says why.
import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import {
  completeKioskSetup,
  discardKioskDraft,
  KIOSK_DRAFT_TTL_MS,
  registerKiosk,
  setKioskConsent,
  setKioskPin,
  settleKioskTurns,
} from "~/models/kiosk.server";
import { getMedia, mediaDir } from "~/models/media.server";
import { canAccessMedia, sweepPendingMedia } from "~/models/media-access.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { issueKioskDevice, startKioskSession } from "~/utils/kiosk.server";
import { newId } from "~/utils/ids.server";
import { call, get, postForm } from "../helpers/home-fixture";
import * as pinPage from "~/routes/_community+/kiosk+/residents.$residentId";
import * as writePage from "~/routes/_community+/kiosk+/write";
import * as mediaRoute from "~/routes/_community+/media.$mediaId";

let dir: string;
let alpha: Community;
let db: TenantDb;
let ada: string;
let bob: string;
const A = "http://alpha.storyloom.localhost:3000";
const audit = () => ({ actorUserId: null, tenantId: alpha.id });
const { kioskDrafts, kioskSessions, media, stories } = tenantSchema;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  db = getTenantDb(alpha);
  ada = createResident(db, { firstName: "Ada", lastName: "Lovelace" }).id;
  bob = createResident(db, { firstName: "Bob", lastName: "Brown" }).id;
  for (const r of [ada, bob]) setKioskConsent(db, r, true);
  await setKioskPin(db, ada, "2580");
});
afterAll(() => cleanupDataDir(dir));

async function setUpKiosk(name: string): Promise<{ id: string; cookie: string }> {
  const { kiosk, setupToken } = registerKiosk(db, name, audit());
  const device = await issueKioskDevice(alpha, kiosk.id);
  expect(completeKioskSetup(db, setupToken, device.secretHash, audit())).toBeTruthy();
  return { id: kiosk.id, cookie: device.setCookie.split(";")[0]! };
}

function ageTurn(kioskId: string, ms: number) {
  db.update(kioskSessions)
    .set({ lastInputAt: new Date(Date.now() - ms).toISOString() })
    .where(eq(kioskSessions.kioskId, kioskId))
    .run();
}

const locationOf = (r: { response: Response | null }) => r.response?.headers.get("Location");
const photoBytes = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: "#88aacc" } })
    .jpeg()
    .toBuffer();

/** The story form as the kiosk sends it: multipart, with a photo file or none. */
function postStory(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    "image",
    file
      ? new File([new Uint8Array(file.bytes)], file.name, { type: file.type })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return new Request(url, { method: "POST", body: form, headers: { Cookie: cookie } });
}

const draftOf = (id: string) => db.select().from(kioskDrafts).where(eq(kioskDrafts.id, id)).get();
const draftIdIn = (where: string) => new URL(where, A).searchParams.get("draft")!;
const mediaFiles = (id: string) => {
  const row = getMedia(db, id);
  return row ? fs.existsSync(path.join(mediaDir(alpha), row.fileName)) : false;
};

/** A turn that ended while she had typed and chosen a photo: the draft's id and its photo. */
async function endedWithPhoto(kiosk: { id: string; cookie: string }, title: string) {
  startKioskSession(db, { kioskId: kiosk.id, residentId: ada });
  const page = await call(writePage.loader, get(`${A}/kiosk/write`, kiosk.cookie));
  ageTurn(kiosk.id, 33 * 60_000);
  const sent = await call(
    writePage.action,
    postStory(
      `${A}/kiosk/write`,
      kiosk.cookie,
      { turn: page.data.turn, title, content: `${title}: the pier at dusk.`, category: "family" },
      { bytes: await photoBytes(), name: "pier.jpg", type: "image/jpeg" },
    ),
  );
  const where = locationOf(sent)!;
  expect(where).toMatch(/^\/kiosk\/write\?draft=[\w-]+$/);
  const draft = draftOf(draftIdIn(where))!;
  return { where, draft, imageId: draft.imageId! };
}

describe("the photo chosen with a kiosk story whose turn ended", () => {
  it("is kept with her words; her next turn shows it and saves it with the story", async () => {
    const kiosk = await setUpKiosk(`Lounge ${newId()}`);
    const title = `Pier ${newId()}`;
    const { where, draft, imageId } = await endedWithPhoto(kiosk, title);
    expect(draft).toMatchObject({ residentId: ada, title, content: `${title}: the pier at dusk.` });
    expect(getMedia(db, imageId)).toMatchObject({ kind: "image", status: "pending" });
    expect(mediaFiles(imageId)).toBe(true);

    // shown back on the kiosk: her words and her photo
    const ended = await call(writePage.loader, get(`${A}${where}`, kiosk.cookie));
    expect(ended.data).toMatchObject({
      mode: "ended",
      draft: { title },
      photo: { url: `/media/${imageId}?w=400` },
    });
    // a sweep of old uploads leaves it while the draft is there
    sweepPendingMedia(db, alpha, Date.now() + 2 * KIOSK_DRAFT_TTL_MS);
    expect(getMedia(db, imageId)).toBeTruthy();

    // her photo, her PIN: the turn opens on her words and her photo
    const tapped = await call(
      writePage.action,
      postStory(`${A}${where}`, kiosk.cookie, { title, content: "x", intent: "sign-in" }),
    );
    expect(locationOf(tapped)).toBe(`/kiosk/residents/${ada}`);
    expect(draftOf(draft.id)?.imageId).toBe(imageId);
    const pin = await call(
      pinPage.action,
      postForm(`${A}/kiosk/residents/${ada}`, { pin: "2580" }, kiosk.cookie),
      { residentId: ada },
    );
    expect(locationOf(pin)).toBe(where);
    const turn = await call(writePage.loader, get(`${A}${where}`, kiosk.cookie));
    expect(turn.data).toMatchObject({
      mode: "draft",
      photo: { url: `/media/${imageId}?w=400` },
    });
    const saved = await call(
      writePage.action,
      postStory(`${A}${where}`, kiosk.cookie, {
        turn: turn.data.turn,
        title,
        content: `${title}: the pier at dusk.`,
        category: "family",
        audience: "family",
      }),
    );
    expect(locationOf(saved)).toBe("/kiosk");
    const story = db.select().from(stories).where(eq(stories.title, title)).get();
    expect(story).toMatchObject({ residentId: ada, imageId });
    expect(getMedia(db, imageId)).toMatchObject({ status: "attached" });
    expect(draftOf(draft.id)).toBeUndefined();
  });

  it("'Remove this photo' keeps her words without it; throwing the draft away or its expiry deletes the photo", async () => {
    const kiosk = await setUpKiosk(`Porch ${newId()}`);
    const first = await endedWithPhoto(kiosk, `Garden ${newId()}`);
    const removed = await call(
      writePage.action,
      postStory(`${A}${first.where}`, kiosk.cookie, {
        title: first.draft.title,
        content: "changed words",
        category: "family",
        intent: "remove-photo",
      }),
    );
    expect(locationOf(removed)).toBe(first.where);
    expect(draftOf(first.draft.id)).toMatchObject({ content: "changed words", imageId: null });
    expect(getMedia(db, first.imageId)).toBeUndefined();

    const second = await endedWithPhoto(kiosk, `Orchard ${newId()}`);
    expect(mediaFiles(second.imageId)).toBe(true);
    const file = path.join(mediaDir(alpha), getMedia(db, second.imageId)!.fileName);
    discardKioskDraft(db, alpha, second.draft.id);
    expect(draftOf(second.draft.id)).toBeUndefined();
    expect(getMedia(db, second.imageId)).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);

    const third = await endedWithPhoto(kiosk, `Harbour ${newId()}`);
    db.update(kioskDrafts)
      .set({ createdAt: new Date(Date.now() - KIOSK_DRAFT_TTL_MS - 60_000).toISOString() })
      .where(eq(kioskDrafts.id, third.draft.id))
      .run();
    await settleKioskTurns(db, alpha);
    expect(draftOf(third.draft.id)).toBeUndefined();
    expect(getMedia(db, third.imageId)).toBeUndefined();
  });

  it("is seen only on that kiosk and in her turn: not by another resident, her family or another kiosk", async () => {
    const kiosk = await setUpKiosk(`Hall ${newId()}`);
    const other = await setUpKiosk(`Library ${newId()}`);
    const { imageId } = await endedWithPhoto(kiosk, `Tram ${newId()}`);
    const open = async (cookie: string) =>
      (await call(mediaRoute.loader, get(`${A}/media/${imageId}`, cookie), { mediaId: imageId }))
        .status;
    // the kiosk between turns (the page that gives her words back), and her own turn
    expect(await open(kiosk.cookie)).toBe(200);
    startKioskSession(db, { kioskId: kiosk.id, residentId: ada });
    expect(await open(kiosk.cookie)).toBe(200);
    // another resident's turn on the same kiosk, and another kiosk
    startKioskSession(db, { kioskId: kiosk.id, residentId: bob });
    expect(await open(kiosk.cookie)).toBe(404);
    expect(await open(other.cookie)).toBe(404);
    startKioskSession(db, { kioskId: other.id, residentId: ada });
    expect(await open(other.cookie)).toBe(404);
    // signed-in members: another resident, a family member, even her own account
    const row = getMedia(db, imageId)!;
    const viewers = [
      { id: newId(), role: "resident" as const, residentId: bob, familyMemberIds: [] },
      { id: newId(), role: "family" as const, residentId: null, familyMemberIds: [newId()] },
      { id: newId(), role: "resident" as const, residentId: ada, familyMemberIds: [] },
    ];
    for (const viewer of viewers) expect(canAccessMedia(db, viewer, row)).toBe(false);
  });

  it("a photo that is not a photo, or too large, keeps her words and says what to do", async () => {
    const kiosk = await setUpKiosk(`Den ${newId()}`);
    const kept = await endedWithPhoto(kiosk, `Letter ${newId()}`);
    const sent = await call(
      writePage.action,
      postStory(
        `${A}${kept.where}`,
        kiosk.cookie,
        { title: kept.draft.title, content: "her long letter", category: "family" },
        { bytes: Buffer.from("not a picture at all"), name: "letter.txt", type: "text/plain" },
      ),
    );
    const where = locationOf(sent)!;
    expect(where).toBe(`${kept.where}&photo=wrongType`);
    // her words are kept, and the photo kept before stays
    expect(draftOf(kept.draft.id)).toMatchObject({
      content: "her long letter",
      imageId: kept.imageId,
    });
    const page = await call(writePage.loader, get(`${A}${where}`, kiosk.cookie));
    expect(page.data.mode).toBe("ended");
    expect(page.data.photoProblem.join(" ")).toMatch(/Please select an image file/);
    expect(page.data.photoProblem.join(" ")).toMatch(/Choose another photo below/);
    expect(db.select().from(media).where(eq(media.id, kept.imageId)).get()).toBeTruthy();
  });
});
