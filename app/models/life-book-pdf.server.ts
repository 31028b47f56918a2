// The life-story book as a PDF (pdfkit, with the gazette's fonts): a cover with the resident's photo,
// a contents page with page numbers, one story per page (a long one runs on), its picture, and beside
// each recorded story a QR code that opens the recording. Large type for the resident's own copy.
// Written to a stream as it is made, each page let go once the next begins: the contents, which
// need every story's page number, are made last and put second. Pictures are asked for at the size
// they are printed. Its words are in the language chosen when printing (`lang`, pdf.json).
import type { Writable } from "node:stream";
import QRCode from "qrcode";
import { translator } from "~/utils/i18n.server";
import { printBox, startPdf, type Paper, type PixelBox, type PrintPhoto } from "./gazette-pdf.server";
import type { BookStory } from "./life-book.server";

export type BookPdfInput = {
  residentName: string;
  firstName: string;
  communityName: string;
  paper: Paper;
  large: boolean;
  /** the resident's photo on the cover */
  portraitId: string | null;
  stories: BookStory[];
  /** a picture as a JPEG that fits `box` (pixels) */
  picture: (imageId: string, box: PixelBox) => Promise<PrintPhoto | null>;
  /** the absolute URL that plays a story's recording signed out */
  listenUrl: (story: BookStory) => string;
  appName: string;
  /** the language the book is printed in (its sections come named in it) */
  lang: string;
};

/**
 * A QR code drawn as squares (one rectangle per run of dark modules) inside a one-module white
 * margin: as sharp as the printer, and no picture to encode and decode for each recorded story.
 */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const cell = size / (n + 2);
  doc.save().rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!modules.get(row, col)) continue;
      const from = col;
      while (col + 1 < n && modules.get(row, col + 1)) col++;
      // a hair taller and wider, so that no seam shows between neighbouring squares
      doc.rect(x + (1 + from) * cell, y + (1 + row) * cell, (col - from + 1) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fill("#000000").restore();
}

/** The book as a PDF, written to `out` (ended when the file is whole); stops once `signal` aborts. */
export async function renderLifeBookPdf(b: BookPdfInput, out: Writable, signal?: AbortSignal): Promise<void> {
  const t = translator(b.lang, "pdf");
  const { doc, pause, end, clean } = startPdf(
    { size: b.paper, lang: b.lang, margins: { top: 60, bottom: 60, left: 64, right: 64 }, info: { Title: t("book.title", { name: b.residentName }), Author: b.communityName, Creator: b.appName } },
    out,
    signal,
  );
  const size = b.large ? { title: 30, body: 20, small: 16 } : { title: 24, body: 13, small: 11 };
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // pages made so far, the cover included (a long story runs onto pages of its own)
  let made = 1;
  doc.on("pageAdded", () => made++);

  // cover
  doc.font("bold").fontSize(b.large ? 40 : 34).fillColor("#1e3a5f").text(clean(t("book.title", { name: b.residentName })), left, 120, { width, align: "center" });
  doc.moveDown(1);
  const portrait = b.portraitId ? await b.picture(b.portraitId, printBox(width, 280)) : null;
  if (portrait) {
    const h = 280;
    const w = Math.min(width, (portrait.width / portrait.height) * h);
    doc.image(portrait.data, left + (width - w) / 2, doc.y, { fit: [w, h] });
    doc.y += h + 20;
  }
  doc.font("body").fontSize(size.body + 2).fillColor("#44403c").text(clean(t("book.toldAt", { community: b.communityName })), left, doc.y, { width, align: "center" });

  // the contents' pages come after the cover; the stories' page numbers count them
  const perContentsPage = b.large ? 14 : 24;
  const contentsPages = Math.max(1, Math.ceil(b.stories.length / perContentsPage));

  const startPage: number[] = [];
  for (const story of b.stories) {
    doc.addPage();
    startPage.push(made + contentsPages);
    const top = doc.page.margins.top;
    let textWidth = width;
    if (story.audioId) {
      const q = b.large ? 130 : 110;
      drawQrCode(doc, b.listenUrl(story), left + width - q, top, q);
      doc.font("body").fontSize(size.small - 1).fillColor("#44403c").text(clean(t("book.scan", { name: b.firstName })), left + width - q - 10, top + q + 4, { width: q + 20, align: "center" });
      textWidth = width - q - 20;
    }
    doc.font("body").fontSize(size.small).fillColor("#57534e").text(clean(story.section), left, top, { width: textWidth });
    doc.font("bold").fontSize(size.title).fillColor("#1c1917").text(clean(story.title), left, doc.y + 4, { width: textWidth });
    doc.y = Math.max(doc.y + 12, story.audioId ? top + (b.large ? 170 : 150) : 0);
    if (story.imageId) {
      const pic = await b.picture(story.imageId, printBox(width, 260));
      if (pic) {
        const h = Math.min(260, (pic.height / pic.width) * width);
        const w = (pic.width / pic.height) * h;
        doc.image(pic.data, left + (width - w) / 2, doc.y, { width: w, height: h });
        doc.y += h + 14;
      }
    }
    for (const para of story.content.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      doc.font("body").fontSize(size.body).fillColor("#1c1917").text(clean(para.replace(/\s*\n\s*/g, " ")), left, doc.y, { width, lineGap: b.large ? 5 : 3, paragraphGap: 8 });
    }
    await pause();
  }

  // the contents, now that every story's first page is known: made last, moved to follow the cover
  const contentsFrom = made;
  for (let p = 0; p < contentsPages; p++) {
    doc.addPage();
    if (p === 0) doc.font("bold").fontSize(size.title).fillColor("#1e3a5f").text(clean(t("book.contents")), left, doc.y, { width }).moveDown(0.6);
    let section = "";
    const onPage = b.stories.slice(p * perContentsPage, (p + 1) * perContentsPage);
    for (const [j, story] of onPage.entries()) {
      const i = p * perContentsPage + j;
      if (story.section !== section) {
        section = story.section;
        doc.font("bold").fontSize(size.small).fillColor("#57534e").text(clean(section), left, doc.y + 4, { width });
      }
      const y = doc.y;
      doc.font("body").fontSize(size.body).fillColor("#1c1917").text(clean(story.title), left, y, { width: width - 50 });
      const after = doc.y;
      doc.text(String(startPage[i]), left + width - 40, y, { width: 40, align: "right" });
      doc.y = after + 2;
    }
    await pause();
  }
  const kids = (doc as unknown as { _root: { data: { Pages: { data: { Kids: unknown[] } } } } })._root.data.Pages.data.Kids;
  kids.splice(1, 0, ...kids.splice(contentsFrom));
  await end();
}
