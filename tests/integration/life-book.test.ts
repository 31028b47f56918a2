// The life-story book. Stories family may see, chosen and ordered; the PDF's text has
// them in order (pdftotext); the QR beside a recorded story decodes (zbarimg) to a link that plays
// the recording signed out, until revoked or the story is withdrawn.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentWav } from "../helpers/audio";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  approve,
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { saveAudio } from "~/models/media.server";
import { createStory, withdrawStory } from "~/models/story.server";
import * as bookPage from "~/routes/_community+/residents+/$residentId.book";
import * as bookPdf from "~/routes/_community+/residents+/$residentId.book[.]pdf";
import * as listenPage from "~/routes/_community+/listen.$token";
import * as listenAudio from "~/routes/_community+/listen.$token_.audio";

let dir: string;
let alpha: Fixture;
const ids = {} as Record<"school" | "work" | "secret" | "voice", string>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  const db = alpha.db();
  const author = { id: "ada-user", username: "ada", displayName: "Ada" };
  const audio = await saveAudio(db, alpha.community, silentWav(), { durationSeconds: 1 });
  const add = (
    key: keyof typeof ids,
    title: string,
    category: string,
    audience: "private" | "family" | "community",
    audioId: string | null = null,
  ) => {
    const s = createStory(db, {
      residentId: alpha.residents.ada,
      author,
      title,
      content: `${title}: a memory.`,
      category,
      audience,
      audioId,
    });
    approve(db, s.id, { audience });
    ids[key] = s.id;
  };
  add("work", "The counting house", "career", "family");
  add("school", "My first school", "childhood", "community");
  add("secret", "Only for me", "childhood", "private");
  add("voice", "Singing at the fair", "hobby", "family", audio.id);
});
afterAll(() => cleanupDataDir(dir));

const tmp = (name: string) => path.join(os.tmpdir(), `book-${process.pid}-${name}`);
const book = (q = "") => `${alpha.origin}/residents/${alpha.residents.ada}/book${q}`;

describe("the life-story book", () => {
  it("holds the stories family may see, ordered by life period or category, and only those chosen", async () => {
    const cookie = await cookieFor(alpha.origin, alpha.users.adaDaughter);
    const titles = async (q: string) =>
      (
        await call(bookPage.loader, get(book(q), cookie), { residentId: alpha.residents.ada })
      ).data.stories.map((s: { title: string }) => s.title);
    // by life period: childhood, working life, pastimes (the fixture's Engines is career too; the pending draft is not there)
    expect(await titles("")).toEqual([
      "My first school",
      "Engines",
      "The counting house",
      "Singing at the fair",
    ]);
    // by category (the categories' own order: childhood, family, career, ..., hobby)
    expect(await titles("?order=category")).toEqual([
      "My first school",
      "Engines",
      "The counting house",
      "Singing at the fair",
    ]);
    expect(await titles(`?story=${ids.voice}&story=${ids.school}`)).toEqual([
      "My first school",
      "Singing at the fair",
    ]);
    expect(await titles(`?story=${ids.secret}`)).toEqual([]);
    // another resident's family: refused
    expect(
      (
        await call(
          bookPage.loader,
          get(book(), await cookieFor(alpha.origin, alpha.users.benSon)),
          { residentId: alpha.residents.ada },
        )
      ).status,
    ).toBe(403);
  });

  it("the PDF has a cover, contents and the chosen stories in order; its QR plays the recording signed out until revoked", async () => {
    const cookie = await cookieFor(alpha.origin, alpha.users.ada);
    const res = await call(
      bookPdf.loader,
      get(
        `${alpha.origin}/residents/${alpha.residents.ada}/book.pdf?story=${ids.voice}&story=${ids.school}&story=${ids.work}&large=1`,
        cookie,
      ),
      { residentId: alpha.residents.ada },
    );
    expect(res.response!.headers.get("Content-Type")).toBe("application/pdf");
    const file = tmp("book.pdf");
    fs.writeFileSync(file, Buffer.from(await res.response!.arrayBuffer()));
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("The stories of Ada Lovelace");
    expect(text).toContain("Contents");
    const at = (t: string) => text.lastIndexOf(`${t}: a memory.`);
    expect(at("My first school")).toBeGreaterThan(0);
    expect(at("My first school")).toBeLessThan(at("The counting house"));
    expect(at("The counting house")).toBeLessThan(at("Singing at the fair"));
    expect(text).not.toContain("Only for me");
    // cover, contents, three stories
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+5\n/);
    // the QR on the last page (the recorded story)
    execFileSync("pdftoppm", ["-png", "-r", "150", "-f", "5", "-l", "5", file, tmp("page")]);
    const png = fs.readdirSync(os.tmpdir()).find((f) => f.startsWith(`book-${process.pid}-page`))!;
    const decoded = execFileSync("zbarimg", ["-q", "--raw", path.join(os.tmpdir(), png)], {
      encoding: "utf8",
    }).trim();
    expect(decoded).toMatch(
      new RegExp(`^${alpha.origin.replace(/[.]/g, "\\.")}/listen/[\\w-]+\\.[\\w-]+$`),
    );
    const token = decoded.split("/listen/")[1]!;
    // signed out: the page and the audio play
    const pageRes = await call(listenPage.loader, get(decoded), { token });
    expect(pageRes.data).toMatchObject({ title: "Singing at the fair" });
    const audio = await call(listenAudio.loader, get(`${decoded}/audio`), { token });
    expect(audio.status).toBe(200);
    expect(
      Buffer.from(await audio.response!.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("RIFF");
    // a forged token: nothing
    expect(
      (await call(listenAudio.loader, get(`${decoded}x/audio`), { token: `${token}x` })).status,
    ).toBe(404);
    // revoked by the resident: the printed code stops playing
    const revoked = await call(bookPage.action, postForm(book(), {}, cookie), {
      residentId: alpha.residents.ada,
    });
    expect(revoked.status).toBe(302);
    expect((await call(listenAudio.loader, get(`${decoded}/audio`), { token })).status).toBe(404);
    // a new PDF makes a new link; withdrawing the story stops that one too
    await call(
      bookPdf.loader,
      get(`${alpha.origin}/residents/${alpha.residents.ada}/book.pdf?story=${ids.voice}`, cookie),
      { residentId: alpha.residents.ada },
    );
    const { recordingLinkToken } = await import("~/models/life-book.server");
    const fresh = recordingLinkToken(alpha.db(), ids.voice, null);
    expect(
      (
        await call(listenAudio.loader, get(`${alpha.origin}/listen/${fresh}/audio`), {
          token: fresh,
        })
      ).status,
    ).toBe(200);
    withdrawStory(alpha.db(), ids.voice, alpha.residents.ada, { communityId: alpha.community.id });
    expect(
      (
        await call(listenAudio.loader, get(`${alpha.origin}/listen/${fresh}/audio`), {
          token: fresh,
        })
      ).status,
    ).toBe(404);
    for (const f of fs.readdirSync(os.tmpdir()).filter((x) => x.startsWith(`book-${process.pid}-`)))
      fs.rmSync(path.join(os.tmpdir(), f));
  });
});
