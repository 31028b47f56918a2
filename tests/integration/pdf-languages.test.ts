// The printouts in the right language, read back with pdftotext: the gazette in its resident's
// language, the life-story book in the one chosen when printing (the resident's by default, an
// unknown one refused with the form's message), About me in the reader's; Spanish accents print.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
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
import { formatMonthYear, localDateIn } from "~/models/local-time";
import { createStory } from "~/models/story.server";
import { controlSchema, getControlDb, tenantSchema } from "~/utils/db.server";
import * as storyRoute from "~/routes/_community+/stories+/$storyId";
import * as familyGazettePdf from "~/routes/_community+/family+/gazette[.pdf]";
import * as adminGazettePdf from "~/routes/_community+/admin+/residents_.$residentId_.gazette[.pdf]";
import * as bookPage from "~/routes/_community+/residents+/$residentId.book";
import * as bookPdf from "~/routes/_community+/residents+/$residentId.book[.]pdf";
import * as aboutPdf from "~/routes/_community+/residents+/$residentId.about[.]pdf";

const t = tenantSchema;
let dir: string;
let alpha: Fixture;
const cookies = {} as Record<"admin" | "dora", string>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-languages-"));

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = await buildCommunity("alpha");
  const db = alpha.db();
  // Ada speaks Spanish; her daughter Dora reads Storyloom in English
  db.update(t.residents)
    .set({ preferredLanguage: "es" })
    .where(eq(t.residents.id, alpha.residents.ada))
    .run();
  cookies.admin = await cookieFor(alpha.origin, alpha.users.admin);
  cookies.dora = await cookieFor(alpha.origin, alpha.users.adaDaughter);
  const s = createStory(db, {
    residentId: alpha.residents.ada,
    author: { id: "ada-user", username: "ada", displayName: "Ada" },
    title: "La casa de mi abuela en Cádiz",
    content: "¿Se acuerda usted del patio? Olía a jazmín y a limón.",
    category: "childhood",
    audience: "family",
  });
  approve(db, s.id, { audience: "family" });
  const commented = await call(
    storyRoute.action,
    postForm(
      `${alpha.origin}/stories/${s.id}`,
      { intent: "comment", content: "¡Qué bonito, mamá!", emoji: "❤️" },
      cookies.dora,
    ),
    { storyId: s.id },
  );
  expect(commented.status).toBe(302);
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
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
}

const residentPath = (id: string, rest: string) => `${alpha.origin}/residents/${id}/${rest}`;

describe("the gazette", () => {
  it("is printed in its resident's language, whoever prints it, with the accents", async () => {
    const month = localDateIn(alpha.community.timeZone).slice(0, 7);
    const spanish = await pdfText(
      await call(familyGazettePdf.loader, get(`${alpha.origin}/family/gazette.pdf`, cookies.dora)),
    );
    expect(spanish).toContain("La gaceta de Ada");
    expect(spanish).toContain(`${formatMonthYear(month, "es")} · Alpha House`);
    expect(spanish).toContain("Para Ada Lovelace, habitación 12");
    expect(spanish).toContain("Mensajes de su familia");
    expect(spanish).toContain("Sobre «La casa de mi abuela en Cádiz»");
    expect(spanish).toContain("¡Qué bonito, mamá!");
    expect(spanish).toContain("— Dora Lovelace (Daughter) (corazón)");
    expect(spanish).toContain("Sus historias compartidas este mes");
    expect(spanish).not.toMatch(/Gazette|Messages from|Your stories/);

    // Ben speaks English: the administrator prints his in English
    const english = await pdfText(
      await call(
        adminGazettePdf.loader,
        get(`${alpha.origin}/admin/residents/${alpha.residents.ben}/gazette.pdf`, cookies.admin),
        { residentId: alpha.residents.ben },
      ),
    );
    expect(english).toContain("Ben's Gazette");
    expect(english).toContain(`${formatMonthYear(month, "en")} · Alpha House`);
  });

  it("an unknown resident: not found, in the reader's words", async () => {
    const res = await call(
      adminGazettePdf.loader,
      get(`${alpha.origin}/admin/residents/nobody/gazette.pdf`, cookies.admin),
      { residentId: "nobody" },
    );
    expect(res.status).toBe(404);
    expect(await res.response!.text()).toBe("We could not find that resident.");
  });
});

