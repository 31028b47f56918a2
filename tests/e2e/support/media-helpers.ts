// Helpers shared by the resident, family and media specs: image fixtures, served-variant checks,
// looking up ids in the test community's database, and approving a story as the administrator.
import Database from "better-sqlite3";
import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { expect, hostFor, httpRequest, PORT, sessionCookie } from "./fixtures";
import type { HttpResult } from "./http";

/**
 * An HTTP call with the page's cookies (Node cannot resolve *.localhost, so page.request cannot
 * reach the community host; this goes to 127.0.0.1 with the right Host header).
 */
export async function fetchAs(
  page: Page,
  path: string,
  opts: { sub?: string; method?: string } = {},
): Promise<HttpResult> {
  const sub = opts.sub ?? "sunnybrook";
  const cookies = await page.context().cookies(`http://${hostFor(sub)}`);
  return httpRequest({
    sub,
    path,
    method: opts.method,
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
  });
}

export const TENANT_DB = `test-data/e2e-${PORT}/tenants/sunnybrook.sqlite`;

export function queryOne<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(TENANT_DB, { readonly: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

export function storyIdByTitle(title: string): string {
  const row = queryOne<{ id: string }>("SELECT id FROM stories WHERE title = ?", title);
  if (!row) throw new Error(`no story "${title}"`);
  return row.id;
}

/** A phone photo: EXIF orientation, camera make and a GPS position. */
export async function phonePhoto(width = 1800, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#4a7c59" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneCo" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "45/1 31/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "122/1 40/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();
}

export async function hasGps(bytes: Buffer): Promise<boolean> {
  const exif = (await sharp(bytes).metadata()).exif;
  return (
    !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])))
  );
}

export const sixMegabytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024, 7)]);
/** Over the 25 MB a phone's photo may weigh as sent (JPEG-looking, not drawable). */
export const overPhoneLimit = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(26 * 1024 * 1024, 7)]);
export const textAsJpg = () => Buffer.from("My shopping list, not a photo.\n".repeat(30));

/** Every URL an <img> may load (src and srcset) plus each stored width: none carries EXIF or GPS. */
export async function expectServedWithoutMetadata(page: Page, img: Locator) {
  const src = await img.getAttribute("src");
  const srcset = (await img.getAttribute("srcset")) ?? "";
  expect(src).toMatch(/^\/media\/[\w-]+/);
  const base = src!.split("?")[0]!;
  const urls = new Set([
    src!,
    ...srcset
      .split(",")
      .map((s) => s.trim().split(" ")[0]!)
      .filter(Boolean),
    base,
    `${base}?w=400`,
    `${base}?w=800`,
    `${base}?w=1600`,
  ]);
  for (const url of urls) {
    const res = await fetchAs(page, url);
    expect(res.status, url).toBe(200);
    expect(res.headers["cache-control"], url).toMatch(/^private, max-age=\d+$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(res.body).metadata();
    expect(meta.exif, `${url} has EXIF`).toBeUndefined();
  }
  return base;
}

/** The administrator approves a story through the admin screen's form (a plain HTTP post). */
export async function approveAsAdmin(storyId: string) {
  const cookie = await sessionCookie("linda.admin");
  const res = await httpRequest({
    path: `/admin/stories/${storyId}`,
    method: "POST",
    cookie,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: `http://sunnybrook.storyloom.localhost:${PORT}`,
    },
    body: new URLSearchParams({ intent: "approve" }).toString(),
  });
  expect(res.status, res.text().slice(0, 200)).toBe(302);
  expect(
    queryOne<{ is_published: number }>("SELECT is_published FROM stories WHERE id = ?", storyId)
      ?.is_published,
  ).toBe(1);
}
