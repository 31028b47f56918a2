// Residents and their family members from a spreadsheet (CSV or Excel .xlsx): reading the file,
// matching its columns by name, checking every row, matching the people already there, and the
// import itself in one transaction. Shared by /admin/import and POST /api/import. Nothing is
// written until the file has no errors; running the same file again adds nobody.
//
// Dates: 2024-03-01 (year first, ISO) or day first, 01/03/2024, 1-3-2024 or 1.3.2024, the way the
// facilities write them; the year always has four digits. Excel's own date cells are dates.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import * as z from "zod";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import type { RequestClient } from "~/utils/host.server";
import { msg, translateMessage, type T } from "~/utils/i18n";
import { foldText, normalizeRoom } from "~/utils/text-keys";
import { writeAudit } from "./audit.server";
import { isCalendarDate } from "./event-dates";
import { findFollowerByEmail } from "./family-access.server";
import {
  createFamilyMember,
  listFamilyOfResident,
  updateFamilyMember,
  type FamilyMemberInput,
  type FamilyMemberRow,
} from "./family.server";
import { emailFamilyInvitation, syncFamilyAccount } from "./invitation.server";
import {
  createResident,
  listResidents,
  updateResident,
  type ResidentInput,
  type ResidentRow,
} from "./resident.server";

const { residents } = tenantSchema;

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
/** An uploaded file waits this long for its import, then it is removed. */
export const IMPORT_UPLOAD_TTL_MS = 60 * 60 * 1000;
// an .xlsx is a zip: what it unpacks to is capped, so a small file cannot fill the memory
const XLSX_MAX_UNPACKED_BYTES = 60 * 1024 * 1024;

// the resident form's limits (admin-schemas.server.ts ResidentSchema and FamilyMemberSchema)
const MAX = { name: 100, room: 20, email: 254, externalId: 64, familyName: 120, phone: 40, relationship: 60 };

export const IMPORT_FIELDS = [
  "firstName",
  "lastName",
  "roomNumber",
  "dateOfBirth",
  "admissionDate",
  "email",
  "externalId",
  "familyName",
  "familyEmail",
  "familyPhone",
  "relationship",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/**
 * The headers each column is known by, English and Spanish, compared folded (no case, accents,
 * spaces or punctuation): "Date of birth", "DATE_OF_BIRTH" and "date-of-birth" are one header.
 * "Family name" is the family member's name (a surname is "Last name" or "Surname").
 */
export const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ["First name", "Given name", "Forename", "First", "Nombre", "Nombre de pila"],
  lastName: ["Last name", "Surname", "Last", "Apellidos", "Apellido"],
  roomNumber: ["Room", "Room number", "Room no", "Unit", "Habitación", "Número de habitación", "Hab"],
  dateOfBirth: ["Date of birth", "DOB", "Birth date", "Birthdate", "Birthday", "Fecha de nacimiento", "Nacimiento", "F nacimiento"],
  admissionDate: ["Admission date", "Admitted", "Admission", "Move-in date", "Move in", "Fecha de ingreso", "Ingreso", "Fecha de admisión"],
  email: ["Resident email", "Email", "E-mail", "Correo", "Correo electrónico", "Email del residente", "Correo del residente"],
  externalId: ["External id", "Resident ID", "MRN", "ID", "Id externo", "ID del residente", "Identificador", "NHC"],
  familyName: ["Family name", "Family member", "Family member name", "Contact name", "Familiar", "Nombre del familiar", "Nombre familiar"],
  familyEmail: ["Family email", "Family member email", "Contact email", "Email del familiar", "Correo del familiar", "Correo familiar"],
  familyPhone: ["Family phone", "Family member phone", "Contact phone", "Phone", "Telephone", "Teléfono", "Teléfono del familiar", "Teléfono familiar"],
  relationship: ["Relationship", "Relation", "Relación", "Parentesco"],
};

/** A header as it is compared: folded, without spaces. */
export function headerKey(header: string): string {
  return foldText(header.replace(/[_\-./]+/g, " ")).replace(/ /g, "");
}

const FIELD_OF_KEY = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS)
  for (const alias of HEADER_ALIASES[field]) FIELD_OF_KEY.set(headerKey(alias), field);

export type HeaderMatch = {
  /** the field of each column, or null for a column that is not read */
  columns: (ImportField | null)[];
  /** the headers of the columns that are not read, as written */
  ignored: string[];
  /** each field's header as the file writes it (the messages name the column so) */
  names: Partial<Record<ImportField, string>>;
  /** what stops the whole file (msg keys) */
  problems: string[];
};

