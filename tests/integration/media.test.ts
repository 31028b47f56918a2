// The private media pipeline: re-encoding without metadata, who may fetch a file, Range requests,
// the signed upload URL flow, refusals that store nothing, and the sweeper.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postJson,
  PASSWORD,
  type Fixture,
} from "../helpers/home-fixture";
import { exifHasGps, phoneJpegWithGps, textRenamedJpg } from "../helpers/images";

/** Over the 25 MB a phone's photo may weigh as sent. */
const overPhoneLimitJpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(26 * 1024 * 1024, 7)]);
import { createUser } from "~/models/user.server";
import { getMedia, mediaVariants, saveImage } from "~/models/media.server";
import { sweepPendingMedia } from "~/models/media-access.server";
import { shareFamilyPhoto } from "~/models/family-photo.server";
import { tenantMediaDir, tenantSchema } from "~/utils/db.server";
import * as mediaRoute from "~/routes/_community+/media.$mediaId";
import * as uploadUrlApi from "~/routes/api+/objects.upload";
import * as uploadPut from "~/routes/_community+/uploads.$token";
import * as storyImagesApi from "~/routes/api+/story-images";
import * as storyImageApi from "~/routes/api+/stories.$id.image";
import * as familyPhotosApi from "~/routes/api+/family.photos";

const t = tenantSchema;
let dir: string;
let alpha: Fixture;
let bravo: Fixture;
const cookies = {} as Record<
  "admin" | "staff" | "ada" | "adaDaughter" | "benSon" | "ben" | "bravoAda",
  string
>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  await createUser({
    tenantId: alpha.community.id,
    username: "alpha.ben",
    email: "ben@x.example",
    displayName: "Ben Franklin",
    role: "resident",
    password: PASSWORD,
    residentId: alpha.residents.ben,
  });
  for (const [key, username] of Object.entries(alpha.users))
    cookies[key as keyof typeof alpha.users] = await cookieFor(alpha.origin, username);
  cookies.ben = await cookieFor(alpha.origin, "alpha.ben");
  cookies.bravoAda = await cookieFor(bravo.origin, bravo.users.ada);
});
afterAll(() => cleanupDataDir(dir));

const mediaFiles = (sub = "alpha") =>
  fs.existsSync(tenantMediaDir(sub))
    ? fs.readdirSync(tenantMediaDir(sub)).filter((f) => !f.startsWith("."))
    : [];
const mediaRows = (f: Fixture) => f.db().select().from(t.media).all();
const fetchMedia = (
  origin: string,
  id: string,
  cookie?: string,
  headers: Record<string, string> = {},
  query = "",
) =>
  call(mediaRoute.loader, get(`${origin}/media/${id}${query}`, cookie, headers), { mediaId: id });

function put(url: string, body: Buffer | string, cookie: string, type = "image/jpeg") {
  return new Request(url, {
    method: "PUT",
    body: typeof body === "string" ? body : new Uint8Array(body),
    headers: {
      "Content-Type": type,
      Cookie: cookie,
      "Content-Length": String(Buffer.byteLength(body)),
    },
  });
}
function putJson(url: string, value: unknown, cookie: string) {
  return new Request(url, {
    method: "PUT",
    body: JSON.stringify(value),
    headers: { "Content-Type": "application/json", Cookie: cookie },
  });
}
async function uploadUrl(
  cookie: string,
  origin = alpha.origin,
): Promise<{ url: string; token: string }> {
  const res = await call(uploadUrlApi.action, postJson(`${origin}/api/objects/upload`, {}, cookie));
  expect(res.status).toBe(200);
  const { uploadURL } = await res.response!.json();
  return { url: uploadURL, token: new URL(uploadURL).pathname.split("/").pop()! };
}
const putUpload = (u: { url: string; token: string }, body: Buffer | string, cookie: string) =>
  call(uploadPut.action, put(u.url, body, cookie), { token: u.token });

