// Importing residents and family members from a spreadsheet, through the route modules, with real
// .csv and .xlsx files made here (exceljs writes the .xlsx): the preview shows every bad row and
// writes nothing; the fixed file imports everyone in one go; the same file again adds nobody; an
// external id finds the same resident under a new name; formulas and oversized files are refused.
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupDataDir, useTempDataDir } from "../helpers/data-dir";
import { createCommunity } from "~/models/community.server";
import { createResident } from "~/models/resident.server";
import { createUser } from "~/models/user.server";
import { IMPORT_MAX_ROWS, IMPORT_UPLOAD_TTL_MS } from "~/models/resident-import.server";
import {
  controlSchema,
  getControlDb,
  getTenantDb,
  tenantSchema,
  type Community,
} from "~/utils/db.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as apiRoute from "~/routes/api+/import";
import * as uploadRoute from "~/routes/_community+/admin+/import";
import * as previewRoute from "~/routes/_community+/admin+/import_.preview";
import * as csvTemplateRoute from "~/routes/_community+/admin+/import_.template[.]csv";
import * as xlsxTemplateRoute from "~/routes/_community+/admin+/import_.template[.]xlsx";

let dir: string;
let alpha: Community;
let admin = "";
let staff = "";
const A = "http://alpha.storyloom.localhost:3000";
const B = "http://bravo.storyloom.localhost:3000";
const args = (request: Request) => ({ request, params: {}, context: {} });

async function settle<T>(p: Promise<T>): Promise<T | Response> {
  try {
    return await p;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function signIn(origin: string, username: string, password: string) {
  const res = (await loginRoute.action(
    args(
      new Request(`${origin}/login`, {
        method: "POST",
        body: new URLSearchParams({ username, password }),
      }),
    ),
  )) as Response;
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const HEADERS = [
  "First name",
  "Last name",
  "Room",
  "Date of birth",
  "Admission date",
  "External id",
  "Family name",
  "Family email",
  "Family phone",
  "Relationship",
];
type Row = (string | number | Date | { formula: string } | null)[];

function csv(rows: Row[], headers = HEADERS): Buffer {
  const quote = (v: unknown) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from([headers, ...rows].map((r) => r.map(quote).join(",")).join("\r\n"));
}

async function xlsx(rows: Row[], headers = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Residents");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * 300 rows: 100 residents alone on a row, and 100 residents with two family members each (a row
 * for each family member): 200 residents and 200 family members. Dates as real Excel dates and as
 * day-first text.
 */
function bigSheet(): Row[] {
  const rows: Row[] = [];
  for (let i = 1; i <= 200; i++) {
    const first = `Resident${i}`;
    const last = i % 2 ? "García" : "Ellis";
    const room = `${100 + i}${i % 3 ? "" : "B"}`;
    const born =
      i % 2
        ? new Date(Date.UTC(1930 + (i % 20), i % 12, 1 + (i % 27)))
        : `0${1 + (i % 9)}/0${1 + (i % 9)}/19${30 + (i % 20)}`;
    if (i <= 100)
      rows.push([first, last, room, born, "2024-03-01", `MRN-${i}`, null, null, null, null]);
    else
      for (const n of [1, 2])
        rows.push([
          first,
          last,
          room,
          born,
          "2024-03-01",
          `MRN-${i}`,
          `Family${n} Of${i}`,
          `family${n}.of${i}@family.example`,
          "+34 600 000 000",
          n === 1 ? "Daughter" : "Son",
        ]);
  }
  return rows;
}

function upload(file: Buffer, name: string, url: string, cookie = admin) {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(file)], name));
  return new Request(url, { method: "POST", body, headers: { Cookie: cookie } });
}

async function api(file: Buffer, name: string, query = "", cookie = admin) {
  const res = await settle(
    apiRoute.action(args(upload(file, name, `${A}/api/import${query}`, cookie))),
  );
  return res as Response;
}

function counts() {
  const db = getTenantDb(alpha);
  return {
    residents: db.select({ n: count() }).from(tenantSchema.residents).get()!.n,
    family: db.select({ n: count() }).from(tenantSchema.familyMembers).get()!.n,
  };
}

function importAudits() {
  return getControlDb()
    .select()
    .from(controlSchema.auditLog)
    .where(
      and(
        eq(controlSchema.auditLog.action, "import.completed"),
        eq(controlSchema.auditLog.tenantId, alpha.id),
      ),
    )
    .all();
}