/** Which column is which field, and what is wrong with the header row as a whole. */
export function matchHeaders(headers: readonly string[]): HeaderMatch {
  const columns: (ImportField | null)[] = [];
  const ignored: string[] = [];
  const problems: string[] = [];
  const seen = new Map<ImportField, string>();
  for (const raw of headers) {
    const header = raw.trim();
    const field = header ? (FIELD_OF_KEY.get(headerKey(header)) ?? null) : null;
    if (field && seen.has(field)) {
      problems.push(msg("import:file.sameColumnTwice", { first: seen.get(field)!, second: header }));
      columns.push(null);
      continue;
    }
    if (field) seen.set(field, header);
    else if (header) ignored.push(header);
    columns.push(field);
  }
  if (!seen.has("firstName")) problems.push(msg("import:file.noFirstName"));
  if (!seen.has("lastName")) problems.push(msg("import:file.noLastName"));
  return { columns, ignored, problems, names: Object.fromEntries(seen) };
}

// --- dates ---

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})$/;

export type DateReading = { ok: true; value: string } | { ok: false; reason: "format" | "day" | "shortYear" };

/**
 * A date as written in a cell: 2024-03-01 (ISO), or day first: 01/03/2024, 1-3-2024, 1.3.2024
 * (1 March 2024). A two-digit year is refused (1924 or 2024?), and so is a day that does not
 * exist (31/02/2024). Empty is not a date: the caller decides whether one is needed.
 */
export function parseImportDate(text: string): DateReading {
  const value = text.trim();
  let y: number, m: number, d: number;
  const iso = ISO.exec(value);
  const dayFirst = DAY_FIRST.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) {
    if (dayFirst[3]!.length !== 4) return { ok: false, reason: "shortYear" };
    [d, m, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  } else return { ok: false, reason: "format" };
  const ymd = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return isCalendarDate(ymd) ? { ok: true, value: ymd } : { ok: false, reason: "day" };
}

/** A date cell of a spreadsheet (Excel keeps the day at midnight UTC). */
function ymdOfDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// --- reading the file ---

/** One cell as read: its text, and for a real date cell its day, or whether it holds a formula. */
export type Cell = { text: string; date?: string; formula?: boolean };
export type SheetRow = { row: number; cells: Cell[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

/** A file the import cannot read at all; `message` is a msg key. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
  }
}

export type ImportFileKind = "csv" | "xlsx";

/** The kind of file by its name, or a refusal that says which files are accepted. */
export function importFileKind(fileName: string): ImportFileKind {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === ".csv" || ext === ".txt") return "csv";
  if (ext === ".xlsx") return "xlsx";
  if (ext === ".xls") throw new ImportFileError(msg("import:file.oldExcel"));
  if (ext === ".numbers") throw new ImportFileError(msg("import:file.numbers"));
  if (ext === ".ods") throw new ImportFileError(msg("import:file.ods"));
  throw new ImportFileError(msg("import:file.wrongType", { name: fileName.slice(0, 80) }));
}

/** Text of a CSV file: UTF-8 (with or without its byte order mark), else Windows' Western letters. */
function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of a CSV file: Spanish Excel writes ";" (the comma is its decimal mark). */
function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

function readCsv(bytes: Buffer): Sheet {
  const text = decodeCsv(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw new ImportFileError(msg("import:file.unreadableCsv"));
  }
  const [header = [], ...rest] = records;
  return {
    headers: header.map((h) => h.trim()),
    // the row numbers a spreadsheet shows: the header is row 1
    rows: rest.map((cells, i) => ({ row: i + 2, cells: cells.map((c) => ({ text: c.trim() })) })),
  };
}

/** How much an .xlsx (a zip) unpacks to, from its central directory; null when it is not a zip. */
export function zipUnpackedSize(bytes: Buffer): number | null {
  // the end of central directory record: at least 22 bytes, within the last 64 KB
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = bytes.readUInt16LE(i + 10);
    let at = bytes.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
      const size = bytes.readUInt32LE(at + 24);
      // a ZIP64 entry (over 4 GB) is never a spreadsheet of residents
      if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
      total += size;
      at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    }
    return total;
  }
  return null;
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return { text: "" };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { text: "" } : { text: ymdOfDate(value), date: ymdOfDate(value) };
  if (typeof value === "string") return { text: value.trim() };
  if (typeof value === "number") return { text: String(value) };
  if (typeof value === "boolean") return { text: value ? "TRUE" : "FALSE" };
  if (typeof value === "object") {
    if ("formula" in value || "sharedFormula" in value || "error" in value) {
      const result = "result" in value ? value.result : undefined;
      return { text: result === undefined || result === null ? "" : String(result instanceof Date ? ymdOfDate(result) : result), formula: true };
    }
    if ("richText" in value) return { text: value.richText.map((r) => r.text).join("").trim() };
    if ("text" in value) {
      const text = value.text as unknown;
      if (typeof text === "string") return { text: text.trim() };
      if (text && typeof text === "object" && "richText" in text)
        return { text: (text as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join("").trim() };
    }
  }
  return { text: String(value as unknown).trim() };
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === null) throw new ImportFileError(msg("import:file.unreadableXlsx"));
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw new ImportFileError(msg("import:file.xlsxTooBig"));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileError(msg("import:file.unreadableXlsx"));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  const rows: SheetRow[] = [];
  let headerRow = 0;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (rows.length > IMPORT_MAX_ROWS + 50) return;
    const width = Math.max(row.cellCount, headers.length);
    const cells: Cell[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellOf(row.getCell(c).value));
    if (!headerRow) {
      if (cells.every((cell) => !cell.text)) return;
      headerRow = number;
      headers.push(...cells.map((cell) => cell.text));
      return;
    }
    rows.push({ row: number, cells });
  });
  return { headers, rows };
}

