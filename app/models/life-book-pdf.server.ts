// The life-story book as a PDF (pdfkit, with the gazette's fonts): a cover with the resident's photo,
// a contents page with page numbers, one story per page (a long one runs on), its picture, and beside
// each recorded story a QR code that opens the recording. Large type for the resident's own copy.
import QRCode from "qrcode";
import { startPdf, type Paper, type PrintPhoto } from "./gazette-pdf.server";
import type { BookStory } from "./life-book.server";

export type BookPdfInput = {
  residentName: string;
  firstName: string;
  communityName: string;
  paper: Paper;
  large: boolean;
  portrait: PrintPhoto | null;
  stories: BookStory[];
  picture: (imageId: string) => Promise<PrintPhoto | null>;
  /** the absolute URL that plays a story's recording signed out */
  listenUrl: (story: BookStory) => string;
  appName: string;
};

export async function renderLifeBookPdf(b: BookPdfInput): Promise<Buffer> {
  const { doc, done, clean } = startPdf({ size: b.paper, bufferPages: true, margins: { top: 60, bottom: 60, left: 64, right: 64 }, info: { Title: `The stories of ${b.residentName}`, Author: b.communityName, Creator: b.appName } });
  const size = b.large ? { title: 30, body: 20, small: 16 } : { title: 24, body: 13, small: 11 };
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // cover
  doc.font("bold").fontSize(b.large ? 40 : 34).fillColor("#1e3a5f").text(clean(`The stories of ${b.residentName}`), left, 120, { width, align: "center" });
  doc.moveDown(1);
  if (b.portrait) {
    const h = 280;
    const w = Math.min(width, (b.portrait.width / b.portrait.height) * h);
    doc.image(b.portrait.data, left + (width - w) / 2, doc.y, { fit: [w, h] });
    doc.y += h + 20;
  }
  doc.font("body").fontSize(size.body + 2).fillColor("#44403c").text(clean(`Told at ${b.communityName}`), left, doc.y, { width, align: "center" });

  // contents: pages kept free now, written once the stories' pages are known
  const perContentsPage = b.large ? 14 : 24;
  const contentsPages = Math.max(1, Math.ceil(b.stories.length / perContentsPage));
  const contentsStart = 1;
  for (let i = 0; i < contentsPages; i++) doc.addPage();

  const startPage: number[] = [];
  for (const story of b.stories) {
    doc.addPage();
    startPage.push(doc.bufferedPageRange().count);
    const top = doc.page.margins.top;
    let textWidth = width;
    if (story.audioId) {
      const qr = await QRCode.toBuffer(b.listenUrl(story), { type: "png", margin: 1, width: 300, errorCorrectionLevel: "M" });
      const q = b.large ? 130 : 110;
      doc.image(qr, left + width - q, top, { width: q, height: q });
      doc.font("body").fontSize(size.small - 1).fillColor("#44403c").text(clean(`Scan to hear ${b.firstName} tell it`), left + width - q - 10, top + q + 4, { width: q + 20, align: "center" });
      textWidth = width - q - 20;
    }
    doc.font("body").fontSize(size.small).fillColor("#57534e").text(clean(story.section), left, top, { width: textWidth });
    doc.font("bold").fontSize(size.title).fillColor("#1c1917").text(clean(story.title), left, doc.y + 4, { width: textWidth });
    doc.y = Math.max(doc.y + 12, story.audioId ? top + (b.large ? 170 : 150) : 0);
    if (story.imageId) {
      const pic = await b.picture(story.imageId);
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
  }

  // the contents, now that every story's first page is known
  for (let p = 0; p < contentsPages; p++) {
    doc.switchToPage(contentsStart + p);
    doc.y = doc.page.margins.top;
    if (p === 0) doc.font("bold").fontSize(size.title).fillColor("#1e3a5f").text("Contents", left, doc.y, { width }).moveDown(0.6);
    let section = "";
    b.stories.slice(p * perContentsPage, (p + 1) * perContentsPage).forEach((story, j) => {
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
    });
  }
  doc.end();
  return done;
}