beforeAll(async () => {
  dir = useTempDataDir();
  alpha = createCommunity({ name: "Alpha House", subdomain: "alpha" });
  const bravo = createCommunity({ name: "Bravo Court", subdomain: "bravo" });
  await createUser({
    tenantId: alpha.id,
    username: "alice",
    email: "a@x.example",
    displayName: "Alice Admin",
    role: "administrator",
    password: "alpha-password",
  });
  await createUser({
    tenantId: alpha.id,
    username: "sid",
    email: "s@x.example",
    displayName: "Sid Staff",
    role: "staff",
    password: "staff-password",
  });
  await createUser({
    tenantId: bravo.id,
    username: "bob",
    email: "b@x.example",
    displayName: "Bob Admin",
    role: "administrator",
    password: "bravo-password",
  });
  admin = await signIn(A, "alice", "alpha-password");
  staff = await signIn(A, "sid", "staff-password");
});
afterAll(() => cleanupDataDir(dir));

describe("a 300-row spreadsheet", () => {
  it("with 7 bad rows shows exactly those 7 and writes nothing", async () => {
    const rows = bigSheet();
    rows[4]![0] = ""; // row 6: no first name
    rows[10]![3] = "31/02/1940"; // row 12: no such day
    rows[20]![2] = "Room"; // row 22: not a room
    rows[30]![1] = '=HYPERLINK("http://evil.example","Ellis")'; // row 32: a formula
    rows[150]![7] = "not-an-email"; // row 152: a bad family email
    rows[161] = [...rows[160]!]; // row 163: the same family member again
    rows[200]![4] = "1/3/24"; // row 202: a two-digit year
    const before = counts();
    const res = await api(await xlsx(rows), "residents.xlsx", "?dryRun=1");
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      message: string;
      fieldErrors: Record<string, string[]>;
      rowErrors: { row: number; messages: string[] }[];
    };
    expect(body.message).toBe("The file has errors: nothing was imported.");
    expect(body.rowErrors.map((r) => r.row)).toEqual([6, 12, 22, 32, 152, 163, 202]);
    expect(Object.keys(body.fieldErrors)).toHaveLength(7);
    const text = body.rowErrors.map((r) => r.messages.join(" "));
    expect(text[0]).toBe("The first name is missing.");
    expect(text[1]).toContain("“31/02/1940” in “Date of birth” is not a real day");
    expect(text[2]).toContain("“Room” is not a room number");
    expect(text[3]).toContain("The “Last name” cell starts with “=”");
    expect(text[4]).toContain("“not-an-email” in “Family email” is not an email address.");
    expect(text[5]).toContain("is already on row 162 for this resident");
    expect(text[6]).toContain("has a two-digit year");
    // without dryRun too: refused, nothing written
    expect((await api(await xlsx(rows), "residents.xlsx")).status).toBe(400);
    expect(counts()).toEqual(before);
    expect(importAudits()).toHaveLength(0);
  });

  it("fixed, imports its 400 people once; the same file again adds nobody", async () => {
    const file = await xlsx(bigSheet());
    const dry = await api(file, "residents.xlsx", "?dryRun=1");
    expect(dry.status).toBe(200);
    expect(((await dry.json()) as { counts: unknown }).counts).toEqual({
      residentsToAdd: 200,
      residentsToUpdate: 0,
      familyToAdd: 200,
      familyToUpdate: 0,
      unchanged: 0,
    });
    expect(counts()).toEqual({ residents: 0, family: 0 });
    const res = await api(file, "residents.xlsx");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ residentsAdded: 200, familyAdded: 200 });
    expect(counts()).toEqual({ residents: 200, family: 200 });
    const db = getTenantDb(alpha);
    const r7 = db
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.externalId, "MRN-7"))
      .get()!;
    expect(r7).toMatchObject({ firstName: "Resident7", lastName: "García", roomNumber: "107" });
    expect(r7.dateOfBirth).toBe("1937-08-08");
    expect(r7.sortName).toBe("garcia resident7");
    const r8 = db
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.externalId, "MRN-8"))
      .get()!;
    expect(r8.dateOfBirth).toBe("1938-09-09");
    expect(importAudits().map((a) => a.details)).toEqual([
      "residents.xlsx: 200 residents added, 0 updated, 200 family members added",
    ]);
    // family members get no sign-in at import
    expect(
      getControlDb()
        .select({ n: count() })
        .from(controlSchema.users)
        .where(eq(controlSchema.users.role, "family"))
        .get()!.n,
    ).toBe(0);

    const again = await api(file, "residents.xlsx");
    expect(await again.json()).toMatchObject({
      residentsAdded: 0,
      residentsUpdated: 0,
      familyAdded: 0,
      unchanged: 400,
    });
    // the same people as CSV, without ids: matched by name and date of birth
    const asCsv = bigSheet().map((r) => {
      const row = [...r];
      row[5] = null;
      if (row[3] instanceof Date) row[3] = row[3].toISOString().slice(0, 10);
      return row;
    });
    const third = await api(csv(asCsv), "residents.csv");
    expect(await third.json()).toMatchObject({ residentsAdded: 0, familyAdded: 0 });
    expect(counts()).toEqual({ residents: 200, family: 200 });
  });
});

