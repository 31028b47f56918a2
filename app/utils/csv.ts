// CSV as RFC 4180 writes it, for the administrator's exports: fields with a comma, a quote, CR or
// LF are quoted and their quotes doubled; lines end with CRLF. A field that a spreadsheet would
// read as a formula (starting with = + - @, or a tab or CR) gets a leading apostrophe, so that a
// name typed as "=HYPERLINK(...)" stays text when the file is opened (CSV injection).

import { stringify, type Options } from "csv-stringify/sync";

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

// csv-stringify writes the fields; with CRLF as the record delimiter it would leave a lone LF
// unquoted, so any CR or LF is quoted too. Only strings are neutralised: numbers are data, not
// formulas (a negative number stays a number).
const OPTIONS: Options = {
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]/,
  cast: {
    string: (text) => (FORMULA_START.test(text) ? `'${text}` : text),
    boolean: (value) => String(value),
  },
};

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvValue): string {
  return stringify([[value]], { ...OPTIONS, record_delimiter: "unix" }).replace(/\n$/, "");
}

/** A whole file: a header row, then one row per record, CRLF after each (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], OPTIONS);
}

/**
 * The HTTP answer for a CSV download. The byte order mark lets spreadsheet programs read the
 * UTF-8 names (accents) correctly.
 */
export function csvResponse(fileName: string, body: string): Response {
  return new Response(`\uFEFF${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]+/g, "-")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
