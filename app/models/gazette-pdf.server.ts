// The gazette as a PDF (pdfkit, no browser): large type, one column, the family's photos, messages
// and questions of the month, in the resident's language (pdf.json). A4 or US Letter. Text uses
// DejaVu Sans where the system has it (every alphabet), else the built-in Helvetica with the text
// narrowed to what Helvetica can print.
import fs from "node:fs";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { Community, TenantDb } from "~/utils/db.server";
import { queuedDownload } from "~/utils/download-queue.server";
import { env } from "~/utils/env.server";
import { getT, translator } from "~/utils/i18n.server";
import { gazetteFileName, gazetteFor, gazetteMonth, type Gazette } from "./gazette.server";
import { getMedia, mediaFilePath, mediaVariants } from "./media.server";
import { reactionNameKey } from "./notification.server";
import { residentLanguage } from "./recipient-language.server";
import { getResident } from "./resident.server";

export type Paper = "A4" | "LETTER";

/** Letter in the Americas, A4 elsewhere, unless asked (?paper=a4|letter). */
export function paperFor(param: string | null | undefined, timeZone: string): Paper {
  if (param === "a4") return "A4";
  if (param === "letter") return "LETTER";
  return timeZone.startsWith("America/") ? "LETTER" : "A4";
}

const FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts/dejavu"];

export function unicodeFonts(): { regular: string; bold: string } | null {
  for (const dir of FONT_DIRS) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (fs.existsSync(regular) && fs.existsSync(bold)) return { regular, bold };
  }
  return null;
}

// emoji have no glyphs in either font; reactions are written out in words instead
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D}/gu;

/** Text as the chosen font can print it: no emoji; with Helvetica only Latin-1 (others: "?"). Shared with the About me PDF. */
export function pdfTextCleaner(fonts: ReturnType<typeof unicodeFonts>) {
  return (text: string) => {
    const noEmoji = text.replace(EMOJI, "").replace(/[ \t]{2,}/g, " ");
    return fonts ? noEmoji : noEmoji.normalize("NFC").replace(/[^\n\r\t\x20-\x7e\xa0-\xff‘’“”–—…]/g, "?");
  };
}

// bytes pdfkit may hold that the file has not taken yet before the work waits for the disk
const BEHIND_BYTES = 4 * 1024 * 1024;

/**
 * A new PDF written to `out` as it is made, with the shared fonts registered as "body" and "bold"
 * (DejaVu Sans where the system has it, else Helvetica) and `clean` for its text. Between pieces of
 * work the renderer calls `pause()`: the rest of the server gets its turn, the work waits while `out`
 * is behind, and stops (throws) once `signal` says the asker has gone. `end()` finishes the file and
 * resolves once `out` has all of it. Shared by the gazette, About me and life-story book PDFs.
 */
export function startPdf(options: PDFKit.PDFDocumentOptions, out: Writable, signal?: AbortSignal) {
  const fonts = unicodeFonts();
  const doc = new PDFDocument(options);
  doc.pipe(out);
  doc.registerFont("body", fonts?.regular ?? "Helvetica");
  doc.registerFont("bold", fonts?.bold ?? "Helvetica-Bold");
  const pause = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (doc.readableLength > BEHIND_BYTES) {
      if (out.destroyed) throw new Error("The PDF's file stopped taking bytes");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    signal?.throwIfAborted();
  };
  const end = async () => {
    doc.end();
    await finished(out);
  };
  return { doc, pause, end, clean: pdfTextCleaner(fonts) };
}

/** A file name made of a translated name: letters without accents, digits, dots and dashes. */
export function pdfFileName(name: string): string {
  return `${name}.pdf`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w.-]+/g, "-");
}

/** A picture ready for pdfkit: a JPEG and its size in pixels. */
export type PrintPhoto = { data: Buffer; width: number; height: number };

/** Pictures are printed at 144 pixels an inch: sharp on paper, a fraction of a stored photo's size. */
export const PRINT_PIXELS_PER_POINT = 2;

/** The most pixels a picture printed within `width` x `height` points needs. */
export type PixelBox = { width: number; height: number };
export function printBox(width: number, height: number): PixelBox {
  return { width: Math.round(width * PRINT_PIXELS_PER_POINT), height: Math.round(height * PRINT_PIXELS_PER_POINT) };
}

/**
 * An image as a JPEG that fits `box`: the smallest stored copy that covers it, made smaller by sharp
 * before pdfkit sees it, so a document holds each picture at the size it is printed, not its full size.
 */
