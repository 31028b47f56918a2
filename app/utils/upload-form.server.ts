// Reading form posts that may carry a file, with hard size caps: a file over the limit is refused
// with the fixed message ('File too large') while the other fields still arrive, so a long story
// typed next to a too-large photo is not lost; never a 500, never an unbounded buffer. A file over
// its limit is counted as it streams and let go, never held, and read to its end: the form can then
// say the photo's real size, and the browser gets an answer instead of a broken connection.
import busboy from "busboy";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  IMAGE_ERRORS,
  MAX_PHOTO_UPLOAD_BYTES,
  MediaError,
  PHOTO_FORM_HARD_CAP,
} from "./media-limits";
import { getT } from "./i18n.server";

// a body this much larger than one maximal file is refused before it is read at all
const BODY_LIMIT_FACTOR = 4;

export function tooLargeError(
  refusal: { title: string; description: string } = IMAGE_ERRORS.tooLarge,
) {
  return new MediaError(refusal.title, refusal.description);
}

/** What a photo upload past its limit is told: the limit a photo as sent really has. */
function photoRefusal(maxFileBytes: number) {
  return maxFileBytes === MAX_PHOTO_UPLOAD_BYTES ? IMAGE_ERRORS.uploadTooLarge : undefined;
}

function declaredLength(request: Request): number | null {
  const raw = request.headers.get("content-length");
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export type UploadForm = {
  form: FormData;
  /** the files over `maxFileBytes`, by field, with their size in bytes as read (not kept) */
  tooLarge: Map<string, number>;
};

export type MultipartLimits = {
  /** a file larger than this is read to its end and dropped (named in `tooLarge`) */
  maxFileBytes: number;
  /** the whole body; past it MediaError('File too large') */
  maxTotalBytes: number;
  /** how many files and how many other fields a form may have; more, and it is not read */
  maxFiles: number;
  maxFields: number;
  /**
   * Stop at the first file over its limit: for a caller whose answer is then settled (an API, the
   * recorder), the rest is not worth reading. A browser form reads on, so the fields after the
   * file are there to show again; the edge drains what is left either way.
   */
  stopAtOversize?: boolean;
  /**
   * A file larger than this goes on in a temporary file instead of memory until it is complete:
   * a body that turns out too large never held its bytes (the recorder's 40 MB).
   */
  spoolOver?: number;
  /** the MediaError's words for a body past `maxTotalBytes` (default: IMAGE_ERRORS.tooLarge) */
  refusal?: { title: string; description: string };
};

// a text field: a story of 50,000 characters fits
const MAX_FIELD_BYTES = 1024 * 1024;

class UnreadableForm extends Error {}

/** One file part's bytes: in memory while small, then (with `spoolOver`) in a temporary file. */
class PartSink {
  private chunks: Buffer[] = [];
  /** bytes seen, kept or not */
  size = 0;
  private spool: { path: string; out: fs.WriteStream } | null = null;
  /** the source, paused until the disk has written what it was given */
  private waiting: Readable | null = null;
  dropped = false;
  constructor(private spoolOver: number | null) {}

  add(chunk: Buffer, source: Readable) {
    this.size += chunk.byteLength;
    if (this.dropped) return;
    if (this.spool) {
      // the disk sets the pace
      if (!this.spool.out.write(chunk)) {
        source.pause();
        this.waiting = source;
        this.spool.out.once("drain", () => this.goOn());
      }
      return;
    }
    this.chunks.push(chunk);
    if (this.spoolOver !== null && this.size > this.spoolOver) {
      const file = path.join(
        os.tmpdir(),
        `storyloom-upload-${crypto.randomBytes(12).toString("hex")}`,
      );
      const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
      // a write error comes back when the file is asked for
      out.on("error", () => {});
      for (const c of this.chunks) out.write(c);
      this.chunks = [];
      this.spool = { path: file, out };
    }
  }

  private goOn() {
    this.waiting?.resume();
    this.waiting = null;
  }

  /** Lets the bytes go (and the temporary file); what is still to come is only counted. */
  drop() {
    this.dropped = true;
    this.chunks = [];
    // a destroyed file never drains: the source goes on at once
    this.goOn();
    if (this.spool) {
      this.spool.out.destroy();
      fs.rm(this.spool.path, { force: true }, () => {});
      this.spool = null;
    }
  }

  async file(name: string, type: string): Promise<File> {
    if (!this.spool) {
      // the File copies the chunks once; they are let go right after
      const file = new File(this.chunks as unknown as BlobPart[], name, { type });
      this.chunks = [];
      return file;
    }
    const { path: file, out } = this.spool;
    try {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      return new File([await fs.promises.readFile(file)], name, { type });
    } finally {
      this.spool = null;
      await fs.promises.rm(file, { force: true });
    }
  }
}

/** Resolves when the parser takes more, or has stopped (a malformed form: then `finished` says why). */
function writable(bb: busboy.Busboy) {
  return new Promise<void>((resolve) => {
    const done = () => {
      bb.off("drain", done).off("close", done).off("error", done);
      resolve();
    };
    bb.on("drain", done).on("close", done).on("error", done);
  });
}

function makeParser(request: Request, limits: MultipartLimits) {
  return busboy({
    headers: { "content-type": request.headers.get("content-type") ?? "" },
    defParamCharset: "utf8",
    // file sizes are counted by the reader, not busboy, which stops counting at its limit
    limits: {
      files: limits.maxFiles,
      fields: limits.maxFields,
      parts: limits.maxFiles + limits.maxFields,
      fieldSize: MAX_FIELD_BYTES,
      headerPairs: 20,
    },
  });
}

/**
 * Reads a multipart form with busboy, which follows RFC 7578 for names and filenames: `a=b.jpg`,
 * `a;b.jpg`, quotes, `filename*=`, non-Latin letters and emoji arrive as sent (browsers send UTF-8).
 * Files are held in memory up to `maxFileBytes` each; a larger one is read on, without keeping
 * its bytes, and named in `tooLarge` with its size. The file's name is only ever shown, never used to store it.
 */
export async function readMultipartForm(
  request: Request,
  limits: MultipartLimits,
): Promise<UploadForm> {
  const form = new FormData();
  const tooLarge = new Map<string, number>();
  let total = 0;
  let problem: Error | null = null;
  let bb: busboy.Busboy;
  try {
    bb = makeParser(request, limits);
  } catch {
    // not multipart, or no boundary
    throw await unreadableForm(request);
  }
  const fail = (error: Error) => {
    problem ??= error;
  };
  const files: Promise<void>[] = [];
  const sinks: PartSink[] = [];
  bb.on("file", (name, stream, info) => {
    const sink = new PartSink(limits.spoolOver ?? null);
    sinks.push(sink);
    files.push(
      new Promise<void>((resolve) => {
        let over = false;
        stream.on("data", (chunk: Buffer) => {
          // past the per-file limit the file's bytes are let go at once, the rest only counted
          if (!over && sink.size + chunk.byteLength > limits.maxFileBytes) {
            over = true;
            sink.drop();
          }
          sink.add(chunk, stream);
          if (over) tooLarge.set(name, sink.size);
        });
        stream.on("error", (error: Error) => {
          fail(error);
          resolve();
        });
        stream.on("close", () => {
          if (sink.dropped) return resolve();
          // an empty, unnamed part is "no file chosen"; it stays so (fileBytes reads it as none)
          sink
            .file(info.filename ?? "", info.mimeType)
            .then((file) => form.append(name, file))
            .catch((error: Error) => fail(error))
            .finally(resolve);
        });
      }),
    );
  });
  bb.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail(new UnreadableForm("a field is too long"));
    else form.append(name, value);
  });
  bb.on("filesLimit", () => fail(new UnreadableForm("too many files")));
  bb.on("fieldsLimit", () => fail(new UnreadableForm("too many fields")));
  bb.on("partsLimit", () => fail(new UnreadableForm("too many parts")));
  const finished = new Promise<void>((resolve, reject) => {
    bb.on("close", resolve);
    bb.on("error", reject);
  });
  // a parser given up on (destroyed below) still reports how it ended: nobody needs to hear it
  finished.catch(() => {});
  try {
    if (!request.body) throw new UnreadableForm("no body");
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxTotalBytes) {
        await reader.cancel().catch(() => {});
        throw tooLargeError(limits.refusal);
      }
      if (problem || (limits.stopAtOversize && tooLarge.size)) {
        await reader.cancel().catch(() => {});
        if (problem) break;
        bb.destroy();
        for (const sink of sinks) sink.drop();
        return { form, tooLarge };
      }
      if (!bb.write(value)) await writable(bb);
      if (bb.destroyed) break;
    }
    bb.end();
    await finished;
    await Promise.all(files);
  } catch (error) {
    bb.destroy();
    for (const sink of sinks) sink.drop();
    if (error instanceof MediaError) throw error;
    // a truncated body, a wrong boundary, a part without an end: the client's form, not our fault
    throw await unreadableForm(request);
  }
  if (problem) {
    for (const sink of sinks) sink.drop();
    throw await unreadableForm(request);
  }
  return { form, tooLarge };
}

