// A resident's stories to take away: GET /residents/{id}/export.zip for the resident and
// their administrators; the zip unzips to an index.html whose links all lead to files in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { silentWav } from "../helpers/audio";
import { unzip } from "../helpers/unzip";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { buildCommunity, call, cookieFor, get, type Fixture } from "../helpers/home-fixture";
import { saveAudio, saveImage } from "~/models/media.server";
import { createStory } from "~/models/story.server";
import { tenantSchema } from "~/utils/db.server";
import sharp from "sharp";
import * as exportRoute from "~/routes/_community+/residents+/$residentId.export[.]zip";

let dir: string;
let alpha: Fixture;
let bravo: Fixture;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo");
});
afterAll(() => cleanupDataDir(dir));

const url = (f: Fixture, id: string) => `${f.origin}/residents/${id}/export.zip`;

describe("GET /residents/{id}/export.zip", () => {
  it("holds every story as HTML and JSON, the recording, the picture and the comments, with an index whose links all work", async () => {
    const db = alpha.db();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const image = await saveImage(db, alpha.community, jpeg, { status: "attached" });
    const audio = await saveAudio(db, alpha.community, silentWav(), { durationSeconds: 1 });
    const told = createStory(db, {
      residentId: alpha.residents.ada,
      author: { id: "a", username: "ada", displayName: "Ada" },
      title: "The engine room",
      content: "Brass & steam.\n\nAnd <noise>.",
      category: "career",
      imageId: image.id,
      audioId: audio.id,
      audience: "private",
    });
    db.insert(tenantSchema.comments)
      .values({
        id: "c1",
        storyId: alpha.stories.adaPublished,
        familyMemberId: alpha.family.adaDaughter,
        authorName: "Dora Lovelace",
        content: "Proud of you, Mum",
      })
      .run();

    const ada = await cookieFor(alpha.origin, alpha.users.ada);
    const res = await call(exportRoute.loader, get(url(alpha, alpha.residents.ada), ada), {
      residentId: alpha.residents.ada,
    });
    expect(res.status).toBe(200);
    expect(res.response!.headers.get("Content-Type")).toBe("application/zip");
    expect(res.response!.headers.get("Content-Disposition")).toContain("Ada-Lovelace-stories.zip");
    const files = await unzip(Buffer.from(await res.response!.arrayBuffer()));
    const index = files.get("index.html")!.toString("utf8");
    expect(index).toContain("The stories of Ada Lovelace");
    expect(files.get("about-me.html")!.toString("utf8")).toContain("What calms me");
    // every story of hers, in any state and audience (the fixture's two and this one)
    const storyFiles = [...files.keys()].filter((f) => /^stories\/\d+\.html$/.test(f));
    expect(storyFiles).toHaveLength(3);
    for (const f of storyFiles) expect(files.has(f.replace(/\.html$/, ".json"))).toBe(true);
    // every link of the index and of every story page leads to a file in the zip
    const linksOf = (html: string, base: string) =>
      [...html.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) =>
        new URL(m[1]!, `file:///x/${base}`).pathname.replace(/^\/x\//, ""),
      );
    const all = [
      ...linksOf(index, "index.html"),
      ...storyFiles.flatMap((f) => linksOf(files.get(f)!.toString("utf8"), f)),
    ];
    expect(all.length).toBeGreaterThan(6);
    for (const link of all) expect(files.has(link), link).toBe(true);
    const engine = storyFiles
      .map((f) => files.get(f)!.toString("utf8"))
      .find((h) => h.includes("The engine room"))!;
    expect(engine).toContain("Brass &amp; steam.");
    expect(engine).toContain("&lt;noise&gt;");
    expect(engine).toMatch(/<audio controls src="\.\.\/media\/story-\d+-recording\.\w+">/);
    expect(engine).toContain("Only me and the care team");
    const json = JSON.parse(
      files
        .get(
          storyFiles
            .find((f) => files.get(f)!.toString("utf8").includes("Engines"))!
            .replace(/\.html$/, ".json"),
        )!
        .toString("utf8"),
    );
    expect(json.comments.map((c: { content: string }) => c.content)).toEqual(["Proud of you, Mum"]);
    const recording = [...files.keys()].find((f) => f.includes("recording"))!;
    expect(files.get(recording)!.subarray(0, 4).toString()).toBe("RIFF");
    expect(told.id).toBeTruthy();
  });

  it("is written in the resident's language; her words stay as she wrote them", async () => {
    const db = alpha.db();
    db.update(tenantSchema.residents)
      .set({ preferredLanguage: "es" })
      .where(eq(tenantSchema.residents.id, alpha.residents.ada))
      .run();
    try {
      const ada = await cookieFor(alpha.origin, alpha.users.ada);
      const res = await call(exportRoute.loader, get(url(alpha, alpha.residents.ada), ada), {
        residentId: alpha.residents.ada,
      });
      const files = await unzip(Buffer.from(await res.response!.arrayBuffer()));
      const index = files.get("index.html")!.toString("utf8");
      expect(index).toContain('<html lang="es">');
      expect(index).toContain("Las historias de Ada Lovelace");
      expect(index).not.toContain("No photos yet");
      const engine = [...files.entries()]
        .filter(([name]) => /^stories\/\d+\.html$/.test(name))
        .map(([, b]) => b.toString("utf8"))
        .find((h) => h.includes("The engine room"))!;
      expect(engine).toContain("Solo yo");
      expect(engine).toContain("Brass &amp; steam.");
      expect(files.get("about-me.html")!.toString("utf8")).toContain("Sobre mí");
    } finally {
      db.update(tenantSchema.residents)
        .set({ preferredLanguage: "en" })
        .where(eq(tenantSchema.residents.id, alpha.residents.ada))
        .run();
    }
  });

  it("is for the resident and the community's administrators only; another community's resident is not found", async () => {
    const id = alpha.residents.ada;
    const status = async (username: string) =>
      (
        await call(
          exportRoute.loader,
          get(url(alpha, id), await cookieFor(alpha.origin, username)),
          { residentId: id },
        )
      ).status;
    expect(await status(alpha.users.admin)).toBe(200);
    expect(await status(alpha.users.staff)).toBe(403);
    expect(await status(alpha.users.adaDaughter)).toBe(403);
    expect(await status(alpha.users.benSon)).toBe(403);
    expect((await call(exportRoute.loader, get(url(alpha, id)), { residentId: id })).status).toBe(
      302,
    );
    // Ben is not Ada
    const benResident = (
      await call(
        exportRoute.loader,
        get(url(alpha, alpha.residents.ben), await cookieFor(alpha.origin, alpha.users.ada)),
        { residentId: alpha.residents.ben },
      )
    ).status;
    expect(benResident).toBe(403);
    // bravo's administrator on alpha's site is not signed in there; on bravo's site alpha's resident is unknown
    const bravoAdmin = await cookieFor(bravo.origin, bravo.users.admin);
    expect(
      (await call(exportRoute.loader, get(url(bravo, id), bravoAdmin), { residentId: id })).status,
    ).toBe(404);
  });
});