export async function photoForPrint(db: TenantDb, community: Pick<Community, "subdomain">, imageId: string, box: PixelBox): Promise<PrintPhoto | null> {
  const row = getMedia(db, imageId);
  if (!row || row.kind !== "image") return null;
  const variants = mediaVariants(row).sort((a, b) => a.width - b.width);
  const tall = row.width && row.height ? row.height / row.width : 1;
  const needed = Math.min(box.width, box.height / tall);
  const pick = variants.find((v) => v.width >= needed) ?? variants.at(-1);
  if (!pick) return null;
  try {
    const { data, info } = await sharp(mediaFilePath(community, pick))
      .resize({ width: box.width, height: box.height, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** The gazette as a PDF, written to `out` (ended when the file is whole), in the gazette's language (g.lang). */
export async function renderGazettePdf(
  g: Gazette,
  opts: { paper: Paper; photo: (imageId: string, box: PixelBox) => Promise<PrintPhoto | null>; appName: string },
  out: Writable,
  signal?: AbortSignal,
): Promise<void> {
  const t = translator(g.lang, "pdf");
  const first = g.resident.firstName;
  const full = `${g.resident.firstName} ${g.resident.lastName}`;
  const { doc, pause, end, clean } = startPdf(
    {
      size: opts.paper,
      lang: g.lang,
      margins: { top: 54, bottom: 54, left: 60, right: 60 },
      info: { Title: t("gazette.titleMonth", { name: first, month: g.month.label }), Author: g.communityName, Creator: opts.appName },
    },
    out,
    signal,
  );
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(80);
    doc.moveDown(0.8).font("bold").fontSize(24).fillColor("#1c1917").text(clean(text), { width });
    doc.moveTo(doc.page.margins.left, doc.y + 4).lineTo(doc.page.margins.left + width, doc.y + 4).lineWidth(1.5).strokeColor("#a8a29e").stroke();
    doc.moveDown(0.6);
  };
  const body = (text: string, size = 18) => doc.font("body").fontSize(size).fillColor("#1c1917").text(clean(text), { width, lineGap: 3 });
  const small = (text: string) => doc.font("body").fontSize(14).fillColor("#44403c").text(clean(text), { width, lineGap: 2 });

  // masthead
  doc.font("bold").fontSize(34).fillColor("#1e3a5f").text(clean(t("gazette.title", { name: first })), { width });
  doc.font("body").fontSize(18).fillColor("#44403c").text(clean(t("gazette.masthead", { month: g.month.label, community: g.communityName })), { width });
  small(g.resident.roomNumber ? t("gazette.forRoom", { name: full, room: g.resident.roomNumber }) : t("gazette.for", { name: full }));

  const empty = !g.photos.length && !g.comments.length && !g.questions.length && !g.stories.length && !g.activities.length;
  if (empty) {
    doc.moveDown(1.5);
    body(t("gazette.empty", { name: first, month: g.month.label }));
  }

  if (g.photos.length) {
    heading(t("gazette.photos"));
    for (const p of g.photos) {
      const image = await opts.photo(p.imageId, printBox(width, 330));
      if (image) {
        const scale = Math.min(width / image.width, 330 / image.height, 1.5);
        const h = image.height * scale;
        ensure(h + 60);
        doc.image(image.data, doc.page.margins.left, doc.y, { width: image.width * scale, height: h });
        doc.y += h + 8;
      } else {
        ensure(60);
      }
      if (p.description) body(p.description);
      small(t("gazette.photoFrom", { name: p.from, date: p.dateLabel }));
      doc.moveDown(0.8);
      await pause();
    }
  }

  if (g.comments.length) {
    heading(t("gazette.messages"));
    for (const c of g.comments) {
      ensure(90);
      small(t("gazette.on", { title: c.storyTitle, date: c.dateLabel }));
      body(c.content);
      // the reaction in words: emoji have no glyphs in the fonts
      const reaction = reactionNameKey(c.emoji);
      small(reaction ? t("gazette.byReacting", { name: c.from, reaction: t(`notify:${reaction}`) }) : t("gazette.by", { name: c.from }));
      doc.moveDown(0.8);
    }
  }

  if (g.questions.length) {
    heading(t("gazette.questions"));
    for (const q of g.questions) {
      ensure(80);
      body(t("gazette.question", { question: q.question }));
      small(q.answeredTitle ? t("gazette.askedAnswered", { name: q.from, date: q.dateLabel, title: q.answeredTitle }) : t("gazette.asked", { name: q.from, date: q.dateLabel }));
      doc.moveDown(0.8);
    }
  }

  if (g.stories.length) {
    heading(t("gazette.stories"));
    for (const s of g.stories) {
      ensure(40);
      body(t("gazette.story", { title: s.title, date: s.dateLabel }));
    }
  }

  if (g.activities.length) {
    heading(t("gazette.activities"));
    for (const title of g.activities) {
      ensure(40);
      body(title);
    }
  }

  await end();
}

/**
 * A resident's gazette for the month asked for (?month=) as a PDF download (?paper=), in the
 * resident's language; made in turn with the other PDFs and zips (503 when many are). `back` is
 * the gazette's page. Each route checks who may see which resident first.
 */
export async function gazettePdfDownload(request: Request, db: TenantDb, community: Community, residentId: string, back: string): Promise<Response> {
  const t = await getT(request, "pdf");
  const url = new URL(request.url);
  const resident = getResident(db, residentId);
  const lang = resident ? residentLanguage(community, resident) : null;
  const gazette = resident && lang ? gazetteFor(db, community, resident.id, gazetteMonth(url.searchParams.get("month"), community.timeZone), lang) : null;
  if (!gazette) {
    throw new Response(t("download.noResident"), {
      status: 404,
      statusText: "Not Found",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return queuedDownload(
    request,
    {
      contentType: "application/pdf",
      fileName: gazetteFileName(gazette),
      disposition: "inline",
      busy: { what: "gazettes", back: { href: back, label: t("download.backToGazette") } },
    },
    (out, signal) =>
      renderGazettePdf(
        gazette,
        {
          paper: paperFor(url.searchParams.get("paper"), community.timeZone),
          photo: (imageId, box) => photoForPrint(db, community, imageId, box),
          appName: env().APP_NAME,
        },
        out,
        signal,
      ),
  );
}