describe("matching", () => {
  it("finds a resident by external id under a new name and says what changes", async () => {
    const rows: Row[] = [
      ["Resident7", "Garcia-Lopez", "12A", null, null, "MRN-7", null, null, null, null],
    ];
    const res = await api(csv(rows), "moves.csv", "?dryRun=1");
    const body = (await res.json()) as {
      counts: Record<string, number>;
      rows: { residentChanges: string[]; residentAction: string }[];
    };
    expect(body.counts).toMatchObject({ residentsToAdd: 0, residentsToUpdate: 1 });
    expect(body.rows[0]!.residentAction).toBe("update");
    expect(body.rows[0]!.residentChanges).toEqual([
      "last name García → Garcia-Lopez",
      "room 107 → 12A",
    ]);
    await api(csv(rows), "moves.csv");
    const r = getTenantDb(alpha)
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.externalId, "MRN-7"))
      .get()!;
    expect(r).toMatchObject({
      lastName: "Garcia-Lopez",
      roomNumber: "12A",
      dateOfBirth: "1937-08-08",
    });
  });

  it("gives an id to a resident matched by name, and a new id is a new person", async () => {
    const db = getTenantDb(alpha);
    createResident(db, { firstName: "Élise", lastName: "Dubois", dateOfBirth: "1931-05-02" });
    const rows: Row[] = [
      [
        "ELISE",
        "dubois",
        null,
        "02/05/1931",
        null,
        "X-1",
        "Paul Dubois",
        "paul@family.example",
        null,
        "Son",
      ],
    ];
    const body = (await (await api(csv(rows), "x.csv", "?dryRun=1")).json()) as {
      counts: Record<string, number>;
      rows: { residentChanges: string[] }[];
    };
    expect(body.counts).toMatchObject({ residentsToUpdate: 1, familyToAdd: 1 });
    // a care system's capitals are not a new spelling
    expect(body.rows[0]!.residentChanges).toEqual(["external id: X-1"]);
    await api(csv(rows), "x.csv");
    const elise = db
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.externalId, "X-1"))
      .get()!;
    expect(elise.firstName).toBe("Élise");
    // the family member again by email, with a phone: an update, not a second Paul
    const phone: Row[] = [
      [
        "Elise",
        "Dubois",
        null,
        null,
        null,
        "X-1",
        "Paul Dubois",
        "PAUL@family.example",
        "+33 1 23 45 67 89",
        "Son",
      ],
    ];
    expect(await (await api(csv(phone), "x.csv")).json()).toMatchObject({
      familyAdded: 0,
      familyUpdated: 1,
    });
    const other: Row[] = [
      ["Élise", "Dubois", null, "1931-05-02", null, "X-2", null, null, null, null],
    ];
    expect(await (await api(csv(other), "y.csv", "?dryRun=1")).json()).toMatchObject({
      counts: { residentsToAdd: 1 },
    });
  });

  it("adds a resident's own email where the file has one", async () => {
    const headers = ["Resident ID", "Nombre", "Apellidos", "Correo del residente"];
    const rows: Row[] = [["X-1", "Elise", "Dubois", "elise.dubois@example.org"]];
    const body = (await (await api(csv(rows, headers), "e.csv", "?dryRun=1")).json()) as {
      rows: { residentChanges: string[] }[];
    };
    expect(body.rows[0]!.residentChanges).toEqual(["email: elise.dubois@example.org"]);
    await api(csv(rows, headers), "e.csv");
    const elise = getTenantDb(alpha)
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.externalId, "X-1"))
      .get()!;
    expect(elise.email).toBe("elise.dubois@example.org");
  });

  it("refuses two rows that disagree about one resident", async () => {
    const rows: Row[] = [
      ["Ana", "Ruiz", "5", null, null, "R-1", "Luis Ruiz", "luis@family.example", null, null],
      ["Ana", "Ruiz", "6", null, null, "R-1", "Marta Ruiz", "marta@family.example", null, null],
    ];
    const body = (await (await api(csv(rows), "r.csv", "?dryRun=1")).json()) as {
      rowErrors: { row: number; messages: string[] }[];
    };
    expect(body.rowErrors).toEqual([
      {
        row: 3,
        messages: [
          "The “Room” cell says 6, but row 2 says 5 for the same resident. Make them the same.",
        ],
      },
    ]);
  });
});

