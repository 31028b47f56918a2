// The printed gazette: the month's family photos, comments and questions for one resident, as a
// printable page and as a PDF (read back with pdftotext); for the family's own resident and for
// the care team, never another community's or another family's resident.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import {
  buildCommunity,
  call,
  cookieFor,
  get,
  postForm,
  type Fixture,
} from "../helpers/home-fixture";
import { askFamilyQuestion } from "~/models/family-question.server";
import { shareFamilyPhoto } from "~/models/family-photo.server";
import { gazetteMonth } from "~/models/gazette.server";
import { getFamilyMember } from "~/models/family.server";
import { localDateIn } from "~/models/local-time";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";
import * as familyGazette from "~/routes/_community+/family+/gazette";
import * as familyGazettePdf from "~/routes/_community+/family+/gazette[.pdf]";
import * as adminGazette from "~/routes/_community+/admin+/residents_.$residentId_.gazette";
import * as adminGazettePdf from "~/routes/_community+/admin+/residents_.$residentId_.gazette[.pdf]";
import * as staffGazettePdf from "~/routes/_community+/staff+/residents_.$residentId_.gazette[.pdf]";

let dir: string;
let alpha: Fixture;
let bravo: Fixture;
const cookies = {} as Record<"admin" | "staff" | "adaDaughter" | "benSon" | "bravoAdmin", string>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gazette-"));

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  bravo = await buildCommunity("bravo", "Bravo Court");
  cookies.admin = await cookieFor(alpha.origin, alpha.users.admin);
  cookies.staff = await cookieFor(alpha.origin, alpha.users.staff);
  cookies.adaDaughter = await cookieFor(alpha.origin, alpha.users.adaDaughter);
  cookies.benSon = await cookieFor(alpha.origin, alpha.users.benSon);
  cookies.bravoAdmin = await cookieFor(bravo.origin, bravo.users.admin);
  // this month: a comment with a reaction, a question, a photo with a caption
  const story = alpha.stories.adaPublished;
  const commented = await call(
    storyRoute.action,
    postForm(
      `${alpha.origin}/stories/${story}`,
      { intent: "comment", content: "We read this aloud at Sunday lunch — lovely.", emoji: "❤️" },
      cookies.adaDaughter,
    ),
    { storyId: story },
  );
  expect(commented.status).toBe(302);
  const dora = getFamilyMember(alpha.db(), alpha.family.adaDaughter)!;
  askFamilyQuestion(alpha.db(), {
    member: dora,
    question: "What was your first car?",
    actor: { id: "x", displayName: dora.name },
  });
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#3a7bd5" },
  })
    .jpeg()
    .toBuffer();
  await shareFamilyPhoto(alpha.db(), alpha.community, {
    member: dora,
    bytes: photo,
    description: "The grandchildren at the lake",
    actor: { id: "x", displayName: dora.name },
  });
  // and something from another family, for Ben
  const benStory = alpha.stories.benPublished;
  await call(
    storyRoute.action,
    postForm(
      `${alpha.origin}/stories/${benStory}`,
      { intent: "comment", content: "Ben's kite comment." },
      cookies.benSon,
    ),
    { storyId: benStory },
  );
});
afterAll(() => {
  cleanupDataDir(dir);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function pdfText(res: { response: Response | null; status: number }) {
  expect(res.status).toBe(200);
  expect(res.response!.headers.get("Content-Type")).toBe("application/pdf");
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.response!.arrayBuffer()));
  return {
    text: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
    info: execFileSync("pdfinfo", [file], { encoding: "utf8" }),
  };
}

