// The picture and music library on a real community database: photos lose their metadata (GPS
// included) and are stored at the usual widths, clips are converted by the real ffmpeg to Opus in
// WebM with their length, bad input is refused with nothing saved, and matchingLibrary offers
// what fits a circle's decade and theme.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  exifHasGps,
  overPhoneLimitJpeg,
  phoneJpegWithGps,
  textRenamedJpg,
} from "../helpers/images";
import { createCommunity } from "~/models/community.server";
import {
  addLibraryAudio,
  addLibraryFile,
  addLibraryPhoto,
  deleteLibraryItem,
  getLibraryItem,
  LibraryError,
  listLibrary,
  matchingLibrary,
  updateLibraryItem,
} from "~/models/library.server";
import { MediaError, mediaDir, mediaVariants, getMedia } from "~/models/media.server";
import { canAccessMedia } from "~/models/media-access.server";
import { getTenantDb, tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { translateMessage } from "~/utils/i18n";
import { translator } from "~/utils/i18n.server";

const english = translator("en", "library");
const staff = { id: "staff-1" };
let dir: string;
let community: Community;
let db: TenantDb;
let other: TenantDb;

// the real ffmpeg on the PATH converts the clips; without it those cases cannot run
const hasFfmpeg = (() => {
  try {
    execFileSync("which", ["ffmpeg"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
})();

/** `seconds` of a tone as a small MP3, made by ffmpeg. */
function mp3Tone(seconds: number): Buffer {
  const file = path.join(os.tmpdir(), `library-tone-${process.pid}-${seconds}.mp3`);
  execFileSync("ffmpeg", [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${seconds}:sample_rate=8000`,
    "-ac",
    "1",
    "-b:a",
    "8k",
    file,
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return bytes;
}

beforeAll(() => {
  dir = useTempDataDir();
  community = createCommunity({ name: "Maple Court", subdomain: "maple" });
  db = getTenantDb(community);
  other = getTenantDb(createCommunity({ name: "Oak Hill", subdomain: "oakhill" }));
});
afterAll(() => cleanupDataDir(dir));

const counts = () => ({
  items: db.select().from(tenantSchema.libraryItems).all().length,
  media: db.select().from(tenantSchema.media).all().length,
  files: fs.existsSync(mediaDir(community)) ? fs.readdirSync(mediaDir(community)).length : 0,
});

/** The refusal's English text (a LibraryError's catalog key, or a MediaError's title). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    if (e instanceof LibraryError) return translateMessage(english, e.message);
    if (e instanceof MediaError) return e.title;
    throw e;
  }
  throw new Error("not refused");
}

describe("photos", () => {
  it("stores a phone JPEG upright, at the usual widths, without EXIF or GPS", async () => {
    const jpeg = await phoneJpegWithGps();
    expect(exifHasGps((await sharp(jpeg).metadata()).exif)).toBe(true);
    const item = await addLibraryPhoto(
      db,
      community,
      {
        bytes: jpeg,
        title: "  Main Street   parade ",
        decades: ["1950s"],
        themes: ["childhood", "Rock and Roll"],
        source: "Scanned from the 1956 yearbook",
      },
      staff,
    );
    expect(item).toMatchObject({
      kind: "photo",
      title: "Main Street parade",
      decades: ["1950s"],
      themes: ["childhood", "rock-and-roll"],
      source: "Scanned from the 1956 yearbook",
      uploadedByUserId: staff.id,
    });
    const row = getMedia(db, item.mediaId)!;
    expect(row).toMatchObject({ kind: "image", status: "attached", mimeType: "image/webp" });
    // held sideways (orientation 6): stored upright, taller than wide
    expect(row.height!).toBeGreaterThan(row.width!);
    const variants = mediaVariants(row);
    expect(variants.map((v) => v.width)).toEqual([400, 800, 1500]);
    for (const v of variants) {
      const meta = await sharp(path.join(mediaDir(community), v.fileName)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(exifHasGps(meta.exif)).toBe(false);
    }
  });

  it("refuses a photo over the image limit, a text file and a missing file, saving nothing", async () => {
    const before = counts();
    const details = { title: "Picnic", decades: ["1960s"], themes: [] };
    expect(
      await refusal(() =>
        addLibraryPhoto(db, community, { ...details, bytes: overPhoneLimitJpeg() }),
      ),
    ).toBe("File too large");
    expect(
      await refusal(() => addLibraryFile(db, community, { ...details, bytes: textRenamedJpg() })),
    ).toMatch(/neither a photograph nor a song/);
    expect(await refusal(() => addLibraryFile(db, community, { ...details, bytes: null }))).toBe(
      "Please choose a photograph or a song to upload.",
    );
    expect(counts()).toEqual(before);
  });
});

describe("details", () => {
  it("refuses a missing or long title, an unknown decade, odd themes and a long source; nothing saved", async () => {
    const jpeg = await phoneJpegWithGps(400, 300);
    const before = counts();
    const add = (over: Record<string, unknown>) => () =>
      addLibraryFile(db, community, { bytes: jpeg, title: "Ok", ...over });
    expect(await refusal(add({ title: "   " }))).toBe("Please give it a title.");
    expect(await refusal(add({ title: "x".repeat(121) }))).toBe(
      "The title can be at most 120 characters.",
    );
    expect(await refusal(add({ decades: ["1950s", "1910s"] }))).toMatch(/“1910s” is not a decade/);
    expect(await refusal(add({ themes: ["<script>"] }))).toMatch(/short words of letters/);
    expect(await refusal(add({ themes: ["x".repeat(31)] }))).toMatch(/at most 30 characters/);
    expect(await refusal(add({ source: "s".repeat(301) }))).toBe(
      "The source can be at most 300 characters.",
    );
    expect(counts()).toEqual(before);
  });

  it("updates title, decades, themes and source; refuses bad ones leaving the item as it was", async () => {
    const item = await addLibraryPhoto(db, community, {
      bytes: await phoneJpegWithGps(400, 300),
      title: "Dance hall",
      decades: "1940s",
    });
    const updated = updateLibraryItem(db, item.id, {
      title: "The Palais dance hall",
      decades: "1940s, 1950s",
      themes: "love, dancing",
      source: "",
    })!;
    expect(updated).toMatchObject({
      title: "The Palais dance hall",
      decades: ["1940s", "1950s"],
      themes: ["love", "dancing"],
      source: null,
    });
    expect(() => updateLibraryItem(db, item.id, { title: "" })).toThrow(LibraryError);
    expect(getLibraryItem(db, item.id)!.title).toBe("The Palais dance hall");
    expect(updateLibraryItem(db, "nope", { title: "x" })).toBeNull();
  });

  it("deletes an item with its media row and files; another community does not have it", async () => {
    const item = await addLibraryPhoto(db, community, {
      bytes: await phoneJpegWithGps(900, 600),
      title: "To delete",
    });
    const files = mediaVariants(getMedia(db, item.mediaId)!).map((v) =>
      path.join(mediaDir(community), v.fileName),
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    expect(getLibraryItem(other, item.id)).toBeNull();
    expect(deleteLibraryItem(other as never, { subdomain: "oakhill" }, item.id)).toBe(false);
    expect(deleteLibraryItem(db, community, item.id)).toBe(true);
    expect(getLibraryItem(db, item.id)).toBeNull();
    expect(getMedia(db, item.mediaId)).toBeUndefined();
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect(deleteLibraryItem(db, community, item.id)).toBe(false);
  });
});

// without ffmpeg on the PATH the two conversion cases are skipped, and the group's name says why
describe(hasFfmpeg ? "audio" : "audio (conversions skipped: ffmpeg is not on the PATH)", () => {
  it.skipIf(!hasFfmpeg)(
    "converts an MP3 clip with the real ffmpeg to mono Opus in WebM and keeps its length",
    async () => {
      const item = await addLibraryAudio(
        db,
        community,
        { bytes: mp3Tone(3), title: "In the Mood", decades: ["1940s"], themes: ["love"] },
        staff,
      );
      expect(item).toMatchObject({ kind: "audio", mimeType: "audio/webm", durationSeconds: 3 });
      const row = getMedia(db, item.mediaId)!;
      expect(row.status).toBe("attached");
      const bytes = fs.readFileSync(path.join(mediaDir(community), row.fileName));
      expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      // ffmpeg describes what it reads on stderr
      const { stderr } = spawnSync(
        "ffmpeg",
        ["-hide_banner", "-i", path.join(mediaDir(community), row.fileName), "-f", "null", "-"],
        { encoding: "utf8" },
      );
      expect(stderr).toMatch(/Audio: opus, 48000 Hz, mono/);
    },
  );

  it.skipIf(!hasFfmpeg)(
    "refuses a clip longer than ten minutes, and a file that only looks like audio; nothing saved",
    async () => {
      const before = counts();
      expect(
        await refusal(() =>
          addLibraryAudio(db, community, { bytes: mp3Tone(10 * 60 + 5), title: "Long" }),
        ),
      ).toMatch(/longer than 10 minutes/);
      const fake = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(4000, 1)]);
      expect(
        await refusal(() => addLibraryAudio(db, community, { bytes: fake, title: "Fake" })),
      ).toMatch(/could not be read/);
      expect(counts()).toEqual(before);
    },
    60_000,
  );

  it("refuses a container outside the list and explains a server without ffmpeg; nothing saved", async () => {
    const before = counts();
    // ADTS AAC: a recording format, not one of the library's
    const aac = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.alloc(500)]);
    expect(
      await refusal(() => addLibraryAudio(db, community, { bytes: aac, title: "Aac" })),
    ).toMatch(/MP3, M4A, Ogg, WebM or WAV/);
    process.env.FFMPEG_PATH = path.join(dir, "no-ffmpeg-here");
    resetEnvForTests();
    try {
      const wav = Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVEfmt "), Buffer.alloc(100)]);
      expect(
        await refusal(() => addLibraryAudio(db, community, { bytes: wav, title: "Wav" })),
      ).toMatch(/ffmpeg\) is not installed/);
    } finally {
      delete process.env.FFMPEG_PATH;
      resetEnvForTests();
    }
    expect(counts()).toEqual(before);
  });
});

describe("who sees library media", () => {
  it("the care team and residents; family members never", async () => {
    const item = await addLibraryPhoto(db, community, {
      bytes: await phoneJpegWithGps(400, 300),
      title: "Seen",
    });
    const row = getMedia(db, item.mediaId)!;
    const who = (role: string) =>
      canAccessMedia(
        db,
        { id: `u-${role}`, role, residentId: null, familyMemberId: null } as never,
        row,
      );
    expect(who("staff")).toBe(true);
    expect(who("administrator")).toBe(true);
    expect(who("resident")).toBe(true);
    expect(who("family")).toBe(false);
  });
});

describe("matching a circle's decade and theme", () => {
  let ids: Record<string, string>;
  beforeEach(async () => {
    for (const item of listLibrary(db)) deleteLibraryItem(db, community, item.id);
    const small = await phoneJpegWithGps(200, 150);
    const add = (title: string, decades: string[], themes: string[]) =>
      addLibraryPhoto(db, community, { bytes: small, title, decades, themes });
    ids = {
      both: (await add("Fifties wedding", ["1950s"], ["love"])).id,
      decade: (await add("Fifties car", ["1950s"], ["travel"])).id,
      theme: (await add("Seventies wedding", ["1970s"], ["love", "seaside"])).id,
      none: (await add("Sixties school", ["1960s"], ["childhood"])).id,
    };
  });

  it("offers items with the decade or the theme, those with both first", () => {
    const found = matchingLibrary(db, { kind: "photo", decade: "1950s", category: "love" });
    expect(found.map((i) => i.id)[0]).toBe(ids.both);
    expect(new Set(found.map((i) => i.id))).toEqual(new Set([ids.both, ids.decade, ids.theme]));
  });

  it("matches a topic in staff's words, and the kind", () => {
    expect(
      matchingLibrary(db, { kind: "photo", theme: "At the seaside" }).map((i) => i.id),
    ).toEqual([ids.theme]);
    expect(matchingLibrary(db, { kind: "audio", decade: "1950s" })).toEqual([]);
    expect(matchingLibrary(db, { kind: "photo" })).toHaveLength(4);
    expect(matchingLibrary(db, { decade: "1930s" })).toEqual([]);
  });

  it("lists by kind, decade, theme and words", () => {
    expect(
      listLibrary(db, { decade: "1950s" })
        .map((i) => i.id)
        .sort(),
    ).toEqual([ids.both, ids.decade].sort());
    expect(listLibrary(db, { theme: "love" })).toHaveLength(2);
    expect(listLibrary(db, { q: "wedding seventies" }).map((i) => i.id)).toEqual([ids.theme]);
    expect(listLibrary(db, { kind: "audio" })).toEqual([]);
    expect(listLibrary(other)).toEqual([]);
  });
});
