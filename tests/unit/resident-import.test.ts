// The spreadsheet import's pure parts: which heading is which column (English, Spanish, common
// aliases, whatever the case and spacing) and which dates it reads (ISO, or day first).
import { describe, expect, it } from "vitest";
import {
  headerKey,
  importFileKind,
  matchHeaders,
  parseImportDate,
  zipUnpackedSize,
} from "~/models/resident-import.server";

describe("matching the header row", () => {
  it("finds the columns by name without regard to case, accents, spaces or punctuation", () => {
    expect(headerKey("  Date of Birth ")).toBe("dateofbirth");
    expect(headerKey("DATE_OF_BIRTH")).toBe("dateofbirth");
    expect(headerKey("Habitación")).toBe("habitacion");
    const m = matchHeaders([
      "FIRST NAME",
      "last_name",
      "Habitación",
      "DOB",
      "Fecha de ingreso",
      "MRN",
      "Family name",
      "Correo del familiar",
      "Teléfono",
      "Parentesco",
      "Resident email",
    ]);
    expect(m.problems).toEqual([]);
    expect(m.columns).toEqual([
      "firstName",
      "lastName",
      "roomNumber",
      "dateOfBirth",
      "admissionDate",
      "externalId",
      "familyName",
      "familyEmail",
      "familyPhone",
      "relationship",
      "email",
    ]);
  });

  it("reads Spanish headings and keeps the family member's name apart from the surname", () => {
    const m = matchHeaders(["Nombre", "Apellidos", "Fecha de nacimiento", "Familiar", "Notes"]);
    expect(m.columns).toEqual(["firstName", "lastName", "dateOfBirth", "familyName", null]);
    expect(m.ignored).toEqual(["Notes"]);
    expect(matchHeaders(["First name", "Family name"]).problems).toEqual([
      "import:file.noLastName",
    ]);
  });

  it("refuses a file without names or with one column twice", () => {
    expect(matchHeaders(["Room", "DOB"]).problems).toEqual([
      "import:file.noFirstName",
      "import:file.noLastName",
    ]);
    const twice = matchHeaders(["First name", "Nombre", "Last name"]);
    expect(twice.problems).toHaveLength(1);
    expect(twice.problems[0]).toContain("import:file.sameColumnTwice");
    expect(twice.columns).toEqual(["firstName", null, "lastName"]);
  });
});

describe("reading dates", () => {
  it("reads ISO dates and day-first dates", () => {
    expect(parseImportDate("2024-03-01")).toEqual({ ok: true, value: "2024-03-01" });
    expect(parseImportDate("1942-7-4")).toEqual({ ok: true, value: "1942-07-04" });
    expect(parseImportDate("01/03/2024")).toEqual({ ok: true, value: "2024-03-01" });
    expect(parseImportDate("1-3-2024")).toEqual({ ok: true, value: "2024-03-01" });
    expect(parseImportDate("25.12.1938")).toEqual({ ok: true, value: "1938-12-25" });
    expect(parseImportDate(" 29/02/2024 ")).toEqual({ ok: true, value: "2024-02-29" });
  });

  it("refuses days that do not exist, two-digit years and other writing", () => {
    expect(parseImportDate("31/02/1940")).toEqual({ ok: false, reason: "day" });
    expect(parseImportDate("12/25/1938")).toEqual({ ok: false, reason: "day" });
    expect(parseImportDate("29/02/2023")).toEqual({ ok: false, reason: "day" });
    expect(parseImportDate("1/3/42")).toEqual({ ok: false, reason: "shortYear" });
    expect(parseImportDate("March 1, 1942")).toEqual({ ok: false, reason: "format" });
    expect(parseImportDate("soon")).toEqual({ ok: false, reason: "format" });
  });
});

describe("the kinds of file", () => {
  it("takes .csv and .xlsx and names what to do with the others", () => {
    expect(importFileKind("Residents.CSV")).toBe("csv");
    expect(importFileKind("residents.xlsx")).toBe("xlsx");
    expect(() => importFileKind("residents.xls")).toThrow("import:file.oldExcel");
    expect(() => importFileKind("residents.numbers")).toThrow("import:file.numbers");
    expect(() => importFileKind("residents.pdf")).toThrow("import:file.wrongType");
  });

  it("finds no zip in bytes that are not one", () => {
    expect(zipUnpackedSize(Buffer.from("First name,Last name\n"))).toBeNull();
  });
});