/**
 * The posted form, multipart (read as readMultipartForm reads it, within `limits`) or not. Throws
 * MediaError('File too large') for a body that says it is over `maxTotalBytes` before a byte of it
 * is read, and a 400 Response for a form that cannot be read.
 */
export async function readForm(request: Request, limits: MultipartLimits): Promise<UploadForm> {
  const length = declaredLength(request);
  if (length !== null && length > limits.maxTotalBytes) throw tooLargeError(limits.refusal);
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    try {
      return { form: await request.formData(), tooLarge: new Map() };
    } catch {
      throw await unreadableForm(request);
    }
  }
  return readMultipartForm(request, limits);
}

/**
 * The posted form of an upload API: one file of at most `maxPartSize`; a larger one is named in
 * `tooLarge` (an API request stops reading there). Throws MediaError('File too large') for a body
 * far over the limit.
 */
export function readUploadForm(
  request: Request,
  maxPartSize = MAX_PHOTO_UPLOAD_BYTES,
): Promise<UploadForm> {
  const api = new URL(request.url).pathname.startsWith("/api/");
  return readForm(request, {
    maxFileBytes: maxPartSize,
    maxTotalBytes: Math.min(maxPartSize * BODY_LIMIT_FACTOR, PHOTO_FORM_HARD_CAP),
    maxFiles: 2,
    maxFields: 30,
    stopAtOversize: api,
    refusal: photoRefusal(maxPartSize),
  });
}

