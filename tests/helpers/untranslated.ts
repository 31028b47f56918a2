// Finds text that bypassed the catalogs on a page rendered in the pseudo-locale (en-XA), where
// every catalog letter is accented: a run of plain ASCII words is either what people wrote (names,
// stories, the community's name: found in the databases) or text written into the code.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

/** Every text value in the control database and the community's: what people wrote. */
export function userContentCorpus(dataDir: string, subdomain = "sunnybrook"): string {
  // the product's name, and each language's own name (the language menus), are names too
  const parts: string[] = [
    "Storyloom",
    `${subdomain}.storyloom.localhost`,
    "storyloom.localhost",
    "English",
    "Español",
  ];
  const files = [
    path.join(dataDir, "control.sqlite"),
    path.join(dataDir, "tenants", `${subdomain}.sqlite`),
  ].filter((f) => fs.existsSync(f));
  for (const file of files) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .all() as { name: string }[];
      for (const { name } of tables) {
        const rows = db.prepare(`select * from "${name}"`).raw().all() as unknown[][];
        for (const row of rows)
          // a value's paragraphs as one line: an excerpt joins them with a space
          for (const v of row)
            if (typeof v === "string" && /[A-Za-z]{2}/.test(v)) parts.push(v.replace(/\s+/g, " "));
      }
    } finally {
      db.close();
    }
  }
  return parts.join("\n");
}

let lastCorpus = "";
let lastValues = new Set<string>();
/** The corpus's values whole (one per line), for words that are a value on their own. */
function wholeValues(corpus: string): Set<string> {
  if (corpus !== lastCorpus) {
    lastCorpus = corpus;
    lastValues = new Set(corpus.split("\n"));
  }
  return lastValues;
}

/**
 * A run of user content with a word of the interface beside it, checked word by word: split where
 * words end, keeping a username's or a host's inner dots ("linda.admin"). A lowercase word passes
 * only when it is a host, a code or a whole stored value such as a username, never "in" or "the"
 * found inside a story.
 */
function userWords(run: string, corpus: string): boolean {
  const words = run
    .split(/[ \t,:;!?()&+–—]+/)
    .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/g, ""))
    .filter((w) => /[A-Za-z]{2}/.test(w));
  const values = wholeValues(corpus);
  return words.every((w) => values.has(w) || (corpus.includes(w) && /^[A-Z0-9]|[.\d]/.test(w)));
}

// a run of plain-ASCII words, with the spaces and punctuation between them
const RUN =
  /[A-Za-z0-9][A-Za-z0-9'’\-_.@/]*(?:[ \t,.:;!?()&+–—-]+[A-Za-z0-9][A-Za-z0-9'’\-_.@/]*)*/g;

/**
 * The runs of plain English in `texts` that are not user content: each a word of two letters or
 * more in a run found nowhere in the corpus. Numbers, codes and lone letters pass.
 */
export function untranslatedRuns(texts: string[], corpus: string): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(RUN)) {
      // a name before a translated possessive ("{name}'s" made pseudo) keeps only its apostrophe
      const run = m[0].replace(/[ \t,.:;!?()&+–—'’-]+$/, "").trim();
      if (!/[A-Za-z]{2}/.test(run)) continue;
      // URLs, addresses, file names and hosts are data, not language
      if (/^(https?:\/\/|\/)|@|\.(jpg|png|pdf|zip|ics|csv|webm|wav|mp3|eml)$/i.test(run)) continue;
      // a host name, and a name's initials on an avatar ("EM"), are names, not language
      if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(run) || /^[A-Z]{1,3}$/.test(run)) continue;
      if (corpus.includes(run)) continue;
      // pieces of user content side by side ("Ann Park: Read the newspaper, 20"): each piece
      // between the punctuation is what people wrote, or made of its words (below)
      const pieces = run.split(/\s*[,:;()·–—]\s*/).filter((p) => /[A-Za-z]{2}/.test(p));
      if (pieces.every((p) => corpus.includes(p) || userWords(p, corpus))) continue;
      found.add(run);
    }
  }
  return [...found];
}

/** A page's visible strings from its HTML: text between tags, and the attributes people hear. */
export function stringsOfHtml(html: string): string[] {
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    // React's <!-- --> separates neighbouring text nodes that read as one
    .replace(/<!--[\s\S]*?-->/g, "");
  const out: string[] = [];
  const title = /<title>([\s\S]*?)<\/title>/i.exec(body);
  if (title) out.push(decode(title[1]!));
  const inBody = body.slice(Math.max(0, body.search(/<body\b/i)));
  for (const m of inBody.matchAll(/>([^<]+)</g)) if (m[1]!.trim()) out.push(decode(m[1]!));
  for (const m of inBody.matchAll(
    /\s(?:aria-label|title|placeholder|alt|aria-description)="([^"]*)"/g,
  ))
    if (m[1]!.trim()) out.push(decode(m[1]!));
  // a submit input's value is its label
  for (const m of inBody.matchAll(/<input\b[^>]*type="(?:submit|button)"[^>]*>/g)) {
    const v = /\svalue="([^"]*)"/.exec(m[0]);
    if (v?.[1]) out.push(decode(v[1]));
  }
  return out;
}

function decode(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}