describe("refusals", () => {
  it("refuses formula cells of an .xlsx and formula-looking text of a CSV", async () => {
    const rows: Row[] = [
      ["Tom", "Bell", { formula: "1+1" }, null, null, null, null, null, null, null],
      ["Ann", "Bell", null, null, null, null, "@SUM(A1)", "ann@family.example", null, null],
      ["Joe", "Bell", null, null, null, null, "Joe Kin", "joe@family.example", "-1+2", null],
    ];
    const body = (await (await api(await xlsx(rows), "f.xlsx", "?dryRun=1")).json()) as {
      rowErrors: { row: number; messages: string[] }[];
    };
    expect(body.rowErrors.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(body.rowErrors[0]!.messages[0]).toBe(
      "The “Room” cell is a formula. Type the value itself instead.",
    );
    expect(body.rowErrors[1]!.messages[0]).toContain("starts with “@”");
    expect(body.rowErrors[2]!.messages[0]).toContain("starts with “-”");
    const text = await api(
      csv([["=cmd|' /C calc'!A0", "Bell"]], ["First name", "Last name"]),
      "c.csv",
      "?dryRun=1",
    );
    expect(text.status).toBe(400);
  });

  it("refuses a file over 2 MB, over 2,000 rows, and files that are not .csv or .xlsx", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, "a");
    const res = await api(big, "big.csv");
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(
      "The file is 2 MB: files of at most 2 MB can be imported. Split it into smaller files.",
    );
    const many: Row[] = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`P${i}`, "Many"]);
    const rowsRes = await api(csv(many, ["First name", "Last name"]), "many.csv", "?dryRun=1");
    expect(rowsRes.status).toBe(400);
    expect(((await rowsRes.json()) as { fileErrors: string[] }).fileErrors).toEqual([
      "The file has more than 2000 rows. Split it into files of at most 2000 rows and import them one after the other.",
    ]);
    const xls = await api(Buffer.from("x"), "old.xls", "?dryRun=1");
    expect(((await xls.json()) as { fileErrors: string[] }).fileErrors[0]).toContain(
      "old Excel file (.xls)",
    );
    // the screen says the same before it keeps anything
    const screen = (await uploadRoute.action(
      args(upload(Buffer.from("x"), "residents.numbers", `${A}/admin/import`)),
    )) as unknown as { data: { error: string }; init: { status: number } };
    expect(screen.init.status).toBe(400);
    expect(screen.data.error).toContain("This is a Numbers file");
    const tooBig = (await uploadRoute.action(
      args(upload(big, "big.csv", `${A}/admin/import`)),
    )) as unknown as { data: { error: string } };
    expect(tooBig.data.error).toContain("files of at most 2 MB");
  });

  it("is for the community's administrators only", async () => {
    const before = counts();
    const file = csv([["Zed", "Nobody"]], ["First name", "Last name"]);
    expect((await api(file, "z.csv", "", staff)).status).toBe(403);
    expect((await api(file, "z.csv", "", "")).status).toBe(401);
    const bob = await signIn(B, "bob", "bravo-password");
    const res = await settle(apiRoute.action(args(upload(file, "z.csv", `${A}/api/import`, bob))));
    expect([401, 403]).toContain((res as Response).status);
    const page = await settle(
      uploadRoute.loader(args(new Request(`${A}/admin/import`, { headers: { Cookie: staff } }))),
    );
    expect((page as Response).status).toBe(403);
    expect(counts()).toEqual(before);
  });
});