function attachToStory(
  f: Fixture,
  storyId: string,
  mediaId: string,
  column: "imageId" | "audioId" = "imageId",
) {
  f.db()
    .update(t.stories)
    .set({ [column]: mediaId })
    .where(eq(t.stories.id, storyId))
    .run();
  f.db().update(t.media).set({ status: "attached" }).where(eq(t.media.id, mediaId)).run();
}

describe("saveImage", () => {
  it("rotates by EXIF, resizes for srcset and removes every bit of metadata, GPS included", async () => {
    const phone = await phoneJpegWithGps();
    const before = await sharp(phone).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const row = await saveImage(alpha.db(), alpha.community, phone, {
      uploadedByUserId: "someone",
    });
    const variants = mediaVariants(row);
    expect(variants.map((v) => v.width)).toEqual([400, 800, 1500]);
    for (const v of variants) {
      // random server-made names, never the user's
      expect(v.fileName).toMatch(/^[0-9a-f]{32}-\d+\.webp$/);
      const meta = await sharp(path.join(tenantMediaDir("alpha"), v.fileName)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      // portrait now: the sideways phone picture was turned upright
      expect(meta.height!).toBeGreaterThan(meta.width!);
    }
    expect(row.status).toBe("pending");
  });
});

describe("GET /media/{id}", () => {
  let storyImage: string;
  beforeAll(async () => {
    storyImage = (await saveImage(alpha.db(), alpha.community, await phoneJpegWithGps(1000, 800)))
      .id;
    attachToStory(alpha, alpha.stories.adaPending, storyImage);
  });

  it("serves the owner the nearest srcset width, privately cached, never sniffed, with no EXIF", async () => {
    const res = await fetchMedia(alpha.origin, storyImage, cookies.ada, {}, "?w=500");
    expect(res.status).toBe(200);
    const h = res.response!.headers;
    expect(h.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await res.response!.arrayBuffer())).metadata();
    expect(meta.width).toBe(800);
    expect(meta.exif).toBeUndefined();
    const small = await fetchMedia(alpha.origin, storyImage, cookies.ada, {}, "?w=300");
    expect((await sharp(Buffer.from(await small.response!.arrayBuffer())).metadata()).width).toBe(
      400,
    );
    const largest = await fetchMedia(alpha.origin, storyImage, cookies.ada);
    expect((await sharp(Buffer.from(await largest.response!.arrayBuffer())).metadata()).width).toBe(
      800,
    );
  });

  it("answers 404 to everyone who may not read the owning story", async () => {
    // an unpublished story: its resident and staff yes; families, other residents, strangers no
    expect((await fetchMedia(alpha.origin, storyImage, cookies.staff)).status).toBe(200);
    expect((await fetchMedia(alpha.origin, storyImage, cookies.admin)).status).toBe(200);
    expect((await fetchMedia(alpha.origin, storyImage, cookies.adaDaughter)).status).toBe(404);
    expect((await fetchMedia(alpha.origin, storyImage, cookies.ben)).status).toBe(404);
    expect((await fetchMedia(alpha.origin, storyImage)).status).toBe(404);
    // another community's host does not know the id, and its members have no session here
    expect((await fetchMedia(bravo.origin, storyImage, cookies.bravoAda)).status).toBe(404);
    expect((await fetchMedia(bravo.origin, storyImage, cookies.ada)).status).toBe(404);
    expect((await fetchMedia(alpha.origin, "no-such-media-id", cookies.ada)).status).toBe(404);
  });

  it("serves a published story's image to every member", async () => {
    const published = (
      await saveImage(alpha.db(), alpha.community, await phoneJpegWithGps(600, 400))
    ).id;
    attachToStory(alpha, alpha.stories.benPublished, published);
    for (const who of ["adaDaughter", "benSon", "ben", "ada"] as const)
      expect((await fetchMedia(alpha.origin, published, cookies[who])).status).toBe(200);
    expect((await fetchMedia(alpha.origin, published)).status).toBe(404);
  });

  it("serves a family photo to its resident, their family and staff only", async () => {
    const photo = await shareFamilyPhoto(alpha.db(), alpha.community, {
      member: {
        id: alpha.family.adaDaughter,
        residentId: alpha.residents.ada,
        name: "Dora Lovelace",
      },
      bytes: await phoneJpegWithGps(500, 500),
      actor: { id: "dora", displayName: "Dora Lovelace" },
    });
    for (const who of ["ada", "adaDaughter", "staff", "admin"] as const)
      expect((await fetchMedia(alpha.origin, photo.imageId, cookies[who])).status, who).toBe(200);
    for (const who of ["ben", "benSon"] as const)
      expect((await fetchMedia(alpha.origin, photo.imageId, cookies[who])).status, who).toBe(404);
  });

  it("answers HTTP Range requests for audio: 206 with Content-Range, 416 when out of range", async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const fileName = "0123456789abcdef0123456789abcdef.webm";
    fs.mkdirSync(tenantMediaDir("alpha"), { recursive: true });
    fs.writeFileSync(path.join(tenantMediaDir("alpha"), fileName), bytes);
    const id = "audio-test-media-0001";
    alpha
      .db()
      .insert(t.media)
      .values({
        id,
        kind: "audio",
        fileName,
        mimeType: "audio/webm",
        bytes: bytes.length,
        status: "attached",
      })
      .run();
    attachToStory(alpha, alpha.stories.adaPublished, id, "audioId");

    const whole = await fetchMedia(alpha.origin, id, cookies.adaDaughter);
    expect(whole.status).toBe(200);
    expect(whole.response!.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.response!.headers.get("Content-Length")).toBe("1000");

    const first = await fetchMedia(alpha.origin, id, cookies.adaDaughter, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.response!.headers.get("Content-Range")).toBe("bytes 0-99/1000");
    expect(first.response!.headers.get("Content-Type")).toBe("audio/webm");
    expect(Buffer.from(await first.response!.arrayBuffer())).toEqual(bytes.subarray(0, 100));

    const tail = await fetchMedia(alpha.origin, id, cookies.adaDaughter, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.response!.arrayBuffer())).toEqual(bytes.subarray(990));

    const open = await fetchMedia(alpha.origin, id, cookies.adaDaughter, { Range: "bytes=900-" });
    expect(open.response!.headers.get("Content-Range")).toBe("bytes 900-999/1000");

    const beyond = await fetchMedia(alpha.origin, id, cookies.adaDaughter, {
      Range: "bytes=5000-6000",
    });
    expect(beyond.status).toBe(416);
    expect(beyond.response!.headers.get("Content-Range")).toBe("bytes */1000");

    // signed out, not even the size is told
    expect((await fetchMedia(alpha.origin, id, undefined, { Range: "bytes=0-9" })).status).toBe(
      404,
    );
  });
});

