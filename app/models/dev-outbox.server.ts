// The development outbox: the .eml files a server without SMTP_URL writes, listed per community at
// /dev/outbox while the development login is on. Reads files only; names come from the folder.
import fs from "node:fs";
import path from "node:path";
import type { Community } from "~/utils/db.server";
import { communityOutboxDir } from "~/utils/mailer.server";

export type OutboxFile = { id: string; subject: string; to: string; date: string; bytes: number };

const FILE = /^([A-Za-z0-9_-]{1,64})\.eml$/;

/** Decodes RFC 2047 words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) => {
      if (enc.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

/** The message's headers (unfolded, decoded), up to the first blank line. */
export function readHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = decodeHeader(line.slice(i + 1).trim());
  }
  return out;
}

export function listOutboxFiles(community: Pick<Community, "subdomain">, limit = 200): OutboxFile[] {
  const dir = communityOutboxDir(community.subdomain);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => ({ name, m: FILE.exec(name) }))
    .filter((f): f is { name: string; m: RegExpExecArray } => Boolean(f.m))
    .map(({ name, m }) => ({ id: m[1]!, stat: fs.statSync(path.join(dir, name)), file: path.join(dir, name) }))
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)
    .slice(0, limit)
    .map(({ id, stat, file }) => {
      const headers = readHeaders(fs.readFileSync(file, "utf8").slice(0, 16_000));
      return { id, subject: headers.subject ?? "(no subject)", to: headers.to ?? "", date: headers.date ?? stat.mtime.toUTCString(), bytes: stat.size };
    });
}

/** One message's raw text, or null (only names the outbox itself could have written). */
export function readOutboxFile(community: Pick<Community, "subdomain">, id: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  const file = path.join(communityOutboxDir(community.subdomain), `${id}.eml`);
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
}