describe("the life-story book", () => {
  const ada = () => alpha.residents.ada;

  it("is in the resident's language unless another is chosen; the page's choices stay in the reader's", async () => {
    const page = await call(bookPage.loader, get(residentPath(ada(), "book"), cookies.dora), {
      residentId: ada(),
    });
    expect(page.data.lang).toBe("es");
    expect(page.data.langError).toBeNull();
    expect(page.data.book).toEqual({
      title: "Las historias de Ada Lovelace",
      contents: "Índice",
    });
    expect(page.data.stories.map((s: { section: string }) => s.section)).toContain("La infancia");
    // the choices are Dora's: English
    expect(page.data.candidates.map((s: { section: string }) => s.section)).toContain("Childhood");
    expect(page.data.languages.map((l: { code: string }) => l.code)).toEqual(
      expect.arrayContaining(["en", "es"]),
    );
    expect(page.data.pdfHref).toContain("lang=es");

    const english = await call(
      bookPage.loader,
      get(residentPath(ada(), "book?lang=en"), cookies.dora),
      { residentId: ada() },
    );
    expect(english.data.book.title).toBe("The stories of Ada Lovelace");
    expect(english.data.pdfHref).toContain("lang=en");
  });

  it("an unknown language: the form says so and the book stays in the resident's; the PDF refuses it", async () => {
    const page = await call(
      bookPage.loader,
      get(residentPath(ada(), "book?lang=klingon"), cookies.dora),
      { residentId: ada() },
    );
    expect(page.data.langError).toBe("Storyloom has no such language. Choose one from the list.");
    expect(page.data.lang).toBe("es");
    expect(page.data.pdfHref).toContain("lang=es");
    expect(page.data.pdfHref).not.toContain("klingon");
    const pdf = await call(
      bookPdf.loader,
      get(residentPath(ada(), "book.pdf?lang=klingon"), cookies.dora),
      { residentId: ada() },
    );
    expect(pdf.status).toBe(400);
  });

  it("the PDF: Spanish by default, with every accent; English when chosen", async () => {
    const spanish = await pdfText(
      await call(bookPdf.loader, get(residentPath(ada(), "book.pdf"), cookies.dora), {
        residentId: ada(),
      }),
    );
    expect(spanish).toContain("Las historias de Ada Lovelace");
    expect(spanish).toContain("Contadas en Alpha House");
    expect(spanish).toContain("Índice");
    expect(spanish).toContain("La infancia");
    expect(spanish).toContain("La casa de mi abuela en Cádiz");
    expect(spanish).toContain("¿Se acuerda usted del patio? Olía a jazmín y a limón.");
    expect(spanish).not.toMatch(/The stories of|Contents|Childhood/);

    const res = await call(
      bookPdf.loader,
      get(residentPath(ada(), "book.pdf?lang=en&order=category"), cookies.dora),
      { residentId: ada() },
    );
    expect(res.response!.headers.get("Content-Disposition")).toContain(
      "The-stories-of-Ada-Lovelace.pdf",
    );
    const english = await pdfText(res);
    expect(english).toContain("The stories of Ada Lovelace");
    expect(english).toContain("Contents");
    expect(english).toContain("Childhood");
    expect(english).not.toContain("Índice");
  });
});

describe("About me", () => {
  it("is printed in the reader's language", async () => {
    const english = await pdfText(
      await call(
        aboutPdf.loader,
        get(residentPath(alpha.residents.ada, "about.pdf"), cookies.admin),
        {
          residentId: alpha.residents.ada,
        },
      ),
    );
    expect(english).toContain("About me: Ada Lovelace");
    expect(english).toContain("Ada Lovelace, Room 12 · Alpha House");

    const admin = getControlDb()
      .select()
      .from(controlSchema.users)
      .where(eq(controlSchema.users.username, alpha.users.admin))
      .get()!;
    getControlDb()
      .update(controlSchema.users)
      .set({ language: "es" })
      .where(eq(controlSchema.users.id, admin.id))
      .run();
    const res = await call(
      aboutPdf.loader,
      get(
        residentPath(alpha.residents.ada, "about.pdf"),
        await cookieFor(alpha.origin, alpha.users.admin),
      ),
      { residentId: alpha.residents.ada },
    );
    expect(res.response!.headers.get("Content-Disposition")).toContain("Sobre-Ada-Lovelace.pdf");
    const spanish = await pdfText(res);
    expect(spanish).toContain("Sobre mí: Ada Lovelace");
    expect(spanish).toContain("Ada Lovelace, habitación 12 · Alpha House");
  });
});