describe("the signed upload URL flow", () => {
  it("uploads, turns the URL into an image path, and sets a story's image", async () => {
    const u = await uploadUrl(cookies.ada);
    expect(u.url).toMatch(/^http:\/\/alpha\.storyloom\.localhost:3000\/uploads\/[\w-]+\.[\w-]+$/);
    const stored = await putUpload(u, await phoneJpegWithGps(900, 600), cookies.ada);
    expect(stored.status).toBe(200);
    const { objectPath } = await stored.response!.json();
    const mediaId = objectPath.split("/").pop();
    expect(getMedia(alpha.db(), mediaId)!.status).toBe("pending");
    // a pending upload is its uploader's alone
    expect((await fetchMedia(alpha.origin, mediaId, cookies.ada)).status).toBe(200);
    expect((await fetchMedia(alpha.origin, mediaId, cookies.staff)).status).toBe(404);

    // the same URL stores one file only
    expect((await putUpload(u, await phoneJpegWithGps(300, 300), cookies.ada)).status).toBe(409);

    const perm = await call(
      storyImagesApi.action,
      putJson(`${alpha.origin}/api/story-images`, { imageUrl: u.url }, cookies.ada),
    );
    expect(perm.status).toBe(200);
    expect(await perm.response!.json()).toEqual({ objectPath: `/media/${mediaId}` });
    // somebody else cannot claim it
    expect(
      (
        await call(
          storyImagesApi.action,
          putJson(`${alpha.origin}/api/story-images`, { imageUrl: u.url }, cookies.ben),
        )
      ).status,
    ).toBe(404);

    const set = await call(
      storyImageApi.action,
      putJson(
        `${alpha.origin}/api/stories/${alpha.stories.adaPending}/image`,
        { imageUrl: objectPath },
        cookies.ada,
      ),
      { id: alpha.stories.adaPending },
    );
    expect(set.status).toBe(200);
    expect((await set.response!.json()).imageUrl).toBe(`/media/${mediaId}`);
    expect(getMedia(alpha.db(), mediaId)!.status).toBe("attached");
  });

  it("binds the URL to its user and community", async () => {
    const u = await uploadUrl(cookies.ada);
    expect((await putUpload(u, await phoneJpegWithGps(300, 300), cookies.ben)).status).toBe(403);
    const elsewhere = put(
      u.url.replace("alpha.", "bravo."),
      await phoneJpegWithGps(300, 300),
      cookies.bravoAda,
    );
    expect((await call(uploadPut.action, elsewhere, { token: u.token })).status).toBe(403);
    const tampered = { url: u.url.slice(0, -3) + "abc", token: u.token.slice(0, -3) + "abc" };
    expect((await putUpload(tampered, await phoneJpegWithGps(300, 300), cookies.ada)).status).toBe(
      403,
    );
    // families share photos through their own form, not this flow
    expect(
      (
        await call(
          uploadUrlApi.action,
          postJson(`${alpha.origin}/api/objects/upload`, {}, cookies.adaDaughter),
        )
      ).status,
    ).toBe(403);
  });

  it("refuses a resident setting the image of another resident's story (404)", async () => {
    const u = await uploadUrl(cookies.ben);
    const { objectPath } = await (
      await putUpload(u, await phoneJpegWithGps(300, 300), cookies.ben)
    ).response!.json();
    const res = await call(
      storyImageApi.action,
      putJson(
        `${alpha.origin}/api/stories/${alpha.stories.adaPending}/image`,
        { imageUrl: objectPath },
        cookies.ben,
      ),
      { id: alpha.stories.adaPending },
    );
    expect(res.status).toBe(404);
  });

  it("refuses a 26 MB file, a text file renamed .jpg and an empty body, storing nothing", async () => {
    const rowsBefore = mediaRows(alpha).length;
    const filesBefore = mediaFiles().length;
    const cases: [Buffer, number, string][] = [
      [overPhoneLimitJpeg(), 413, "File too large: File size must be less than 25MB"],
      [textRenamedJpg(), 415, "Invalid file type: Please select an image file"],
      [Buffer.alloc(0), 415, "Invalid file type: Please select an image file"],
    ];
    for (const [body, status, message] of cases) {
      const res = await putUpload(await uploadUrl(cookies.ada), body, cookies.ada);
      expect(res.status).toBe(status);
      expect(await res.response!.text()).toBe(message);
    }
    expect(mediaRows(alpha).length).toBe(rowsBefore);
    expect(mediaFiles().length).toBe(filesBefore);
  });
});