/** The file's header row and data rows (CSV or .xlsx, by its name). Throws ImportFileError. */
export async function readSpreadsheet(fileName: string, bytes: Buffer): Promise<Sheet> {
  const kind = importFileKind(fileName);
  if (bytes.length === 0) throw new ImportFileError(msg("import:file.empty"));
  if (bytes.length > IMPORT_MAX_BYTES) throw new ImportFileError(msg("import:file.tooLarge", { size: megabytes(bytes.length), max: megabytes(IMPORT_MAX_BYTES) }));
  return kind === "csv" ? readCsv(bytes) : readXlsx(bytes);
}

export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "");
}

// --- checking and matching ---

export type Change = { field: ImportField; from: string | null; to: string };
export type Action = "add" | "update" | "unchanged";

export type RowPlan = {
  row: number;
  resident: string;
  residentAction: Action | null;
  residentChanges: Change[];
  family: string | null;
  familyAction: Action | null;
  familyChanges: Change[];
  /** msg keys, translated where they are shown */
  errors: string[];
};

type ResidentValues = {
  firstName: string;
  lastName: string;
  roomNumber: string | null;
  dateOfBirth: string | null;
  admissionDate: string | null;
  email: string | null;
  externalId: string | null;
};

type FamilyValues = { name: string; email: string; phoneNumber: string | null; relationship: string | null };

type FamilyPlan = { row: RowPlan; values: FamilyValues; existing: FamilyMemberRow | null; changes: Change[] };

type ResidentGroup = {
  firstRow: RowPlan;
  values: ResidentValues;
  /** the row each value came from */
  valueRows: Partial<Record<keyof ResidentValues, number>>;
  existing: ResidentRow | null;
  changes: Change[];
  family: FamilyPlan[];
};

export type ImportCounts = {
  residentsToAdd: number;
  residentsToUpdate: number;
  familyToAdd: number;
  familyToUpdate: number;
  unchanged: number;
};

export type ImportPlan = {
  fileName: string;
  /** what stops the whole file (msg keys) */
  fileErrors: string[];
  ignoredColumns: string[];
  rows: RowPlan[];
  counts: ImportCounts;
  /** rows with at least one error */
  errorRows: number;
  ok: boolean;
  groups: ResidentGroup[];
};

const EMAIL = z.regexes.email;
// a spreadsheet runs a cell starting with one of these as a formula (=, +, -, @, tab, CR)
const FORMULA_START = /^[=+\-@\t\r]/;
// an international phone number is the one text that may start with "+"
const PHONE = /^\+[\d\s().-]+$/;

const nameKey = (first: string, last: string) => `${foldText(first)}|${foldText(last)}`;

/** A plan that writes nothing, for a file refused as a whole (`fileErrors`: msg keys). */
export function emptyPlan(fileName: string, fileErrors: string[], ignoredColumns: string[] = []): ImportPlan {
  return {
    fileName,
    fileErrors,
    ignoredColumns,
    rows: [],
    counts: { residentsToAdd: 0, residentsToUpdate: 0, familyToAdd: 0, familyToUpdate: 0, unchanged: 0 },
    errorRows: 0,
    ok: false,
    groups: [],
  };
}

/**
 * Checks every row of the sheet and matches its people with those already in the community:
 * residents by their external id, else by name (without regard to case or accents) and date of
 * birth; family members by their resident and email, else their resident and name. Reads only.
 */
