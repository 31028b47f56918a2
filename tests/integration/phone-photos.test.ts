// A photo as a phone sends it: up to 25 MB, made smaller by the server (2,048 px at most, under
// 5 MB stored); an iPhone's HEIC decoded through heif-convert; without the decoder refused with how
// to send a JPEG; and on every refusal the description typed beside the photo comes back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, cookieFor, type Fixture } from "../helpers/home-fixture";
import { tenantMediaDir, tenantSchema } from "~/utils/db.server";
import { MAX_IMAGE_BYTES } from "~/utils/media-limits";
import * as familyRoute from "~/routes/_community+/family+/_index";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const t = tenantSchema;
let dir: string;
let tmp: string;
let alpha: Fixture;
let daughter: string;
let noisy: Buffer;
let heic: Buffer;

function sharePhoto(
  description: string,
  bytes: Buffer,
  name = "IMG_0001.jpg",
  type = "image/jpeg",
) {
  const form = new FormData();
  form.append("intent", "share-photo");
  form.append("description", description);
  form.append("photo", new File([new Uint8Array(bytes)], name, { type }));
  return new Request(`${alpha.origin}/family?dialog=photo`, {
    method: "POST",
    body: form,
    headers: { Cookie: daughter },
  });
}

function storedPhoto(description: string) {
  return alpha
    .db()
    .select()
    .from(t.familyPhotos)
    .where(eq(t.familyPhotos.description, description))
    .get();
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  daughter = await cookieFor(alpha.origin, alpha.users.adaDaughter);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "phone-photos-"));
  // random noise compresses badly: a 3,000 x 1,400 JPEG at quality 100 weighs about 12 MB
  const width = 3000;
  const height = 1400;
  noisy = await sharp(crypto.randomBytes(width * height * 3), {
    raw: { width, height, channels: 3 },
  })
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
    .toBuffer();
  const small = path.join(tmp, "small.jpg");
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7" } })
    .jpeg()
    .toFile(small);
  execFileSync("heif-enc", ["-q", "60", "-o", path.join(tmp, "photo.heic"), small]);
  heic = fs.readFileSync(path.join(tmp, "photo.heic"));
});

afterEach(() => {
  delete process.env.HEIF_CONVERT_PATH;
});

afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("a phone's photo, as sent", () => {
  it("a 12 MB JPEG is taken and stored at most 2,048 px and under 5 MB", async () => {
    expect(noisy.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await call(familyRoute.action, sharePhoto("The lake, 1971", noisy));
    expect(res.status).toBe(302);
    const row = storedPhoto("The lake, 1971");
    expect(row).toBeTruthy();
    const image = alpha.db().select().from(t.media).where(eq(t.media.id, row!.imageId)).get()!;
    expect(Math.max(image.width!, image.height!)).toBeLessThanOrEqual(2048);
    const file = path.join(tenantMediaDir("alpha"), image.fileName);
    expect(fs.statSync(file).size).toBeLessThan(MAX_IMAGE_BYTES);
    const meta = await sharp(file).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it("an iPhone's HEIC (by its bytes, whatever its name) is decoded and stored", async () => {
    expect(heic.subarray(4, 8).toString("latin1")).toBe("ftyp");
    const res = await call(
      familyRoute.action,
      sharePhoto("Garden in May", heic, "IMG_0002.HEIC", "image/heic"),
    );
    expect(res.status).toBe(302);
    const row = storedPhoto("Garden in May")!;
    const image = alpha.db().select().from(t.media).where(eq(t.media.id, row.imageId)).get()!;
    expect(image.width).toBe(800);
    const meta = await sharp(path.join(tenantMediaDir("alpha"), image.fileName)).metadata();
    expect(meta.width).toBe(800);
    // the decoder's temporary files are gone
    const work = path.join(path.dirname(tenantMediaDir("alpha")), "tmp");
    expect(fs.existsSync(work) ? fs.readdirSync(work) : []).toEqual([]);
  });

  it("without heif-convert a HEIC is refused with how to send a JPEG; the description comes back", async () => {
    process.env.HEIF_CONVERT_PATH = path.join(tmp, "no-such-heif-convert");
    const res = await call(familyRoute.action, sharePhoto("Uncle Joe's boat", heic, "IMG_3.HEIC"));
    expect(res.status).toBe(422);
    const [title, description] = res.data.error.photo;
    expect(title).toBe("Photo format not supported");
    expect(description).toContain("Settings → Camera → Formats → Most Compatible");
    expect(description).toContain("choose the photo again");
    expect(res.data.initialValue).toMatchObject({ description: "Uncle Joe's boat" });
    expect(storedPhoto("Uncle Joe's boat")).toBeUndefined();
  });

  it("a file that is not an image, or over 25 MB, is refused with the description kept", async () => {
    const text = await call(
      familyRoute.action,
      sharePhoto("Not a photo", Buffer.from("hello, this is text"), "notes.jpg"),
    );
    expect(text.status).toBe(422);
    expect(text.data.error.photo.join(" ")).toContain("choose the photo again");
    expect(text.data.initialValue).toMatchObject({ description: "Not a photo" });

    const huge = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(30 * 1024 * 1024, 7),
    ]);
    const big = await call(familyRoute.action, sharePhoto("Too big even for a phone", huge));
    expect(big.data.error.photo).toEqual([
      "This photo is too large (30 MB): choose one under 25 MB",
      "Your text is kept. Please choose the photo again.",
    ]);
    expect(big.data.initialValue).toMatchObject({ description: "Too big even for a phone" });
  });
});