describe("POST /api/family/photos (multipart)", () => {
  const post = (form: FormData, cookie: string) =>
    new Request(`${alpha.origin}/api/family/photos`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
  const withPhoto = (bytes: Buffer, name = "photo.jpg", description?: string) => {
    const form = new FormData();
    form.append("photo", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
    if (description) form.append("description", description);
    return form;
  };

  it("stores a photo for the member's own resident, without its GPS", async () => {
    const res = await call(
      familyPhotosApi.action,
      post(
        withPhoto(await phoneJpegWithGps(700, 500), "beach.jpg", "At the beach"),
        cookies.adaDaughter,
      ),
    );
    expect(res.status).toBe(201);
    const body = await res.response!.json();
    expect(body).toMatchObject({
      description: "At the beach",
      familyMember: { name: "Dora Lovelace", relationship: "Daughter" },
    });
    const row = alpha
      .db()
      .select()
      .from(t.familyPhotos)
      .where(eq(t.familyPhotos.id, body.id))
      .get()!;
    expect(row.residentId).toBe(alpha.residents.ada);
    for (const v of mediaVariants(getMedia(alpha.db(), row.imageId)!)) {
      expect(
        (await sharp(path.join(tenantMediaDir("alpha"), v.fileName)).metadata()).exif,
      ).toBeUndefined();
    }
  });

  it("refuses a 26 MB image, a renamed text file and an empty upload with their fixed messages, storing nothing", async () => {
    const rowsBefore = mediaRows(alpha).length;
    const photosBefore = alpha.db().select().from(t.familyPhotos).all().length;
    const filesBefore = mediaFiles().length;
    const big = await call(
      familyPhotosApi.action,
      post(withPhoto(overPhoneLimitJpeg()), cookies.adaDaughter),
    );
    expect(big.status).toBe(413);
    expect(await big.response!.text()).toBe("File too large: File size must be less than 25MB");
    const text = await call(
      familyPhotosApi.action,
      post(withPhoto(textRenamedJpg()), cookies.adaDaughter),
    );
    expect(text.status).toBe(415);
    expect(await text.response!.text()).toBe("Invalid file type: Please select an image file");
    const empty = await call(
      familyPhotosApi.action,
      post(withPhoto(Buffer.alloc(0), "empty.jpg"), cookies.adaDaughter),
    );
    expect(empty.status).toBe(400);
    expect(await empty.response!.text()).toBe("Please select a photo to upload");
    const none = await call(familyPhotosApi.action, post(new FormData(), cookies.adaDaughter));
    expect(await none.response!.text()).toBe("Please select a photo to upload");
    expect(mediaRows(alpha).length).toBe(rowsBefore);
    expect(alpha.db().select().from(t.familyPhotos).all().length).toBe(photosBefore);
    expect(mediaFiles().length).toBe(filesBefore);
  });

  it("is for family members only", async () => {
    expect(
      (
        await call(
          familyPhotosApi.action,
          post(withPhoto(await phoneJpegWithGps(300, 300)), cookies.ada),
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(familyPhotosApi.action, post(withPhoto(await phoneJpegWithGps(300, 300)), "")))
        .status,
    ).toBe(401);
  });
});

describe("sweepPendingMedia", () => {
  it("removes day-old uploads nothing took, and keeps everything in use", async () => {
    const db = alpha.db();
    const orphan = await saveImage(db, alpha.community, await phoneJpegWithGps(300, 300), {
      uploadedByUserId: "x",
    });
    const fresh = await saveImage(db, alpha.community, await phoneJpegWithGps(300, 300), {
      uploadedByUserId: "x",
    });
    const used = await saveImage(db, alpha.community, await phoneJpegWithGps(300, 300), {
      uploadedByUserId: "x",
    });
    // used by a resident's profile although nobody marked it attached
    db.update(t.residents)
      .set({ profileImageId: used.id })
      .where(eq(t.residents.id, alpha.residents.ben))
      .run();
    const old = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    db.update(t.media).set({ createdAt: old }).where(eq(t.media.id, orphan.id)).run();
    db.update(t.media).set({ createdAt: old }).where(eq(t.media.id, used.id)).run();
    const orphanFiles = mediaVariants(orphan).map((v) => v.fileName);

    expect(sweepPendingMedia(db, alpha.community)).toBeGreaterThanOrEqual(1);
    expect(getMedia(db, orphan.id)).toBeUndefined();
    for (const f of orphanFiles) expect(mediaFiles()).not.toContain(f);
    expect(getMedia(db, fresh.id)).toBeDefined();
    expect(getMedia(db, used.id)).toBeDefined();
    // and a resident's profile photo is any member's to see
    expect((await fetchMedia(alpha.origin, used.id, cookies.benSon)).status).toBe(200);
  });
});