export function planImport(db: TenantDb, sheet: Sheet, fileName: string): ImportPlan {
  const headers = matchHeaders(sheet.headers);
  const dataRows = sheet.rows.filter((r) => r.cells.some((c) => c.text || c.formula));
  if (!sheet.headers.some((h) => h.trim()) && !dataRows.length) return emptyPlan(fileName, [msg("import:file.noRows")]);
  if (headers.problems.length) return emptyPlan(fileName, headers.problems, headers.ignored);
  if (!dataRows.length) return emptyPlan(fileName, [msg("import:file.noRows")], headers.ignored);
  if (dataRows.length > IMPORT_MAX_ROWS)
    return emptyPlan(fileName, [msg("import:file.tooManyRows", { max: IMPORT_MAX_ROWS })], headers.ignored);

  const existing = listResidents(db);
  const byExternalId = new Map(existing.filter((r) => r.externalId).map((r) => [r.externalId!, r]));
  const byName = new Map<string, ResidentRow[]>();
  for (const r of existing) {
    const key = nameKey(r.firstName, r.lastName);
    byName.set(key, [...(byName.get(key) ?? []), r]);
  }

  const rows: RowPlan[] = [];
  const groups: ResidentGroup[] = [];
  const groupByExternalId = new Map<string, ResidentGroup>();
  const groupByPerson = new Map<string, ResidentGroup>();
  const groupOfResident = new Map<string, ResidentGroup>();

  for (const sheetRow of dataRows) {
    const plan: RowPlan = {
      row: sheetRow.row,
      resident: "",
      residentAction: null,
      residentChanges: [],
      family: null,
      familyAction: null,
      familyChanges: [],
      errors: [],
    };
    rows.push(plan);
    const cell = (field: ImportField): Cell => {
      const i = headers.columns.indexOf(field);
      return i === -1 ? { text: "" } : (sheetRow.cells[i] ?? { text: "" });
    };
    const err = (key: string, values?: Record<string, string | number>) => plan.errors.push(msg(`import:row.${key}`, values));

    // formulas first: such a cell's text is never used
    const safe: Partial<Record<ImportField, string>> = {};
    for (const field of IMPORT_FIELDS) {
      const c = cell(field);
      if (c.formula) err("formula", { column: columnLabel(headers, field) });
      else if (!c.date && FORMULA_START.test(c.text) && !(field === "familyPhone" && PHONE.test(c.text)))
        err("formulaLike", { column: columnLabel(headers, field), start: c.text[0] === "\t" ? "⇥" : c.text[0]! });
      else safe[field] = c.text;
    }
    const text = (field: ImportField) => safe[field] ?? "";
    const tooLong = (field: ImportField, max: number) => {
      if (text(field).length > max) {
        err("tooLong", { column: columnLabel(headers, field), max });
        return true;
      }
      return false;
    };

    const firstName = text("firstName");
    const lastName = text("lastName");
    plan.resident = `${firstName} ${lastName}`.trim();
    if (!firstName && cell("firstName").text === "") err("firstNameMissing");
    if (!lastName && cell("lastName").text === "") err("lastNameMissing");
    tooLong("firstName", MAX.name);
    tooLong("lastName", MAX.name);

    const roomRaw = text("roomNumber");
    if (!tooLong("roomNumber", MAX.room) && roomRaw && !normalizeRoom(roomRaw)) err("roomInvalid", { room: roomRaw });
    const room = normalizeRoom(roomRaw);

    const date = (field: "dateOfBirth" | "admissionDate"): string | null => {
      const c = cell(field);
      if (c.formula || safe[field] === undefined) return null;
      if (c.date) return c.date;
      if (!c.text) return null;
      const read = parseImportDate(c.text);
      if (read.ok) return read.value;
      err(`date.${read.reason}`, { column: columnLabel(headers, field), value: c.text.slice(0, 40) });
      return null;
    };
    const dateOfBirth = date("dateOfBirth");
    const admissionDate = date("admissionDate");
    const today = new Date().toISOString().slice(0, 10);
    if (dateOfBirth && dateOfBirth > today) err("dateOfBirthFuture", { value: dateOfBirth });
    if (dateOfBirth && dateOfBirth < "1880-01-01") err("dateOfBirthTooOld", { value: dateOfBirth });
    if (dateOfBirth && admissionDate && admissionDate < dateOfBirth) err("admissionBeforeBirth");

    const email = text("email");
    if (!tooLong("email", MAX.email) && email && !EMAIL.test(email)) err("emailInvalid", { column: columnLabel(headers, "email"), value: email.slice(0, 80) });
    const externalId = text("externalId");
    tooLong("externalId", MAX.externalId);

    const familyName = text("familyName");
    const familyEmail = text("familyEmail");
    const familyPhone = text("familyPhone");
    const relationship = text("relationship");
    const hasFamily = Boolean(familyName || familyEmail || familyPhone || relationship || cell("familyName").formula || cell("familyEmail").formula);
    if (hasFamily) {
      plan.family = familyName || familyEmail;
      if (!familyName && !cell("familyName").formula) err("familyNameMissing");
      if (!familyEmail && !cell("familyEmail").formula) err("familyEmailMissing", { name: familyName || "?" });
      else if (familyEmail && !tooLong("familyEmail", MAX.email) && !EMAIL.test(familyEmail))
        err("emailInvalid", { column: columnLabel(headers, "familyEmail"), value: familyEmail.slice(0, 80) });
      tooLong("familyName", MAX.familyName);
      tooLong("familyPhone", MAX.phone);
      tooLong("relationship", MAX.relationship);
    }

    if (!firstName || !lastName) continue;
    const values: ResidentValues = {
      firstName,
      lastName,
      roomNumber: room,
      dateOfBirth,
      admissionDate,
      email: email || null,
      externalId: externalId || null,
    };

    // the same resident on several rows (one a family member): one group
    const personKey = `${nameKey(firstName, lastName)}|${dateOfBirth ?? ""}`;
    // (a row without the id joins the rows of the same name and birth date that have one)
    let group = externalId ? groupByExternalId.get(externalId) : groupByPerson.get(personKey);
    if (!group && externalId) {
      const samePerson = groupByPerson.get(personKey);
      if (samePerson?.values.externalId) {
        err("samePersonOtherId", { row: samePerson.firstRow.row, id: samePerson.values.externalId });
        continue;
      }
      // the rows before gave no id: this one gives it
      if (samePerson) {
        group = samePerson;
        group.values.externalId = externalId;
        groupByExternalId.set(externalId, group);
      }
    }
    if (group) {
      if (!sameName(group.values, values)) {
        err("idOtherName", { row: group.firstRow.row, name: `${group.values.firstName} ${group.values.lastName}` });
        continue;
      }
      for (const field of ["roomNumber", "dateOfBirth", "admissionDate", "email"] as const) {
        const value = values[field];
        if (value === null) continue;
        const known = group.values[field];
        if (known === null) {
          group.values[field] = value;
          group.valueRows[field] = plan.row;
        } else if (!sameValue(field, known, value))
          err("conflict", { column: columnLabel(headers, field), value, other: known, row: group.valueRows[field] ?? group.firstRow.row });
      }
      if (!hasFamily) err("duplicateResident", { row: group.firstRow.row });
    } else {
      group = { firstRow: plan, values, valueRows: {}, existing: null, changes: [], family: [] };
      groups.push(group);
      if (externalId) groupByExternalId.set(externalId, group);
      if (!groupByPerson.has(personKey)) groupByPerson.set(personKey, group);
    }
    if (hasFamily && familyName && familyEmail) {
      const family: FamilyValues = {
        name: familyName,
        email: familyEmail,
        phoneNumber: familyPhone || null,
        relationship: relationship || null,
      };
      const twin = group.family.find(
        (f) => f.values.email.toLowerCase() === family.email.toLowerCase() || foldText(f.values.name) === foldText(family.name),
      );
      if (twin) err("duplicateFamily", { name: familyName, row: twin.row.row });
      else group.family.push({ row: plan, values: family, existing: null, changes: [] });
    }
  }

  // matching with the residents already there, and what would change
  for (const group of groups) {
    const v = group.values;
    let match = v.externalId ? byExternalId.get(v.externalId) : undefined;
    if (!match) {
      const named = (byName.get(nameKey(v.firstName, v.lastName)) ?? []).filter(
        // a resident with another external id is another person
        (r) => !v.externalId || r.externalId === null,
      );
      const sameDay = v.dateOfBirth ? named.filter((r) => r.dateOfBirth === v.dateOfBirth) : named;
      const candidates = sameDay.length || !v.dateOfBirth ? sameDay : named.filter((r) => r.dateOfBirth === null);
      if (candidates.length > 1) {
        group.firstRow.errors.push(msg("import:row.ambiguous", { name: `${v.firstName} ${v.lastName}`, count: candidates.length }));
        continue;
      }
      match = candidates[0];
    }
    if (match) {
      const other = groupOfResident.get(match.id);
      if (other) {
        group.firstRow.errors.push(msg("import:row.sameResidentAsRow", { row: other.firstRow.row }));
        continue;
      }
      groupOfResident.set(match.id, group);
      group.existing = match;
      group.changes = residentChanges(match, v);
    }
    const known = match ? listFamilyOfResident(db, match.id) : [];
    const taken = new Set<string>();
    for (const family of group.family) {
      const f = family.values;
      const found =
        (match ? findFollowerByEmail(db, match.id, f.email) : undefined) ??
        known.find((k) => foldText(k.name) === foldText(f.name));
      if (found && taken.has(found.id)) {
        family.row.errors.push(msg("import:row.duplicateFamily", { name: f.name, row: group.family.find((x) => x.existing?.id === found.id)?.row.row ?? group.firstRow.row }));
        continue;
      }
      if (found) {
        taken.add(found.id);
        family.existing = found;
        family.changes = familyChanges(found, f);
      }
    }
  }

  const counts: ImportCounts = { residentsToAdd: 0, residentsToUpdate: 0, familyToAdd: 0, familyToUpdate: 0, unchanged: 0 };
  for (const group of groups) {
    const action: Action = !group.existing ? "add" : group.changes.length ? "update" : "unchanged";
    group.firstRow.residentAction = action;
    group.firstRow.residentChanges = group.changes;
    if (action === "add") counts.residentsToAdd++;
    else if (action === "update") counts.residentsToUpdate++;
    else counts.unchanged++;
    for (const family of group.family) {
      const fAction: Action = !family.existing ? "add" : family.changes.length ? "update" : "unchanged";
      family.row.familyAction = fAction;
      family.row.familyChanges = family.changes;
      if (fAction === "add") counts.familyToAdd++;
      else if (fAction === "update") counts.familyToUpdate++;
      else counts.unchanged++;
    }
  }
  const errorRows = rows.filter((r) => r.errors.length).length;
  return { fileName, fileErrors: [], ignoredColumns: headers.ignored, rows, counts, errorRows, ok: errorRows === 0, groups };
}

