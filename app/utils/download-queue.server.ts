// PDFs and zips are made a few at a time in each server process (PDF_ZIP_CONCURRENCY, 2 unless
// set), each into a file in DATA_DIR/tmp/downloads, and sent from that file: a slot is held while a
// file is made, never while a client reads it, however slowly. Behind the slots stands a short
// waiting line (4); a request past it, or one that has waited 30 s, is answered 503 with
// Retry-After: a page in plain words with a link back for a browser, JSON for an API client.
import crypto from "node:crypto";
import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { env } from "./env.server";
import { escapeHtml } from "./html";
import { DEFAULT_LANGUAGE } from "./i18n";
import { isLanguage, requestLanguage, translator } from "./i18n.server";
import { tempDir } from "./temp-files.server";

/** How many requests may wait for a slot; the next one is answered 503 at once. */
export const WAITING_LINE = 4;
/** How long a request may wait for a slot before it is answered 503. */
export const LONGEST_WAIT_MS = 30_000;
export const RETRY_AFTER_SECONDS = 60;
// how much of a finished file is read ahead of the client
const CHUNK = 64 * 1024;

export type Release = () => void;

/** Slots for work, a bounded waiting line behind them, and a longest wait. In memory: one process. */
export class WorkQueue {
  private running = 0;
  private line: { grant: (release: Release | null) => void }[] = [];

  constructor(private opts: { slots: () => number; waiting: number; maxWaitMs: number }) {}

  get stats() {
    return { running: this.running, waiting: this.line.length };
  }

  /**
   * A slot, now or once one is free; call its release when the work ends (a second call does
   * nothing). Null when the line is full, the wait ran out, or the asker went away meanwhile.
   */
  enter(signal?: AbortSignal): Promise<Release | null> {
    if (signal?.aborted) return Promise.resolve(null);
    if (this.running < this.opts.slots() && !this.line.length) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.line.length >= this.opts.waiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter = {
        grant: (release: Release | null) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", leave);
          resolve(release);
        },
      };
      const leave = () => {
        const i = this.line.indexOf(waiter);
        if (i >= 0) this.line.splice(i, 1);
        waiter.grant(null);
      };
      const timer = setTimeout(leave, this.opts.maxWaitMs);
      signal?.addEventListener("abort", leave, { once: true });
      this.line.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      while (this.running < this.opts.slots() && this.line.length) {
        this.running++;
        this.line.shift()!.grant(this.releaser());
      }
    };
  }
}

// one queue per process, whichever copy of this module asks (kept on globalThis)
const g = globalThis as typeof globalThis & { __storyloomDownloads?: WorkQueue };

export function downloadQueue(): WorkQueue {
  return (g.__storyloomDownloads ??= new WorkQueue({
    slots: () => env().PDF_ZIP_CONCURRENCY,
    waiting: WAITING_LINE,
    maxWaitMs: LONGEST_WAIT_MS,
  }));
}

/** Forgets the queue (tests that change PDF_ZIP_CONCURRENCY). */
export function resetDownloadQueueForTests() {
  g.__storyloomDownloads = undefined;
}

/**
 * What is being made, named in the busy answer ("Many books are being made right now"): one of
 * these, or an `errors` catalog key of the whole sentence ("errors:busy.books"); anything else is
 * said as files in general.
 */
export type BusyWhat = "books" | "gazettes" | "printouts" | "story downloads";

const BUSY_MESSAGES: Record<BusyWhat, string> = {
  books: "busy.books",
  gazettes: "busy.gazettes",
  printouts: "busy.printouts",
  "story downloads": "busy.storyDownloads",
};

export type Download = {
  contentType: string;
  /** the name the browser saves it under */
  fileName: string;
  disposition: "inline" | "attachment";
  /** what the busy answer says is being made, and the way back (its label already translated) */
  busy: { what: BusyWhat | (string & {}); back: { href: string; label: string } };
};

/**
 * The answer with a file made in turn: `make` writes it to `out` and ends `out` (a pipe does), with
 * a signal that aborts when the asker goes away. The slot is let go as soon as the file is written;
 * the answer then reads it from disk at the client's pace. 503 when the line is full.
 */
export async function queuedDownload(
  request: Request,
  download: Download,
  make: (out: Writable, signal: AbortSignal) => Promise<void>,
): Promise<Response> {
  const release = await downloadQueue().enter(request.signal);
  if (!release)
    return busyAnswer(
      request,
      download.busy,
      await requestLanguage(request).catch(() => DEFAULT_LANGUAGE),
    );
  const file = path.join(tempDir("downloads"), `${crypto.randomBytes(12).toString("hex")}.part`);
  let handle: FileHandle;
  try {
    const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
    try {
      await make(out, request.signal);
      await finished(out);
    } catch (error) {
      out.destroy();
      throw error;
    }
    handle = await fs.promises.open(file, "r");
  } finally {
    release();
    // the open handle keeps the bytes until the answer is sent; the name goes now. Where a system
    // cannot remove an open file, the next start's sweep of DATA_DIR/tmp does.
    await fs.promises.rm(file, { force: true }).catch(() => {});
  }
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return new Response(fileBody(handle), {
    headers: {
      "Content-Type": download.contentType,
      "Content-Disposition": `${download.disposition}; filename="${download.fileName}"`,
      "Content-Length": String(size),
      "Cache-Control": "private, no-store",
    },
  });
}

/** A file's bytes read as the client takes them, one chunk ahead; the file is closed at the end or when the client goes. */
function fileBody(handle: FileHandle): ReadableStream<Uint8Array> {
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => {});
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = Buffer.allocUnsafe(CHUNK);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
        if (bytesRead === 0) {
          await close();
          controller.close();
        } else controller.enqueue(chunk.subarray(0, bytesRead));
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}

/** A browser (a page, a link followed) rather than a program asking for data. */
function fromBrowser(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  return /text\/html/i.test(request.headers.get("Accept") ?? "") || mode === "navigate";
}

/** The busy answer's sentence: "Many books are being made right now. Please try again in a minute." */
function busyMessage(what: string, lang: string | null | undefined): string {
  const t = translator(lang, "errors");
  const key = Object.hasOwn(BUSY_MESSAGES, what)
    ? BUSY_MESSAGES[what as BusyWhat]
    : what.startsWith("errors:")
      ? what
      : null;
  // anything else: files in general
  return t(key ?? "busy.other");
}

/**
 * 503 with Retry-After: a page that says so in plain words for a browser, JSON for an API client,
 * in `lang` (the requester's language; English when not given).
 */
export function busyAnswer(
  request: Request,
  busy: Download["busy"],
  lang?: string | null,
): Response {
  const message = busyMessage(busy.what, lang);
  const title = translator(lang, "errors")("busy.title");
  const htmlLang = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (!fromBrowser(request))
    return Response.json(
      { error: "busy", message, retryAfterSeconds: RETRY_AFTER_SECONDS },
      { status: 503, headers },
    );
  const page = `<!doctype html><html lang="${escapeHtml(htmlLang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;font-size:1.25rem;line-height:1.6;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(busy.back.href)}">${escapeHtml(busy.back.label)}</a></p></body></html>`;
  return new Response(page, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
  });
}