describe("the screen", () => {
  it("keeps the upload under a token, previews it and imports it without the file again", async () => {
    const rows: Row[] = [
      [
        "Nora",
        "Quinn",
        "3C",
        "1940-01-02",
        null,
        "Q-1",
        "Sam Quinn",
        "sam.quinn@family.example",
        null,
        "Son",
      ],
      [
        "Nora",
        "Quinn",
        "3C",
        "1940-01-02",
        null,
        "Q-1",
        "Kim Quinn",
        "kim.quinn@family.example",
        null,
        "Daughter",
      ],
    ];
    const res = (await uploadRoute.action(
      args(upload(csv(rows), "quinn.csv", `${A}/admin/import`)),
    )) as Response;
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    const token = new URL(`${A}${location}`).searchParams.get("token")!;
    expect(token).toMatch(/^[a-f0-9]{32}$/);
    const kept = path.join(dir, "imports", "alpha", `${token}.bin`);
    expect(fs.existsSync(kept)).toBe(true);
    const page = (await previewRoute.loader(
      args(new Request(`${A}${location}`, { headers: { Cookie: admin } })),
    )) as Awaited<ReturnType<typeof previewRoute.loader>>;
    expect(page.preview.ok).toBe(true);
    expect(page.preview.counts).toMatchObject({ residentsToAdd: 1, familyToAdd: 2 });
    // another community's administrator cannot use the token
    const bob = await signIn(B, "bob", "bravo-password");
    const stranger = await settle(
      previewRoute.loader(args(new Request(`${B}${location}`, { headers: { Cookie: bob } }))),
    );
    expect((stranger as Response).headers.get("Location")).toBe("/admin/import?expired=1");

    const outboxBefore = getTenantDb(alpha)
      .select({ n: count() })
      .from(tenantSchema.emailOutbox)
      .get()!.n;
    const done = (await previewRoute.action(
      args(
        new Request(`${A}/admin/import/preview`, {
          method: "POST",
          body: new URLSearchParams({ token, invite: "on" }),
          headers: { Cookie: admin },
        }),
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/residents");
    expect(fs.existsSync(kept)).toBe(false);
    const quinn = getTenantDb(alpha)
      .select()
      .from(tenantSchema.residents)
      .where(eq(tenantSchema.residents.externalId, "Q-1"))
      .get()!;
    expect(quinn).toMatchObject({ firstName: "Nora", roomNumber: "3C" });
    // an invitation emailed to each new family member (their sign-in is made then)
    const outboxAfter = getTenantDb(alpha)
      .select({ n: count() })
      .from(tenantSchema.emailOutbox)
      .get()!.n;
    expect(outboxAfter - outboxBefore).toBe(2);
    // the token is gone: posting it again imports nothing
    const twice = await settle(
      previewRoute.action(
        args(
          new Request(`${A}/admin/import/preview`, {
            method: "POST",
            body: new URLSearchParams({ token }),
            headers: { Cookie: admin },
          }),
        ),
      ),
    );
    expect((twice as Response).headers.get("Location")).toBe("/admin/import?expired=1");
  });

  it("forgets an upload after an hour", async () => {
    const res = (await uploadRoute.action(
      args(
        upload(csv([["Old", "File"]], ["First name", "Last name"]), "old.csv", `${A}/admin/import`),
      ),
    )) as Response;
    const token = new URL(`${A}${res.headers.get("Location")}`).searchParams.get("token")!;
    const meta = path.join(dir, "imports", "alpha", `${token}.json`);
    const past = (Date.now() - IMPORT_UPLOAD_TTL_MS - 1000) / 1000;
    fs.utimesSync(meta, past, past);
    fs.utimesSync(meta.replace(/json$/, "bin"), past, past);
    const page = await settle(
      previewRoute.loader(
        args(
          new Request(`${A}/admin/import/preview?token=${token}`, { headers: { Cookie: admin } }),
        ),
      ),
    );
    expect((page as Response).headers.get("Location")).toBe("/admin/import?expired=1");
    expect(fs.existsSync(meta)).toBe(false);
  });

  it("offers the template as CSV and as .xlsx", async () => {
    const get = (route: { loader: (a: ReturnType<typeof args>) => Promise<Response> }, p: string) =>
      route.loader(args(new Request(`${A}${p}`, { headers: { Cookie: admin } })));
    const csvRes = await get(csvTemplateRoute, "/admin/import/template.csv");
    expect(csvRes.headers.get("Content-Type")).toContain("text/csv");
    const bytes = Buffer.from(await csvRes.arrayBuffer());
    // the byte order mark lets spreadsheet programs read accents as UTF-8
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").trim()).toBe(
      "First name,Last name,Room,Date of birth,Admission date,Resident email,External id,Family name,Family email,Family phone,Relationship",
    );
    const xlsxRes = await get(xlsxTemplateRoute, "/admin/import/template.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsxRes.arrayBuffer());
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe("First name");
    // the template, filled in, imports
    workbook.worksheets[0]!.addRow(["Vera", "Template", "7", new Date(Date.UTC(1939, 2, 1))]);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const body = (await (await api(filled, "template.xlsx", "?dryRun=1")).json()) as {
      counts: Record<string, number>;
    };
    expect(body.counts.residentsToAdd).toBe(1);
  });
});