function sameName(a: Pick<ResidentValues, "firstName" | "lastName">, b: Pick<ResidentValues, "firstName" | "lastName">) {
  return nameKey(a.firstName, a.lastName) === nameKey(b.firstName, b.lastName);
}

function sameValue(field: keyof ResidentValues, a: string, b: string) {
  if (field === "email") return a.toLowerCase() === b.toLowerCase();
  if (field === "roomNumber") return foldText(a).replace(/ /g, "") === foldText(b).replace(/ /g, "");
  return a === b;
}

/** What the file changes of a resident: only the values it has that differ. */
function residentChanges(r: ResidentRow, v: ResidentValues): Change[] {
  const changes: Change[] = [];
  const consider = (field: ImportField, from: string | null, to: string | null, same: (a: string, b: string) => boolean) => {
    if (to !== null && to !== "" && (from === null || !same(from, to))) changes.push({ field, from, to });
  };
  const exact = (a: string, b: string) => a === b;
  // "MARIA" in a care system's export is not a new spelling of "María"
  const folded = (a: string, b: string) => foldText(a) === foldText(b);
  consider("firstName", r.firstName, v.firstName, folded);
  consider("lastName", r.lastName, v.lastName, folded);
  consider("roomNumber", r.roomNumber, v.roomNumber, (a, b) => a === b);
  consider("dateOfBirth", r.dateOfBirth, v.dateOfBirth, exact);
  consider("admissionDate", r.admissionDate, v.admissionDate, exact);
  consider("email", r.email, v.email, (a, b) => a.toLowerCase() === b.toLowerCase());
  // an external id is given once: a resident matched by name with another id is another person
  if (v.externalId && !r.externalId) changes.push({ field: "externalId", from: null, to: v.externalId });
  return changes;
}

