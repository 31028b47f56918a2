// The About me page as a PDF (pdfkit, as the gazette): always exactly one page, A4 or Letter. The
// type is as large as the page allows (from 16 pt down to 8 pt); past that the longest sections are
// shortened with an ellipsis, so a carer's one-pager never runs onto a second sheet. Its words are
// in `opts.lang` (the pdf catalog; the sections' names are the About me page's own).
import type { Writable } from "node:stream";
import { translator } from "~/utils/i18n.server";
import { ABOUT_SECTIONS } from "./about-me-sections";
import type { AboutMe } from "./about-me.server";
import { startPdf, type Paper, type PrintPhoto } from "./gazette-pdf.server";

/** The photo's place on the sheet, in points (ask photoForPrint for printBox of it). */
export const ABOUT_PHOTO_POINTS = 90;

/** The About me page as a one-page PDF, written to `out` (ended when the file is whole). */
export async function renderAboutMePdf(
  about: AboutMe,
  opts: { residentName: string; roomNumber: string | null; communityName: string; paper: Paper; photo: PrintPhoto | null; appName: string; lang: string },
  out: Writable,
): Promise<void> {
  const t = translator(opts.lang, "pdf");
  const { doc, end, clean } = startPdf(
    { size: opts.paper, lang: opts.lang, margins: { top: 40, bottom: 40, left: 48, right: 48 }, info: { Title: t("about.title", { name: opts.residentName }), Author: opts.communityName, Creator: opts.appName } },
    out,
  );
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;

  // header: photo, name, room, community
  const photoSize = ABOUT_PHOTO_POINTS;
  let textLeft = left;
  if (opts.photo) {
    doc.image(opts.photo.data, left, doc.page.margins.top, { fit: [photoSize, photoSize] });
    textLeft = left + photoSize + 16;
  }
  doc.font("bold").fontSize(26).fillColor("#1e3a5f").text(clean(t("about.title", { name: about.preferredName || opts.residentName })), textLeft, doc.page.margins.top, { width: width - (textLeft - left) });
  doc.font("body").fontSize(13).fillColor("#44403c").text(clean(opts.roomNumber ? t("about.whoRoom", { name: opts.residentName, room: opts.roomNumber, community: opts.communityName }) : t("about.who", { name: opts.residentName, community: opts.communityName })), { width: width - (textLeft - left) });
  const top = Math.max(doc.y, opts.photo ? doc.page.margins.top + photoSize : 0) + 14;

  const sections = ABOUT_SECTIONS.filter((s) => s.key !== "preferredName").map((s) => ({ label: clean(t(`about:section.${s.key}.label`)), text: clean(about[s.key] || "—") }));
  const measure = (size: number, texts: string[]) =>
    sections.reduce((h, s, i) => h + doc.font("bold").fontSize(size).heightOfString(s.label, { width }) + doc.font("body").fontSize(size).heightOfString(texts[i]!, { width, lineGap: 1 }) + size * 0.6, 0);
  let size = 16;
  let texts = sections.map((s) => s.text);
  while (size > 8 && top + measure(size, texts) > bottom) size -= 0.5;
  // still too long at the smallest type: shorten the longest section until it fits
  while (top + measure(size, texts) > bottom) {
    const i = texts.reduce((best, t, j) => (t.length > texts[best]!.length ? j : best), 0);
    const t = texts[i]!;
    texts = texts.map((x, j) => (j === i ? `${t.slice(0, Math.max(20, Math.floor(t.length * 0.85))).trimEnd()}…` : x));
    if (t.length <= 21) break;
  }
  doc.y = top;
  sections.forEach((s, i) => {
    doc.font("bold").fontSize(size).fillColor("#1e3a5f").text(s.label, left, doc.y, { width });
    doc.font("body").fontSize(size).fillColor("#1c1917").text(texts[i]!, left, doc.y, { width, lineGap: 1, height: bottom - doc.y, ellipsis: true });
    doc.moveDown(0.6);
  });
  await end();
}
