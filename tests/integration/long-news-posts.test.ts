// A news post may hold 20,000 characters, and the staff's news form takes what the administrators'
// takes: both forms run one action, and its route policy (`newNewsPolicy`, the "long text" limit of
// 256 KB) is the one both routes export. Against a production-mode server: a 15,000-character
// Cyrillic post (about 77 KB as a form body, over the 64 KB of an ordinary form) is saved at
// /staff/news/new as it is at /admin/news/new, with and without JavaScript, and a body over the
// long-text limit is still refused at the edge.
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send, signIn, startRealServer, testPort, type RealServer } from "../helpers/real-server";

const KB = 1024;
let server: RealServer;
let port: number;

beforeAll(async () => {
  port = testPort(1);
  server = await startRealServer(port);
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

const form = { "Content-Type": "application/x-www-form-urlencoded" };

/** `length` characters of Russian words and spaces. */
function cyrillicText(length: number): string {
  const words =
    "Дорогие друзья сегодня в нашем саду распустились первые розы и мы приглашаем всех на чай".split(
      " ",
    );
  let text = "";
  for (let i = 0; text.length < length; i++) text += `${words[i % words.length]} `;
  return text.slice(0, length - 1) + "я";
}

function savedContent(title: string): string | undefined {
  const db = new Database(path.join(server.dataDir, "tenants/sunnybrook.sqlite"), {
    readonly: true,
  });
  try {
    const row = db.prepare("select content from news_posts where title = ?").get(title) as
      { content: string } | undefined;
    return row?.content;
  } finally {
    db.close();
  }
}

const content = cyrillicText(15_000);

describe("a long news post", () => {
  it("is about 77 KB as a form: over an ordinary form's 64 KB, within the long-text 256 KB", () => {
    const body = new URLSearchParams({ title: "x", content }).toString();
    expect(content).toHaveLength(15_000);
    expect(Buffer.byteLength(body)).toBeGreaterThan(72 * KB);
    expect(Buffer.byteLength(body)).toBeLessThan(80 * KB);
  });

  for (const [who, username, area] of [
    ["an administrator", "linda.admin", "admin"],
    ["a staff member", "marcus", "staff"],
  ] as const) {
    it(`is saved when ${who} sends it from /${area}/news/new, with and without JavaScript`, async () => {
      const cookie = await signIn(port, username);
      // without JavaScript: the browser's own form post, answered with a redirect to the list
      const title = `Garden news from ${area} ${crypto.randomBytes(4).toString("hex")}`;
      const body = new URLSearchParams({ title, content }).toString();
      const res = await send({
        port,
        path: `/${area}/news/new`,
        method: "POST",
        headers: form,
        cookie,
        body,
      });
      expect(res.status, res.text.slice(0, 300)).toBe(302);
      expect(res.headers.location).toBe(`/${area}/news`);
      expect(savedContent(title)).toBe(content);
      // with JavaScript: Remix's data request for the same action
      const titleJs = `${title} (js)`;
      const data = await send({
        port,
        path: `/${area}/news/new.data`,
        method: "POST",
        headers: form,
        cookie,
        body: new URLSearchParams({ title: titleJs, content }).toString(),
      });
      expect(data.status, data.text.slice(0, 300)).toBeLessThan(400);
      expect(savedContent(titleJs)).toBe(content);
    });
  }

  it("over the long-text limit is refused at the edge, at either address, before the action", async () => {
    for (const [username, area] of [
      ["priya", "staff"],
      ["linda.admin", "admin"],
    ] as const) {
      const cookie = await signIn(port, username);
      const title = `Too long for ${area}`;
      const res = await send({
        port,
        path: `/${area}/news/new`,
        method: "POST",
        headers: form,
        cookie,
        body: new URLSearchParams({ title, content: cyrillicText(60_000) }).toString(),
      });
      expect(res.status).toBe(413);
      expect(res.text).toContain("This form sent more than 256 KB");
      expect(res.text).toContain(`href="/${area}/news/new"`);
      expect(savedContent(title)).toBeUndefined();
    }
  });
});