function familyChanges(m: FamilyMemberRow, f: FamilyValues): Change[] {
  const changes: Change[] = [];
  if (foldText(f.name) !== foldText(m.name)) changes.push({ field: "familyName", from: m.name, to: f.name });
  if (f.email.toLowerCase() !== m.email.toLowerCase()) changes.push({ field: "familyEmail", from: m.email, to: f.email });
  if (f.phoneNumber && f.phoneNumber !== m.phoneNumber) changes.push({ field: "familyPhone", from: m.phoneNumber, to: f.phoneNumber });
  if (f.relationship && f.relationship !== m.relationship) changes.push({ field: "relationship", from: m.relationship, to: f.relationship });
  return changes;
}

/** The column's header as the file writes it (the messages name it so). */
function columnLabel(headers: HeaderMatch, field: ImportField): string {
  return headers.names[field] ?? field;
}

// --- the import ---

export type ImportResult = {
  residentsAdded: number;
  residentsUpdated: number;
  familyAdded: number;
  familyUpdated: number;
  unchanged: number;
  /** the family members added, for their invitations */
  newFamilyMemberIds: string[];
  /** the family members whose name or email changed (their sign-in follows) */
  updatedFamily: FamilyMemberRow[];
};

/**
 * Checks the sheet again against the community as it is now and, when no row has an error,
 * writes it in one transaction with the resident and family models. Returns the plan (with its
 * errors) when nothing was written.
 */