/**
 * A browser form that carries a photo (the story forms, Share Photo, a resident's photo), read to
 * its end so that it can be answered again with everything typed kept and the photo's real size:
 * "This photo is too large (31 MB): choose one under 25 MB". The body as a whole stops at `hardCap`.
 */
export function readPhotoForm(
  request: Request,
  {
    maxFileBytes = MAX_PHOTO_UPLOAD_BYTES,
    hardCap = PHOTO_FORM_HARD_CAP,
  }: { maxFileBytes?: number; hardCap?: number } = {},
): Promise<UploadForm> {
  return readForm(request, {
    maxFileBytes,
    maxTotalBytes: hardCap,
    maxFiles: 4,
    maxFields: 40,
    refusal: photoRefusal(maxFileBytes),
  });
}

/** 400 for a form that cannot be read, in the requester's language. */
async function unreadableForm(request: Request) {
  return new Response((await getT(request, "errors"))("form.unreadable"), {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The bytes of a file field, or null when no file was chosen (browsers send an empty, unnamed part). */
export async function fileBytes(value: FormDataEntryValue | null): Promise<Buffer | null> {
  if (!value || typeof value === "string") return null;
  if (value.size === 0 && !value.name) return null;
  return Buffer.from(await value.arrayBuffer());
}

/** A raw request body (PUT of the upload URL), read up to `max` bytes. */
export async function readBodyLimited(
  request: Request,
  max = MAX_PHOTO_UPLOAD_BYTES,
): Promise<Buffer> {
  const refusal = photoRefusal(max);
  const length = declaredLength(request);
  const cap = Math.min(max * BODY_LIMIT_FACTOR, PHOTO_FORM_HARD_CAP);
  if (length !== null && length > cap) throw tooLargeError(refusal);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw tooLargeError(refusal);
    }
    // a file somewhat over the limit is read to its end and dropped, so that the client (a phone
    // still sending) gets the 'File too large' answer instead of a broken connection
    if (size > max) tooLarge = true;
    else chunks.push(value);
  }
  if (tooLarge) throw tooLargeError(refusal);
  return Buffer.concat(chunks);
}
