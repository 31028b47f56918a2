// A resident's gazette as a PDF: one loader in ../__care-team, also served at /admin/residents/{residentId}/gazette.pdf.
export { gazettePdfLoader as loader } from "../__care-team/gazette.server";
