// Pictures sharp cannot turn into our WebP copies as they are: a 1 x 60000 and a 2 x 30000 PNG (too
// long and thin to show once made small enough for WebP's 16383 pixels) and a JPEG cut short. Every
// photo form answers 422 with its message beside the field and what was typed kept; the API answers
// 415 with the message; nothing is stored, never a 500. A tall picture that can be shown is stored
// within WebP's limit.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, cookieFor, postJson, type Fixture } from "../helpers/home-fixture";
import { greyPng, truncatedJpeg } from "../helpers/images";
import { IMAGE_ERRORS } from "~/utils/media-limits";
import {
  getMedia,
  mediaVariants,
  saveImage,
  storedWidths,
  WEBP_MAX_SIDE,
} from "~/models/media.server";
import { tenantMediaDir, tenantSchema } from "~/utils/db.server";
import * as newStoryRoute from "~/routes/_community+/resident+/stories.new";
import * as familyRoute from "~/routes/_community+/family+/_index";
import * as newResidentRoute from "~/routes/_community+/admin+/residents.new";
import * as uploadUrlApi from "~/routes/api+/objects.upload";
import * as uploadPut from "~/routes/_community+/uploads.$token";
import * as familyPhotosApi from "~/routes/api+/family.photos";

const t = tenantSchema;
let dir: string;
let alpha: Fixture;
let cookies: Record<"ada" | "admin" | "daughter", string>;

const { oddShape, damaged } = IMAGE_ERRORS;
let cases: {
  name: string;
  bytes: Buffer;
  file: string;
  type: string;
  error: typeof oddShape | typeof damaged;
}[];

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  cookies = {
    ada: await cookieFor(alpha.origin, alpha.users.ada),
    admin: await cookieFor(alpha.origin, alpha.users.admin),
    daughter: await cookieFor(alpha.origin, alpha.users.adaDaughter),
  };
  cases = [
    {
      name: "a 1 x 60000 PNG",
      bytes: greyPng(1, 60_000),
      file: "line.png",
      type: "image/png",
      error: oddShape,
    },
    {
      name: "a 2 x 30000 PNG",
      bytes: greyPng(2, 30_000),
      file: "strip.png",
      type: "image/png",
      error: oddShape,
    },
    {
      name: "a truncated JPEG",
      bytes: await truncatedJpeg(),
      file: "IMG_0042.jpg",
      type: "image/jpeg",
      error: damaged,
    },
  ];
});
afterAll(() => cleanupDataDir(dir));

const counts = () => ({
  media: alpha.db().select().from(t.media).all().length,
  stories: alpha.db().select().from(t.stories).all().length,
  photos: alpha.db().select().from(t.familyPhotos).all().length,
  residents: alpha.db().select().from(t.residents).all().length,
  files: fs.existsSync(tenantMediaDir("alpha"))
    ? fs.readdirSync(tenantMediaDir("alpha")).length
    : 0,
});

