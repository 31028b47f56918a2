// PDFs and zips are made in turn (PDF_ZIP_CONCURRENCY, here 1): with the slot taken and the
// waiting line full, the next request is answered 503 with Retry-After (a page for a browser, JSON
// for an API client); the requests in line then get whole PDFs and zips. A finished file no longer
// holds a slot while its client reads it, and no work file is left behind.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, cookieFor, get, type Fixture } from "../helpers/home-fixture";
import { seedHeavyResident } from "../helpers/heavy-resident";
import { unzip } from "../helpers/unzip";
import {
  downloadQueue,
  resetDownloadQueueForTests,
  WAITING_LINE,
} from "~/utils/download-queue.server";
import * as bookPdf from "~/routes/_community+/residents+/$residentId.book[.]pdf";
import * as exportZip from "~/routes/_community+/residents+/$residentId.export[.]zip";
import * as aboutPdf from "~/routes/_community+/residents+/$residentId.about[.]pdf";

let dir: string;
let alpha: Fixture;
let admin: string;
let residentId: string;
const BROWSER = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

beforeAll(async () => {
  dir = useTempDataDir({ PDF_ZIP_CONCURRENCY: "1" });
  resetDownloadQueueForTests();
  alpha = await buildCommunity("alpha");
  admin = await cookieFor(alpha.origin, alpha.users.admin);
  ({ residentId } = await seedHeavyResident(alpha.db(), alpha.community, {
    stories: 40,
    photos: 3,
    recordings: 2,
  }));
});
afterAll(() => {
  resetDownloadQueueForTests();
  cleanupDataDir(dir);
});

const book = (headers: Record<string, string> = BROWSER, signal?: AbortSignal) =>
  call(
    bookPdf.loader,
    new Request(`${alpha.origin}/residents/${residentId}/book.pdf`, {
      headers: { Cookie: admin, ...headers },
      signal,
    }),
    { residentId },
  );
const zip = (headers: Record<string, string> = BROWSER) =>
  call(
    exportZip.loader,
    get(`${alpha.origin}/residents/${residentId}/export.zip`, admin, headers),
    { residentId },
  );

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function pdfPages(bytes: Buffer): number {
  const file = path.join(dir, `check-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  } finally {
    fs.rmSync(file);
  }
}

const workFiles = () => {
  const downloads = path.join(dir, "tmp", "downloads");
  return fs.existsSync(downloads) ? fs.readdirSync(downloads) : [];
};

describe("the queue at its limit", () => {
  it("answers the next request 503 with Retry-After; the ones in line get whole files", async () => {
    const q = downloadQueue();
    const slot = await q.enter();
    expect(slot).not.toBeNull();
    const inLine = [book(), zip(), book(), zip()];
    expect(inLine).toHaveLength(WAITING_LINE);
    await until(() => q.stats.waiting === WAITING_LINE);

    const page = await book();
    expect(page.status).toBe(503);
    expect(page.response!.headers.get("Retry-After")).toBe("60");
    const html = await page.response!.text();
    expect(html).toContain("Many books are being made right now. Please try again in a minute.");
    expect(html).toContain(`href="/residents/${residentId}/book"`);

    const api = await zip({ Accept: "application/json" });
    expect(api.status).toBe(503);
    expect(api.response!.headers.get("Retry-After")).toBe("60");
    expect(await api.response!.json()).toMatchObject({ error: "busy", retryAfterSeconds: 60 });

    const about = await call(
      aboutPdf.loader,
      get(`${alpha.origin}/residents/${residentId}/about.pdf`, admin, BROWSER),
      { residentId },
    );
    expect(about.status).toBe(503);

    slot!();
    const done = await Promise.all(inLine);
    for (const [i, res] of done.entries()) {
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.response!.arrayBuffer());
      expect(Number(res.response!.headers.get("Content-Length"))).toBe(bytes.length);
      if (i % 2 === 0) {
        expect(res.response!.headers.get("Content-Type")).toBe("application/pdf");
        // cover, 2 pages of contents, a page or more a story
        expect(pdfPages(bytes)).toBeGreaterThanOrEqual(43);
      } else {
        expect(res.response!.headers.get("Content-Type")).toBe("application/zip");
        const files = await unzip(bytes);
        expect(files.get("index.html")?.toString()).toContain("Stories (40)");
        expect([...files.keys()].filter((f) => f.endsWith("-picture.webp"))).toHaveLength(3);
      }
    }
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
    expect(workFiles()).toEqual([]);
  });
});

describe("a finished file", () => {
  it("holds no slot while its client has not read it", async () => {
    const q = downloadQueue();
    const first = await book();
    expect(first.status).toBe(200);
    // made, not yet read: the slot is free and the file has no name left in DATA_DIR/tmp
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
    expect(workFiles()).toEqual([]);
    const second = await zip();
    expect(second.status).toBe(200);
    expect(pdfPages(Buffer.from(await first.response!.arrayBuffer()))).toBeGreaterThanOrEqual(43);
    expect((await unzip(Buffer.from(await second.response!.arrayBuffer()))).has("data.json")).toBe(
      true,
    );
  });

  it("is not made for a client who left while waiting", async () => {
    const q = downloadQueue();
    const slot = await q.enter();
    const leaving = new AbortController();
    const waiting = book(BROWSER, leaving.signal);
    await until(() => q.stats.waiting === 1);
    leaving.abort();
    expect((await waiting).status).toBe(503);
    expect(q.stats).toEqual({ running: 1, waiting: 0 });
    slot!();
    expect(workFiles()).toEqual([]);
  });
});