describe("the family's gazette", () => {
  it("the page holds this month's photos, comments and questions for their resident only", async () => {
    const res = await call(
      familyGazette.loader,
      get(`${alpha.origin}/family/gazette`, cookies.adaDaughter),
    );
    const g = res.data.gazette;
    expect(g.resident.firstName).toBe("Ada");
    expect(g.month.ym).toBe(localDateIn(alpha.community.timeZone).slice(0, 7));
    expect(
      g.comments.map((c: { content: string; reaction: string }) => [c.content, c.reaction]),
    ).toEqual([["We read this aloud at Sunday lunch — lovely.", "Heart"]]);
    expect(g.questions.map((q: { question: string }) => q.question)).toEqual([
      "What was your first car?",
    ]);
    expect(
      g.photos.map((p: { description: string; from: string }) => [p.description, p.from]),
    ).toEqual([["The grandchildren at the lake", "Dora Lovelace (Daughter)"]]);
    expect(JSON.stringify(g)).not.toContain("Ben's kite comment.");
  });

  it("the PDF's text holds the month's comments, questions and captions", async () => {
    const { text, info } = await pdfText(
      await call(
        familyGazettePdf.loader,
        get(`${alpha.origin}/family/gazette.pdf`, cookies.adaDaughter),
      ),
    );
    expect(text).toContain("Ada's Gazette");
    expect(text).toContain(gazetteMonth(null, alpha.community.timeZone).label);
    expect(text).toContain("We read this aloud at Sunday lunch — lovely.");
    expect(text).toContain("Dora Lovelace (Daughter) (heart)");
    expect(text).toContain("What was your first car?");
    expect(text).toContain("The grandchildren at the lake");
    expect(text).not.toContain("kite comment");
    // Alpha is in America/New_York: US Letter unless A4 is asked for
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const a4 = await pdfText(
      await call(
        familyGazettePdf.loader,
        get(`${alpha.origin}/family/gazette.pdf?paper=a4`, cookies.adaDaughter),
      ),
    );
    expect(a4.info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
  });

  it("an earlier month has nothing, and says so; a month not yet begun is this month", async () => {
    const previous = gazetteMonth(null, alpha.community.timeZone).previous;
    const { text } = await pdfText(
      await call(
        familyGazettePdf.loader,
        get(`${alpha.origin}/family/gazette.pdf?month=${previous}`, cookies.adaDaughter),
      ),
    );
    expect(text).toContain("No family photos, messages or questions for Ada");
    expect(text).not.toContain("Sunday lunch");
    const future = await call(
      familyGazette.loader,
      get(`${alpha.origin}/family/gazette?month=2999-01`, cookies.adaDaughter),
    );
    expect(future.data.gazette.month.ym).toBe(localDateIn(alpha.community.timeZone).slice(0, 7));
  });

  it("another family member gets their own resident's gazette, and staff are not family", async () => {
    const { text } = await pdfText(
      await call(
        familyGazettePdf.loader,
        get(`${alpha.origin}/family/gazette.pdf`, cookies.benSon),
      ),
    );
    expect(text).toContain("Ben's Gazette");
    expect(text).toContain("Ben's kite comment.");
    expect(text).not.toContain("Sunday lunch");
    expect(
      (
        await call(
          familyGazettePdf.loader,
          get(`${alpha.origin}/family/gazette.pdf`, cookies.staff),
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(familyGazettePdf.loader, get(`${alpha.origin}/family/gazette.pdf`))).status,
    ).toBe(302);
  });
});

describe("the care team's gazette", () => {
  it("administrators and staff print any resident's gazette of their community", async () => {
    const page = await call(
      adminGazette.loader,
      get(`${alpha.origin}/admin/residents/${alpha.residents.ada}/gazette`, cookies.admin),
      { residentId: alpha.residents.ada },
    );
    expect(page.data.base).toBe(`/admin/residents/${alpha.residents.ada}/gazette`);
    expect(page.data.gazette.comments).toHaveLength(1);
    const { text } = await pdfText(
      await call(
        staffGazettePdf.loader,
        get(`${alpha.origin}/staff/residents/${alpha.residents.ada}/gazette.pdf`, cookies.staff),
        { residentId: alpha.residents.ada },
      ),
    );
    expect(text).toContain("We read this aloud at Sunday lunch");
  });

  it("another community's resident is not found, and family members cannot use the care team's address", async () => {
    expect(
      (
        await call(
          adminGazettePdf.loader,
          get(`${alpha.origin}/admin/residents/${bravo.residents.ada}/gazette.pdf`, cookies.admin),
          { residentId: bravo.residents.ada },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          adminGazettePdf.loader,
          get(
            `${bravo.origin}/admin/residents/${alpha.residents.ada}/gazette.pdf`,
            cookies.bravoAdmin,
          ),
          { residentId: alpha.residents.ada },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          adminGazettePdf.loader,
          get(
            `${alpha.origin}/admin/residents/${alpha.residents.ada}/gazette.pdf`,
            cookies.adaDaughter,
          ),
          { residentId: alpha.residents.ada },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          adminGazettePdf.loader,
          get(`${alpha.origin}/admin/residents/${alpha.residents.ada}/gazette.pdf`, cookies.staff),
          { residentId: alpha.residents.ada },
        )
      ).status,
    ).toBe(403);
  });
});
