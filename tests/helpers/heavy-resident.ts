// A resident with a lifetime of stories, for the heavy-download bench and tests: N stories shared
// with the family (long enough for a page each), a picture on the first P of them, a recording on
// every other one of the first R, and a portrait. Pictures and recordings go through saveImage and
// saveAudio, so the files on disk are the ones the app would have made.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { CATEGORIES } from "~/models/categories";
import { saveAudio, saveImage } from "~/models/media.server";
import { createResident } from "~/models/resident.server";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { newId } from "~/utils/ids.server";
import { ffmpegPath } from "~/utils/whisper.server";

export type HeavyResident = {
  residentId: string;
  stories: number;
  photos: number;
  recordings: number;
};

const PARAGRAPH =
  "We lived above the bakery on Mill Street, and every morning the smell of bread came up through the floorboards before the sun did. " +
  "My father was up at four, my mother at five, and by the time we children came down there were rolls cooling on the racks and flour on everything. " +
  "On Saturdays I was allowed to sell at the counter, and I learned to count change faster than anyone in my class.";

/** A phone-like photo, different for each `n`: a colour gradient with some grain. */
async function photo(n: number, width = 1600, height = 1200): Promise<Buffer> {
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},50%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(n * 131) % width}" cy="${(n * 71) % height}" r="${200 + (n % 5) * 40}" fill="hsl(${(hue + 200) % 360},70%,55%)"/></svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** A short recording as a browser makes one (webm/opus), from ffmpeg's test tone. */
function recording(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyloom-heavy-"));
  try {
    const file = path.join(dir, "tone.webm");
    execFileSync(ffmpegPath()!, [
      "-nostdin",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=330:duration=20",
      "-c:a",
      "libopus",
      "-b:a",
      "32k",
      file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` over 0..n-1, `width` at a time. */
async function pool<T>(n: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

export async function seedHeavyResident(
  db: TenantDb,
  community: Pick<Community, "subdomain">,
  opts: {
    stories: number;
    photos: number;
    recordings: number;
    firstName?: string;
    lastName?: string;
  },
): Promise<HeavyResident> {
  const resident = createResident(db, {
    firstName: opts.firstName ?? "Winifred",
    lastName: opts.lastName ?? "Ashdown",
    roomNumber: "42",
  });
  const portrait = await saveImage(db, community, await photo(9999, 1200, 1600), {
    status: "attached",
  });
  db.update(tenantSchema.residents)
    .set({ profileImageId: portrait.id })
    .where(eq(tenantSchema.residents.id, resident.id))
    .run();
  // ten different photos, each stored as many times as needed: every story has files of its own
  const sources = await pool(Math.min(10, opts.photos), 4, (i) => photo(i));
  const images = await pool(
    opts.photos,
    4,
    async (i) =>
      (await saveImage(db, community, sources[i % sources.length]!, { status: "attached" })).id,
  );
  const audioBytes = opts.recordings ? recording() : null;
  const audios: string[] = [];
  for (let i = 0; i < opts.recordings; i++)
    audios.push(
      (await saveAudio(db, community, audioBytes!, { status: "attached", durationSeconds: 20 })).id,
    );
  const rows: (typeof tenantSchema.stories.$inferInsert)[] = [];
  for (let n = 0; n < opts.stories; n++) {
    const at = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
    rows.push({
      id: newId(),
      residentId: resident.id,
      title: `Story ${n + 1}: ${["The bakery on Mill Street", "Dancing at the Palais", "My first wage packet", "The summer of the flood", "Our allotment"][n % 5]}`,
      content: [PARAGRAPH, PARAGRAPH.split(". ").reverse().join(". "), PARAGRAPH].join("\n\n"),
      category: CATEGORIES[n % CATEGORIES.length]!.value,
      imageId: images[n] ?? null,
      audioId: n % 2 === 0 ? (audios[n / 2] ?? null) : null,
      reviewStatus: "published",
      isPublished: true,
      audience: "family",
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }
  db.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 100)
      tx.insert(tenantSchema.stories)
        .values(rows.slice(i, i + 100))
        .run();
  });
  return {
    residentId: resident.id,
    stories: opts.stories,
    photos: images.length,
    recordings: audios.length,
  };
}