export function runImport(
  db: TenantDb,
  sheet: Sheet,
  fileName: string,
  actor: { id: string; displayName: string } | null,
): { ok: true; result: ImportResult; plan: ImportPlan } | { ok: false; plan: ImportPlan } {
  return db.transaction(() => {
    const plan = planImport(db, sheet, fileName);
    if (!plan.ok) return { ok: false as const, plan };
    const result: ImportResult = {
      residentsAdded: 0,
      residentsUpdated: 0,
      familyAdded: 0,
      familyUpdated: 0,
      unchanged: plan.counts.unchanged,
      newFamilyMemberIds: [],
      updatedFamily: [],
    };
    for (const group of plan.groups) {
      const v = group.values;
      let residentId: string;
      if (!group.existing) {
        const input: ResidentInput = {
          firstName: v.firstName,
          lastName: v.lastName,
          roomNumber: v.roomNumber,
          dateOfBirth: v.dateOfBirth,
          admissionDate: v.admissionDate,
          email: v.email,
        };
        // one entry for the whole import, and no welcome on the feed for each of many at once
        residentId = createResident(db, input, actor, { announce: false }).id;
        // the id the facility's records give her is the import's own: no form sets it
        if (v.externalId) db.update(residents).set({ externalId: v.externalId }).where(eq(residents.id, residentId)).run();
        result.residentsAdded++;
      } else {
        residentId = group.existing.id;
        if (group.changes.length) {
          const patch: Partial<ResidentInput> = {};
          let externalId: string | null = null;
          for (const c of group.changes) {
            if (c.field === "externalId") externalId = c.to;
            else if (c.field === "firstName" || c.field === "lastName" || c.field === "roomNumber" || c.field === "dateOfBirth" || c.field === "admissionDate" || c.field === "email")
              patch[c.field] = c.to;
          }
          updateResident(db, residentId, patch);
          if (externalId) db.update(residents).set({ externalId }).where(eq(residents.id, residentId)).run();
          result.residentsUpdated++;
        }
      }
      for (const family of group.family) {
        const f = family.values;
        if (!family.existing) {
          const input: FamilyMemberInput = { residentId, name: f.name, email: f.email, phoneNumber: f.phoneNumber, relationship: f.relationship };
          result.newFamilyMemberIds.push(createFamilyMember(db, input).id);
          result.familyAdded++;
        } else if (family.changes.length) {
          const patch: Partial<FamilyMemberInput> = {};
          for (const c of family.changes) {
            if (c.field === "familyName") patch.name = c.to;
            if (c.field === "familyEmail") patch.email = c.to;
            if (c.field === "familyPhone") patch.phoneNumber = c.to;
            if (c.field === "relationship") patch.relationship = c.to;
          }
          const updated = updateFamilyMember(db, family.existing.id, patch);
          if (updated && (patch.name !== undefined || patch.email !== undefined)) result.updatedFamily.push(updated);
          result.familyUpdated++;
        }
      }
    }
    return { ok: true as const, result, plan };
  });
}

export type CompletedImport =
  | { ok: true; result: ImportResult; plan: ImportPlan; invitationsSent: number; invitationsFailed: number }
  | { ok: false; plan: ImportPlan };

/**
 * The import as the screen and the API run it: the rows written in one transaction, one audit
 * entry, the sign-ins of renamed family members kept in step and, when asked, an invitation
 * emailed to each family member added (their sign-in is made then, not by the import).
 */
export async function completeImport(opts: {
  origin: string;
  db: TenantDb;
  community: Community;
  sheet: Sheet;
  fileName: string;
  actor: { id: string; displayName: string; client?: RequestClient };
  invite: boolean;
}): Promise<CompletedImport> {
  const { db, community, actor } = opts;
  const run = runImport(db, opts.sheet, opts.fileName, actor);
  if (!run.ok) return run;
  const { result } = run;
  for (const member of result.updatedFamily) syncFamilyAccount(community.id, member);
  writeAudit({
    client: actor.client,
    actorUserId: actor.id,
    action: "import.completed",
    tenantId: community.id,
    details: importSummary(opts.fileName, result),
  });
  let invitationsSent = 0;
  let invitationsFailed = 0;
  if (opts.invite) {
    for (const memberId of result.newFamilyMemberIds) {
      try {
        if (await emailFamilyInvitation(opts.origin, db, community, memberId, { id: actor.id, client: actor.client })) invitationsSent++;
      } catch (error) {
        // the people are in: one invitation that cannot be sent is sent later from their row
        console.error("An imported family member's invitation failed", error);
        invitationsFailed++;
      }
    }
  }
  return { ...run, invitationsSent, invitationsFailed };
}

/** The audit entry's details: "residents.csv: 120 residents added, 3 updated, 300 family members added". */
export function importSummary(fileName: string, r: ImportResult): string {
  const parts = [`${r.residentsAdded} residents added`, `${r.residentsUpdated} updated`, `${r.familyAdded} family members added`];
  if (r.familyUpdated) parts.push(`${r.familyUpdated} family members updated`);
  return `${fileName.slice(0, 120)}: ${parts.join(", ")}`;
}

// --- what the screen and the API show ---

export type ImportPreview = {
  fileName: string;
  ok: boolean;
  fileErrors: string[];
  /** the rows to fix, in order, each with what is wrong in words */
  rowErrors: { row: number; messages: string[] }[];
  counts: ImportCounts;
  ignoredColumns: string[];
  /** every row that changes something, with what it changes */
  rows: {
    row: number;
    resident: string;
    residentAction: Action | null;
    residentChanges: string[];
    family: string | null;
    familyAction: Action | null;
    familyChanges: string[];
  }[];
};