function multipart(
  url: string,
  fields: Record<string, string>,
  cookie: string,
  file: { field: string; bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(url, { method: "POST", body: form, headers: { Cookie: cookie } });
}

describe("the test pictures", () => {
  it("are what they say: PNGs of those sizes, and a JPEG whose header reads but whose pixels end early", async () => {
    expect(await sharp(cases[0]!.bytes).metadata()).toMatchObject({
      format: "png",
      width: 1,
      height: 60_000,
    });
    expect(await sharp(cases[1]!.bytes).metadata()).toMatchObject({
      format: "png",
      width: 2,
      height: 30_000,
    });
    expect(await sharp(cases[2]!.bytes).metadata()).toMatchObject({
      format: "jpeg",
      width: 800,
      height: 600,
    });
    await expect(sharp(cases[2]!.bytes).raw().toBuffer()).rejects.toThrow(/premature end/i);
  });
});

describe("photo forms answer 422 with the message and what was typed", () => {
  it("Tell Your Story keeps the title, story and category", async () => {
    for (const c of cases) {
      const before = counts();
      const res = await call(
        newStoryRoute.action,
        multipart(
          `${alpha.origin}/resident/stories/new`,
          {
            title: "The orchard",
            content: "We picked apples every October.",
            category: "childhood",
          },
          cookies.ada,
          {
            field: "image",
            bytes: c.bytes,
            name: c.file,
            type: c.type,
          },
        ),
      );
      expect(res.status, c.name).toBe(422);
      // the form asks for the photo again: a browser cannot keep a chosen file
      expect(res.data.error.image, c.name).toEqual([
        c.error.title,
        `${c.error.description} Your text is kept. Please choose the photo again.`,
      ]);
      expect(res.data.initialValue).toMatchObject({
        title: "The orchard",
        content: "We picked apples every October.",
        category: "childhood",
      });
      expect(counts(), c.name).toEqual(before);
    }
  });

  it("Share Photo keeps the description", async () => {
    for (const c of cases) {
      const before = counts();
      const res = await call(
        familyRoute.action,
        multipart(
          `${alpha.origin}/family?dialog=photo`,
          { intent: "share-photo", description: "Dad at the lake, 1971" },
          cookies.daughter,
          {
            field: "photo",
            bytes: c.bytes,
            name: c.file,
            type: c.type,
          },
        ),
      );
      expect(res.status, c.name).toBe(422);
      // the form asks for the photo again: a browser cannot keep a chosen file
      expect(res.data.error.photo, c.name).toEqual([
        c.error.title,
        `${c.error.description} Your text is kept. Please choose the photo again.`,
      ]);
      expect(res.data.initialValue).toMatchObject({ description: "Dad at the lake, 1971" });
      expect(counts(), c.name).toEqual(before);
    }
  });

  it("a new resident's photo keeps the names and room", async () => {
    for (const c of cases) {
      const before = counts();
      const res = await call(
        newResidentRoute.action,
        multipart(
          `${alpha.origin}/admin/residents/new`,
          { firstName: "Winifred", lastName: "Oakes", roomNumber: "21" },
          cookies.admin,
          {
            field: "photo",
            bytes: c.bytes,
            name: c.file,
            type: c.type,
          },
        ),
      );
      expect(res.status, c.name).toBe(422);
      expect(res.data.error.photo, c.name).toEqual([`${c.error.title}: ${c.error.description}`]);
      expect(res.data.initialValue).toMatchObject({
        firstName: "Winifred",
        lastName: "Oakes",
        roomNumber: "21",
      });
      expect(counts(), c.name).toEqual(before);
    }
  });
});

describe("the API answers 415 with the message", () => {
  it("PUT to a signed upload URL", async () => {
    for (const c of cases) {
      const before = counts();
      const made = await call(
        uploadUrlApi.action,
        postJson(`${alpha.origin}/api/objects/upload`, {}, cookies.ada),
      );
      const { uploadURL } = await made.response!.json();
      const token = new URL(uploadURL).pathname.split("/").pop()!;
      const res = await call(
        uploadPut.action,
        new Request(uploadURL, {
          method: "PUT",
          body: new Uint8Array(c.bytes),
          headers: { "Content-Type": c.type, Cookie: cookies.ada },
        }),
        { token },
      );
      expect(res.status, c.name).toBe(415);
      expect(await res.response!.text()).toBe(`${c.error.title}: ${c.error.description}`);
      expect(counts(), c.name).toEqual(before);
    }
  });

  it("POST /api/family/photos", async () => {
    for (const c of cases) {
      const before = counts();
      const form = new FormData();
      form.append("photo", new File([new Uint8Array(c.bytes)], c.file, { type: c.type }));
      const res = await call(
        familyPhotosApi.action,
        new Request(`${alpha.origin}/api/family/photos`, {
          method: "POST",
          body: form,
          headers: { Cookie: cookies.daughter },
        }),
      );
      expect(res.status, c.name).toBe(415);
      expect(await res.response!.text()).toBe(`${c.error.title}: ${c.error.description}`);
      expect(counts(), c.name).toEqual(before);
    }
  });
});

describe("a tall picture that can be shown", () => {
  it("is stored at widths whose heights stay within WebP's 16383 pixels", async () => {
    const row = await saveImage(alpha.db(), alpha.community, greyPng(200, 20_000));
    const variants = mediaVariants(getMedia(alpha.db(), row.id)!);
    // 200 wide would be 20000 tall: 163 wide is 16300
    expect(variants.map((v) => v.width)).toEqual([163]);
    for (const v of variants) {
      const meta = await sharp(`${tenantMediaDir("alpha")}/${v.fileName}`).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.height).toBeLessThanOrEqual(WEBP_MAX_SIDE);
      expect(meta.width).toBe(v.width);
    }
    expect(row.height).toBeLessThanOrEqual(WEBP_MAX_SIDE);
  });

  it("keeps the usual widths for ordinary pictures and refuses only the vanishing ones", () => {
    expect(storedWidths(4000, 3000)).toEqual([400, 800, 1600]);
    expect(storedWidths(500, 375)).toEqual([400, 500]);
    expect(storedWidths(32, 32)).toEqual([32]);
    expect(storedWidths(9000, 2000)).toEqual([400, 800, 1600]);
    expect(storedWidths(1000, 30_000)).toEqual([400, 546]);
    expect(storedWidths(1, 60_000)).toBeNull();
    expect(storedWidths(2, 30_000)).toBeNull();
    expect(storedWidths(60_000, 1)).toBeNull();
    expect(storedWidths(30_000, 20)).toBeNull();
  });
});

// the refusals above leave the resident list as it was
it("stored no resident named Winifred", () => {
  expect(
    alpha.db().select().from(t.residents).where(eq(t.residents.firstName, "Winifred")).all(),
  ).toHaveLength(0);
});
