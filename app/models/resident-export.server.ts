// A resident's stories to take away: one zip with every story as HTML and JSON, the
// recordings and photos, the comments on them, the family's photos, and an index.html that works
// offline from the unzipped folder (relative links only, no script, styles inline).
import fs from "node:fs";
import { Readable, type Writable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { ZipFile } from "yazl";
import { tenantSchema, type Community, type TenantDb } from "~/utils/db.server";
import { escapeHtml as esc } from "~/utils/html";
import { categoryName } from "./categories";
import { listComments, type CommentView } from "./comment.server";
import { mediaFilePath, type MediaRow } from "./media.server";
import { listStoriesOfResident, type StoryView } from "./story.server";
import { audienceText } from "./story-audience";
import { translator } from "~/utils/i18n.server";
import { formatShortDate } from "./local-time";
import { residentLanguage } from "./recipient-language.server";
import { ABOUT_SECTIONS } from "./about-me-sections";
import { getAboutMe } from "./about-me.server";

const { residents, media, familyPhotos, familyMembers } = tenantSchema;

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

const STYLE = `body{font:18px/1.6 Georgia,serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1c1917}
img{max-width:100%;height:auto}audio{width:100%}h1{line-height:1.2}.meta{color:#57534e}
li{margin:.4rem 0}blockquote{border-left:4px solid #d6d3d1;margin:1rem 0;padding-left:1rem}`;

function page(title: string, body: string, lang: string) {
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body>
${body}
</body></html>
`;
}

function extensionOf(row: Pick<MediaRow, "fileName" | "mimeType">) {
  const fromName = /\.([a-z0-9]+)$/i.exec(row.fileName)?.[1];
  return fromName ?? row.mimeType.split("/")[1] ?? "bin";
}

export type ResidentExportFile = { name: string; bytes?: Buffer; path?: string };
type ExportCommunity = Pick<Community, "id" | "name" | "subdomain" | "timeZone" | "defaultLanguage">;

/**
 * What the zip holds, as names and contents (buffers) or files on disk (media). Kept apart from the
 * zip itself so tests can read the plan; `writeResidentExportZip` streams it. Every 25 stories the
 * rest of the server gets its turn: a life's worth of stories is a second of work.
 */
export async function residentExportFiles(db: TenantDb, community: ExportCommunity, residentId: string): Promise<ResidentExportFile[] | null> {
  const resident = db.select().from(residents).where(eq(residents.id, residentId)).get();
  if (!resident) return null;
  // the pages are in the resident's language; what people wrote stays as they wrote it
  const lang = residentLanguage(community, resident);
  const t = translator(lang, "export");
  const day = (iso: string) => formatShortDate(iso, community.timeZone, lang);
  const name = `${resident.firstName} ${resident.lastName}`;
  const files: ResidentExportFile[] = [];
  const mediaName = new Map<string, string>();
  const addMedia = (id: string | null, base: string): string | null => {
    if (!id) return null;
    if (mediaName.has(id)) return mediaName.get(id)!;
    const row = db.select().from(media).where(eq(media.id, id)).get();
    if (!row) return null;
    const path = mediaFilePath(community, row);
    if (!fs.existsSync(path)) return null;
    const file = `media/${base}.${extensionOf(row)}`;
    files.push({ name: file, path });
    mediaName.set(id, file);
    return file;
  };

  const breathe = () => new Promise((resolve) => setImmediate(resolve));
  const stories = listStoriesOfResident(db, residentId).reverse();
  const entries: { story: StoryView; comments: CommentView[]; file: string; image: string | null; audio: string | null }[] = [];
  for (const [i, story] of stories.entries()) {
    const n = String(i + 1).padStart(3, "0");
    const image = addMedia(story.imageId, `story-${n}-picture`);
    const audio = addMedia(story.audioId, `story-${n}-recording`);
    entries.push({ story, comments: listComments(db, story.id), file: `stories/${n}.html`, image, audio });
    if (i % 25 === 24) await breathe();
  }

  for (const [i, e] of entries.entries()) {
    if (i % 25 === 24) await breathe();
    const s = e.story;
    const meta = t("meta", {
      category: categoryName(t, s.category),
      date: day(s.createdAt),
      audience: s.withdrawnAt ? t("withdrawn") : audienceText(t, s.audience, community.name),
    });
    const body = `<p><a href="../index.html">${esc(t("backToAll", { name: resident.firstName }))}</a></p>
<h1${s.lang ? ` lang="${esc(s.lang)}"` : ""}>${esc(s.title)}</h1>
<p class="meta">${esc(meta)}</p>
${e.image ? `<p><img src="../${e.image}" alt="${esc(t("pictureAlt", { title: s.title }))}"></p>` : ""}
${e.audio ? `<p><audio controls src="../${e.audio}"></audio><br><a href="../${e.audio}">${esc(t("downloadRecording"))}</a></p>` : ""}
${s.aiPrompt ? `<blockquote>${esc(s.aiPrompt)}</blockquote>` : ""}
<div${s.lang ? ` lang="${esc(s.lang)}"` : ""}>${paragraphs(s.content)}</div>
${e.comments.length ? `<h2>${esc(t("comments"))}</h2><ul>${e.comments.map((c) => `<li><strong>${esc(c.familyMember.name)}</strong>${c.emoji ? ` ${esc(c.emoji)}` : ""}: ${esc(c.content)} <span class="meta">(${esc(day(c.createdAt))})</span></li>`).join("")}</ul>` : ""}`;
    files.push({ name: e.file, bytes: Buffer.from(page(s.title, body, lang)) });
    const json = { ...s, imageFile: e.image, audioFile: e.audio, comments: e.comments, imageUrl: undefined, audioUrl: undefined };
    files.push({ name: e.file.replace(/\.html$/, ".json"), bytes: Buffer.from(JSON.stringify(json, null, 2)) });
  }

  const photos = db
    .select({ p: familyPhotos, from: familyMembers.name })
    .from(familyPhotos)
    .innerJoin(familyMembers, eq(familyPhotos.familyMemberId, familyMembers.id))
    .where(eq(familyPhotos.residentId, residentId))
    .orderBy(asc(familyPhotos.createdAt))
    .all()
    .map((r, i) => ({ file: addMedia(r.p.imageId, `family-photo-${String(i + 1).padStart(3, "0")}`), description: r.p.description, from: r.from, createdAt: r.p.createdAt }));
  const portrait = addMedia(resident.profileImageId, "portrait");

  // the About me page, as it is on the site
  const about = getAboutMe(db, residentId);
  const aboutBody = `<p><a href="index.html">${esc(t("backToAll", { name: resident.firstName }))}</a></p>
<h1>${esc(t("aboutTitle", { name: about.preferredName || name }))}</h1>
<dl>${ABOUT_SECTIONS.map((sec) => `<dt><strong>${esc(t(`about:section.${sec.key}.label`))}</strong></dt><dd>${about[sec.key] ? esc(about[sec.key]).replace(/\n/g, "<br>") : "—"}</dd>`).join("\n")}</dl>`;
  files.push({ name: "about-me.html", bytes: Buffer.from(page(t("aboutTitle", { name }), aboutBody, lang)) });

  const index = `${portrait ? `<p><img src="${portrait}" alt="${esc(name)}" width="240"></p>` : ""}
<h1>${esc(t("title", { name }))}</h1>
<p class="meta">${esc(t("taken", { community: community.name, date: day(new Date().toISOString()) }))}</p>
<p><a href="about-me.html">${esc(t("aboutLink"))}</a></p>
<h2>${esc(t("stories", { count: entries.length }))}</h2>
${entries.length ? `<ol>${entries.map((e) => `<li><a href="${e.file}">${esc(e.story.title)}</a> <span class="meta">(${esc(day(e.story.createdAt))}${e.audio ? esc(t("withRecording")) : ""})</span></li>`).join("\n")}</ol>` : `<p>${esc(t("noStories"))}</p>`}
<h2>${esc(t("photos", { count: photos.length }))}</h2>
${photos.length ? `<ul>${photos.filter((p) => p.file).map((p) => `<li><a href="${p.file}">${esc(p.description || t("aPhoto"))}</a> <span class="meta">${esc(t("photoFrom", { name: p.from }))}</span></li>`).join("\n")}</ul>` : `<p>${esc(t("noPhotos"))}</p>`}
<p><a href="data.json">${esc(t("data"))}</a></p>`;
  files.unshift({ name: "index.html", bytes: Buffer.from(page(t("title", { name }), index, lang)) });
  files.push({
    name: "data.json",
    bytes: Buffer.from(
      JSON.stringify(
        {
          resident: { id: resident.id, firstName: resident.firstName, lastName: resident.lastName, roomNumber: resident.roomNumber, dateOfBirth: resident.dateOfBirth, admissionDate: resident.admissionDate },
          community: community.name,
          exportedAt: new Date().toISOString(),
          stories: entries.map((e) => ({ file: e.file, title: e.story.title, audience: e.story.audience, withdrawnAt: e.story.withdrawnAt })),
          photos,
          aboutMe: about,
        },
        null,
        2,
      ),
    ),
  });
  return files;
}

/**
 * Writes the zip to `out`, ending it when the zip is whole; false when there is no such resident.
 * One entry at a time, at the pace `out` takes them: each page is deflated as its turn comes (not a
 * thousand compressors at once), and the recordings and photos go in as they are (compressed
 * already, deflating them again would cost time and save nothing).
 */
export async function writeResidentExportZip(db: TenantDb, community: ExportCommunity, residentId: string, out: Writable): Promise<boolean> {
  const files = await residentExportFiles(db, community, residentId);
  if (!files) return false;
  const zip = new ZipFile();
  for (const f of files) {
    const bytes = f.bytes;
    if (bytes) zip.addReadStreamLazy(f.name, { size: bytes.length }, (give) => give(null, Readable.from([bytes])));
    else if (f.path) zip.addFile(f.path, f.name, { compress: false });
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    // a media file removed meanwhile, or the disk refusing the zip
    const fail = (error: Error) => {
      const zipped = zip.outputStream as Readable;
      zipped.unpipe(out);
      zipped.destroy();
      reject(error);
    };
    zip.on("error", fail);
    out.on("error", fail);
    out.on("finish", resolve);
    zip.outputStream.pipe(out);
  });
  return true;
}