/** The plan in the reader's words (`t`: the import namespace). */
export function importPreview(plan: ImportPlan, t: T): ImportPreview {
  const words = (m: string) => translateMessage(t, m);
  // the values of a message (a column's name) are translated too
  const message = (m: string) => {
    const text = words(m);
    return text.replace(/import:field\.[A-Za-z]+/g, (key) => t(key));
  };
  const change = (c: Change) =>
    c.from === null || c.from === ""
      ? t("change.set", { field: t(`field.${c.field}`), to: c.to })
      : t("change.update", { field: t(`field.${c.field}`), from: c.from, to: c.to });
  return {
    fileName: plan.fileName,
    ok: plan.ok,
    fileErrors: plan.fileErrors.map(message),
    rowErrors: plan.rows.filter((r) => r.errors.length).map((r) => ({ row: r.row, messages: r.errors.map(message) })),
    counts: plan.counts,
    ignoredColumns: plan.ignoredColumns,
    rows: plan.rows
      .filter((r) => (r.residentAction && r.residentAction !== "unchanged") || (r.familyAction && r.familyAction !== "unchanged"))
      .map((r) => ({
        row: r.row,
        resident: r.resident,
        residentAction: r.residentAction,
        residentChanges: r.residentChanges.map(change),
        family: r.family,
        familyAction: r.familyAction,
        familyChanges: r.familyChanges.map(change),
      })),
  };
}

/** Reads a file and plans its import; a file that cannot be read is a plan with its file error. */
export async function planFile(db: TenantDb, fileName: string, bytes: Buffer): Promise<{ plan: ImportPlan; sheet: Sheet | null }> {
  try {
    const sheet = await readSpreadsheet(fileName, bytes);
    return { plan: planImport(db, sheet, fileName), sheet };
  } catch (error) {
    if (error instanceof ImportFileError) return { plan: emptyPlan(fileName, [error.message]), sheet: null };
    throw error;
  }
}

// --- the uploaded file, kept until it is imported ---

const TOKEN = /^[a-f0-9]{32}$/;

function uploadsDir(community: Pick<Community, "subdomain">): string {
  if (!/^[a-z0-9-]{1,63}$/.test(community.subdomain)) throw new Error("Unsafe community folder name");
  return path.join(env().DATA_DIR, "imports", community.subdomain);
}

type UploadMeta = { fileName: string; userId: string; createdAt: number };

/** Removes the community's uploads older than an hour. */
export function sweepUploads(community: Pick<Community, "subdomain">, now = Date.now()) {
  const dir = uploadsDir(community);
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry);
    try {
      if (now - fs.statSync(file).mtimeMs > IMPORT_UPLOAD_TTL_MS) fs.rmSync(file, { force: true });
    } catch {
      // removed meanwhile
    }
  }
}

/** Keeps an uploaded file for its import; the token names it (random, per community). */
export function storeUpload(community: Pick<Community, "subdomain">, fileName: string, bytes: Buffer, userId: string): string {
  sweepUploads(community);
  const dir = uploadsDir(community);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const token = crypto.randomBytes(16).toString("hex");
  fs.writeFileSync(path.join(dir, `${token}.bin`), bytes, { mode: 0o600, flag: "wx" });
  const meta: UploadMeta = { fileName: path.basename(fileName).slice(0, 200), userId, createdAt: Date.now() };
  fs.writeFileSync(path.join(dir, `${token}.json`), JSON.stringify(meta), { mode: 0o600, flag: "wx" });
  // gone after the hour even if nobody comes back (a restart leaves it to the next sweep)
  setTimeout(() => removeUpload(community, token), IMPORT_UPLOAD_TTL_MS).unref();
  return token;
}

/** The kept file of this token, or null when there is none (never one, imported, or over an hour old). */
export function loadUpload(community: Pick<Community, "subdomain">, token: string): { fileName: string; bytes: Buffer } | null {
  if (!TOKEN.test(token)) return null;
  sweepUploads(community);
  const dir = uploadsDir(community);
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, `${token}.json`), "utf8")) as UploadMeta;
    if (Date.now() - meta.createdAt > IMPORT_UPLOAD_TTL_MS) {
      removeUpload(community, token);
      return null;
    }
    return { fileName: meta.fileName, bytes: fs.readFileSync(path.join(dir, `${token}.bin`)) };
  } catch {
    return null;
  }
}

export function removeUpload(community: Pick<Community, "subdomain">, token: string) {
  if (!TOKEN.test(token)) return;
  const dir = uploadsDir(community);
  for (const ext of [".bin", ".json"]) fs.rmSync(path.join(dir, `${token}${ext}`), { force: true });
}

// --- the template ---

/** The template's header row in the reader's language (`t`: the import namespace). */
export function templateHeaders(t: T): string[] {
  return IMPORT_FIELDS.map((field) => t(`template.${field}`));
}

/** The .xlsx template: the headers, date columns as dates, and a second sheet that explains. */
export async function templateXlsx(t: T): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t("template.sheet"));
  const headers = templateHeaders(t);
  sheet.columns = headers.map((header, i) => {
    const field = IMPORT_FIELDS[i]!;
    const date = field === "dateOfBirth" || field === "admissionDate";
    return { header, key: field, width: Math.max(14, header.length + 4), style: date ? { numFmt: "yyyy-mm-dd" } : { numFmt: "@" } };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const help = workbook.addWorksheet(t("template.helpSheet"));
  help.getColumn(1).width = 100;
  for (const line of t("template.help").split("\n")) help.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
