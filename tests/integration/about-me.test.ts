// About me. Who may read and fill it in, suggestions drawn from stories (each with its
// story; nothing written until a person adds it), and the PDF always one page (pdfinfo).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { getAboutMe, saveAboutMe, suggestFromStories } from "~/models/about-me.server";
import { createStory } from "~/models/story.server";
import * as page from "~/routes/_community+/residents+/$residentId.about";
import * as pdfRoute from "~/routes/_community+/residents+/$residentId.about[.]pdf";

let dir: string;
let alpha: Fixture;
const cookies = {} as Record<"admin" | "staff" | "ada" | "adaDaughter" | "benSon", string>;

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  for (const [key, username] of Object.entries(alpha.users))
    cookies[key as keyof typeof cookies] = await cookieFor(alpha.origin, username);
  const db = alpha.db();
  const author = { id: "ada-user", username: "ada", displayName: "Ada" };
  const s = createStory(db, {
    residentId: alpha.residents.ada,
    author,
    title: "Sundays in Marylebone",
    content:
      "I grew up in a tall house in Marylebone. Every morning my mother brought me a cup of tea. I was frightened of thunderstorms. Music always calms me down. I worked as a translator for Mr Babbage.",
    category: "childhood",
    audience: "private",
  });
  approve(db, s.id, { audience: "private" });
});
afterAll(() => cleanupDataDir(dir));

const url = (id: string) => `${alpha.origin}/residents/${id}/about`;
const pages = (pdf: Buffer) => {
  const file = path.join(
    os.tmpdir(),
    `about-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`,
  );
  fs.writeFileSync(file, pdf);
  try {
    return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  } finally {
    fs.rmSync(file);
  }
};

describe("About me", () => {
  it("suggests lines from the stories, each with its story, matched to sections by plain rules", () => {
    const db = alpha.db();
    const s = suggestFromStories(db, { role: "staff" }, alpha.residents.ada);
    const by = (k: string) => s.filter((x) => x.section === k).map((x) => x.text);
    expect(by("grewUp")).toContain("I grew up in a tall house in Marylebone.");
    expect(by("routines")).toContain("Every morning my mother brought me a cup of tea.");
    expect(by("worries")).toContain("I was frightened of thunderstorms.");
    expect(by("calms")).toContain("Music always calms me down.");
    expect(by("work")).toContain("I worked as a translator for Mr Babbage.");
    expect(s.find((x) => x.text.startsWith("I grew up"))).toMatchObject({
      storyTitle: "Sundays in Marylebone",
      storyId: expect.any(String),
    });
    // the same answer every time, and nothing was written
    expect(suggestFromStories(db, { role: "staff" }, alpha.residents.ada)).toEqual(s);
    expect(getAboutMe(db, alpha.residents.ada).grewUp).toBe("");
    // a family member who may fill it in is offered lines only from stories they may read (this one is private)
    const forFamily = suggestFromStories(
      db,
      { role: "family", familyMemberIds: [alpha.family.adaDaughter] },
      alpha.residents.ada,
    );
    expect(forFamily.filter((x) => x.storyTitle === "Sundays in Marylebone")).toEqual([]);
  });

  it("the care team and the resident fill it in; an accepted (edited) line is added; family only as the resident allows", async () => {
    const id = alpha.residents.ada;
    expect((await call(page.loader, get(url(id), cookies.staff), { residentId: id })).status).toBe(
      200,
    );
    expect(
      (await call(page.loader, get(url(id), cookies.adaDaughter), { residentId: id })).status,
    ).toBe(403);
    expect((await call(page.loader, get(url(id), cookies.benSon), { residentId: id })).status).toBe(
      403,
    );
    const saved = await call(
      page.action,
      postForm(
        url(id),
        { preferredName: "Ada", calms: "Poetry", familyMayView: "on" },
        cookies.ada,
      ),
      { residentId: id },
    );
    expect(saved.status).toBe(302);
    expect(getAboutMe(alpha.db(), id)).toMatchObject({
      preferredName: "Ada",
      calms: "Poetry",
      familyMayView: true,
      familyMayEdit: false,
    });
    // the daughter may read now, not write
    expect(
      (await call(page.loader, get(url(id), cookies.adaDaughter), { residentId: id })).data.access,
    ).toEqual({ view: true, edit: false, share: false });
    expect(
      (
        await call(page.action, postForm(url(id), { calms: "x" }, cookies.adaDaughter), {
          residentId: id,
        })
      ).status,
    ).toBe(403);
    expect((await call(page.loader, get(url(id), cookies.benSon), { residentId: id })).status).toBe(
      403,
    );
    // a suggestion, edited by the person, is added under what is there
    const withSuggestions = await call(page.loader, get(`${url(id)}?suggest=1`, cookies.staff), {
      residentId: id,
    });
    expect(withSuggestions.data.suggestions.length).toBeGreaterThan(3);
    const accepted = await call(
      page.action,
      postForm(
        url(id),
        { intent: "accept", section: "calms", text: "Music (Chopin most of all) calms her." },
        cookies.staff,
      ),
      { residentId: id },
    );
    expect(accepted.status).toBe(302);
    expect(getAboutMe(alpha.db(), id).calms).toBe("Poetry\nMusic (Chopin most of all) calms her.");
    expect(
      (
        await call(
          page.action,
          postForm(url(id), { intent: "accept", section: "nonsense", text: "x" }, cookies.staff),
          { residentId: id },
        )
      ).status,
    ).toBe(400);
  });

  it("prints on exactly one page, however much is written", async () => {
    const id = alpha.residents.ada;
    const short = await call(pdfRoute.loader, get(`${url(id)}.pdf?paper=a4`, cookies.staff), {
      residentId: id,
    });
    expect(short.response!.headers.get("Content-Type")).toBe("application/pdf");
    expect(pages(Buffer.from(await short.response!.arrayBuffer()))).toBe(1);
    const long = "She likes to hear about the day, slowly, one thing at a time, with a smile. "
      .repeat(13)
      .slice(0, 1000);
    saveAboutMe(
      alpha.db(),
      id,
      {
        grewUp: long,
        work: long,
        family: long,
        enjoys: long,
        routines: long,
        worries: long,
        calms: long,
        talking: long,
      },
      "staff",
    );
    for (const paper of ["a4", "letter"]) {
      const res = await call(pdfRoute.loader, get(`${url(id)}.pdf?paper=${paper}`, cookies.ada), {
        residentId: id,
      });
      expect(pages(Buffer.from(await res.response!.arrayBuffer())), paper).toBe(1);
    }
    expect(
      (await call(pdfRoute.loader, get(`${url(id)}.pdf`, cookies.benSon), { residentId: id }))
        .status,
    ).toBe(403);
  });
});
