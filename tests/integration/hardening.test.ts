// The eight findings of the security review, tried as an attacker would against a production-mode
// server on loopback: each is reproduced here and must now hold.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  DEMO_PASSWORD,
  multipartBuffer,
  multipartStream,
  send,
  signIn,
  startRealServer,
  testPort,
  zeros,
  type RealServer,
} from "../helpers/real-server";

const MB = 1024 * 1024;
let server: RealServer;
let port: number;

beforeAll(async () => {
  port = testPort(0);
  // small edge limits, so that the tests reach them quickly
  server = await startRealServer(port, { TOKEN_RATE_LIMIT: "5", API_RATE_LIMIT_PER_MINUTE: "40" });
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const json = { "Content-Type": "application/json" };
const boundary = () => `----storyloom${crypto.randomBytes(8).toString("hex")}`;

describe("1. request bodies have a limit at the edge, declared or chunked", () => {
  it("a 100 MB chunked sign-in is refused after a little of it, and the server's memory stays put", async () => {
    const before = server.rss();
    const res = await send({
      port,
      path: "/login",
      method: "POST",
      headers: form,
      body: () => zeros(100 * MB),
    });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.text).toContain("Please shorten what you wrote");
    // the server stopped reading: the client could not push even a fifth of it
    expect(res.sent).toBeLessThan(20 * MB);
    expect(server.rss() - before).toBeLessThan(60 * MB);
    // and still answers
    expect((await send({ port, path: "/healthz" })).status).toBe(200);
  });

  it("a contact form that declares 100 MB is refused before its body is sent", async () => {
    const contact = {
      port,
      host: "storyloom.localhost",
      path: "/?index",
      method: "POST",
      headers: form,
      declaredLength: 100 * MB,
      body: () => zeros(100 * MB),
    };
    // a client that waits for "100 Continue" is told at once and sends nothing
    const polite = await send({ ...contact, expectContinue: true });
    expect(polite.status).toBe(413);
    expect(polite.sent).toBe(0);
    // one that sends anyway is answered and cut off
    const rude = await send({ ...contact, acceptNoAnswer: true });
    expect([0, 413]).toContain(rude.status);
    expect(rude.sent).toBeLessThan(20 * MB);
  });

  it("a contact form sent chunked is cut off at the limit too", async () => {
    const res = await send({
      port,
      host: "storyloom.localhost",
      path: "/?index",
      method: "POST",
      headers: form,
      body: () => zeros(100 * MB),
    });
    expect(res.status).toBe(413);
    expect(res.sent).toBeLessThan(20 * MB);
    // a contact form as people send it still arrives
    const ok = await send({
      port,
      host: "storyloom.localhost",
      path: "/?index",
      method: "POST",
      headers: form,
      body: new URLSearchParams({
        name: "Ann",
        email: "ann@example.com",
        facility: "Oak House",
        message: "Hello",
      }).toString(),
    });
    expect(ok.status).toBe(302);
  });

  it("signed in, 50 MB of JSON is refused with JSON, declared or chunked", async () => {
    const staff = await signIn(port, "marcus");
    for (const declaredLength of [50 * MB, undefined]) {
      const res = await send({
        port,
        path: "/api/residents",
        method: "POST",
        headers: json,
        cookie: staff,
        declaredLength,
        body: () => zeros(50 * MB),
      });
      expect(res.status).toBe(413);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(JSON.parse(res.text).message).toMatch(/at most 64 KB/);
      expect(res.sent).toBeLessThan(20 * MB);
    }
    // a normal JSON body still works
    const ok = await send({
      port,
      path: "/api/residents",
      method: "POST",
      headers: json,
      cookie: staff,
      body: JSON.stringify({ firstName: "Edith", lastName: "Limit" }),
    });
    expect(ok.status).toBe(201);
  });

  it("signed in, a recording upload of many parts is cut off at the recording limit", async () => {
    const staff = await signIn(port, "priya");
    const b = boundary();
    // 38 parts of 10 MB each: every part under the 40 MB file limit, 380 MB in all
    const files = Array.from({ length: 38 }, (_, i) => ({
      name: `audio${i}`,
      filename: `part${i}.webm`,
      type: "audio/webm",
      size: 10 * MB,
    }));
    const before = server.rss();
    const res = await send({
      port,
      path: "/api/transcribe-audio",
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
      cookie: staff,
      body: multipartStream(b, {}, files),
    });
    expect([400, 413]).toContain(res.status);
    expect(res.sent).toBeLessThan(80 * MB);
    // far below the 380 MB sent: the parts are not held. RSS also counts what the allocator keeps
    // after the request (126 to 139 MB measured on 2 cores, under 120 MB on other runs), so the
    // bound leaves room for that and still fails if the upload were buffered.
    expect(server.rss() - before).toBeLessThan(180 * MB);
  });

  it("a photo over the 25 MB a phone may send, in a browser form, is read to its end and answered with the form, not a broken connection", async () => {
    const family = await signIn(port, "sarah.ellis");
    const b = boundary();
    const body = multipartStream(b, { intent: "share-photo", description: "Big one" }, [
      { name: "photo", filename: "IMG_0001.jpg", type: "image/jpeg", size: 30 * MB },
    ]);
    let total = 0;
    for await (const c of body()) total += c.length;
    const res = await send({
      port,
      path: "/family?dialog=photo",
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
      cookie: family,
      declaredLength: total,
      body,
    });
    // the whole upload is read (no broken connection) and the form answers again with its text kept
    // and the photo's real size, rather than the edge's 413 page
    expect(res.error).toBeUndefined();
    expect(res.sent).toBe(total);
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain("This photo is too large (30 MB): choose one under 25 MB");
    expect(res.text).toContain("Big one");
  });

  it("a photo somewhat over 25 MB still reaches the form, which says so and keeps what was typed", async () => {
    const family = await signIn(port, "tom.ellis");
    const b = boundary();
    const body = await multipartBuffer(b, { description: "Too big" }, [
      {
        name: "photo",
        filename: "big.jpg",
        type: "image/jpeg",
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(26 * MB, 7)]),
      },
    ]);
    const res = await send({
      port,
      path: "/api/family/photos",
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
      cookie: family,
      body,
    });
    expect(res.status).toBe(413);
    expect(res.text).toBe("File too large: File size must be less than 25MB");
  });
});

describe("2. redirect targets are parsed, not pattern-matched", () => {
  it("control characters in redirectTo fall back to the home page; no 500, no stray Location", async () => {
    for (const target of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\nSet-Cookie: x=1",
      "/\\evil.example",
      "//evil.example",
    ]) {
      const res = await send({
        port,
        path: "/login",
        method: "POST",
        headers: form,
        body: new URLSearchParams({
          username: "linda.admin",
          password: DEMO_PASSWORD,
          redirectTo: target,
        }).toString(),
      });
      expect(res.status, JSON.stringify(target)).toBe(302);
      expect(res.headers.location, JSON.stringify(target)).toBe("/admin");
    }
    const ok = await send({
      port,
      path: "/login",
      method: "POST",
      headers: form,
      body: new URLSearchParams({
        username: "linda.admin",
        password: DEMO_PASSWORD,
        redirectTo: "/admin/news?x=1",
      }).toString(),
    });
    expect(ok.headers.location).toBe("/admin/news?x=1");
  });
});

describe("3. sign-in attempts are reserved before the password is checked", () => {
  it("a burst of 26 guesses with 8 attempts left spends 8; the right one, 21st, is refused", async () => {
    const from = "127.0.0.3";
    const attempt = (password: string) =>
      send({
        port,
        from,
        path: "/login",
        method: "POST",
        headers: form,
        body: new URLSearchParams({ username: "karen.moore", password }).toString(),
      });
    for (let i = 0; i < 2; i++) expect((await attempt(`wrong-${i}`)).status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 26 }, (_, i) => attempt(i === 20 ? DEMO_PASSWORD : `burst-${i}`)),
    );
    const processed = burst.filter((r) => r.status !== 429);
    expect(processed.length).toBeLessThanOrEqual(8);
    expect(burst[20]!.status).toBe(429);
    expect(burst.some((r) => r.status === 302)).toBe(false);
    expect(burst[25]!.text).toMatch(
      /Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./,
    );
  });
});

describe("4. per-requester limits trust only verified sessions", () => {
  it("a made-up session cookie per request counts as the address", async () => {
    const from = "127.0.0.6";
    const fake = () =>
      `__Host-storyloom_session=${crypto.randomBytes(24).toString("base64url")}.${crypto.randomBytes(32).toString("base64url")}`;
    const tokens = [];
    for (let i = 0; i < 6; i++)
      tokens.push(
        await send({
          port,
          from,
          path: "/auth/token",
          method: "POST",
          headers: form,
          cookie: fake(),
          body: "token=nope",
        }),
      );
    expect(tokens.slice(0, 5).every((r) => r.status !== 429)).toBe(true);
    expect(tokens[5]!.status).toBe(429);
    // Remix's data requests are the same posts
    expect(
      (
        await send({
          port,
          from,
          path: "/invite.data",
          method: "POST",
          headers: form,
          cookie: fake(),
          body: "token=nope",
        })
      ).status,
    ).toBe(429);
    const api = [];
    for (let i = 0; i < 41; i++)
      api.push(await send({ port, from, path: "/api/stats", cookie: fake() }));
    expect(api[40]!.status).toBe(429);
    // someone really signed in on that address has their own bucket
    const staff = await signIn(port, "marcus", { from });
    expect((await send({ port, from, path: "/api/stats", cookie: staff })).status).toBe(200);
  });
});

describe("5. a stranger cannot lock the owner out", () => {
  it("ten wrong passwords from one address hold that address only", async () => {
    const attempt = (
      from: string,
      password: string,
      sub = "sunnybrook",
      username = "alex.kowalski",
    ) =>
      send({
        port,
        from,
        sub,
        path: "/login",
        method: "POST",
        headers: form,
        body: new URLSearchParams({ username, password }).toString(),
      });
    for (let i = 0; i < 10; i++)
      expect((await attempt("127.0.0.4", `guess-${i}`)).status).toBe(200);
    expect((await attempt("127.0.0.4", DEMO_PASSWORD)).status).toBe(429);
    // the owner, elsewhere, signs in
    expect((await attempt("127.0.0.5", DEMO_PASSWORD)).status).toBe(302);
    // a same-named account of another community is a different account
    for (let i = 0; i < 10; i++) await attempt("127.0.0.8", `guess-${i}`, "sunnybrook", "diego");
    expect((await attempt("127.0.0.8", DEMO_PASSWORD, "maplewood", "diego")).status).toBe(302);
  });
});

describe("6. weak passwords and the current-password check", () => {
  it("refuses 'aaaaaaaaaa' with words that say what to do", async () => {
    const cookie = await signIn(port, "harold.jensen", { from: "127.0.0.7" });
    const res = await send({
      port,
      from: "127.0.0.7",
      path: "/password",
      method: "POST",
      headers: form,
      cookie,
      body: new URLSearchParams({
        currentPassword: DEMO_PASSWORD,
        newPassword: "aaaaaaaaaa",
        confirmPassword: "aaaaaaaaaa",
      }).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Repeated characters like &quot;aaa&quot; are easy to guess.");
    expect(res.text).toContain("Please choose another");
  });

  it("throttles guesses of the current password like sign-ins", async () => {
    const from = "127.0.0.9";
    const cookie = await signIn(port, "evelyn.marsh", { from });
    const change = (currentPassword: string) =>
      send({
        port,
        from,
        path: "/password",
        method: "POST",
        headers: form,
        cookie,
        body: new URLSearchParams({
          currentPassword,
          newPassword: "plum-kettle-harbour-9",
          confirmPassword: "plum-kettle-harbour-9",
        }).toString(),
      });
    for (let i = 0; i < 10; i++)
      expect((await change(`not-it-${i}`)).text).toContain("That is not your current password");
    const refused = await change(DEMO_PASSWORD);
    expect(refused.text).toMatch(
      /Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./,
    );
    // the password was not changed
    expect((await signIn(port, "evelyn.marsh", { from: "127.0.0.10" })).length).toBeGreaterThan(0);
  });
});

describe("7. X-Forwarded-Host counts only with TRUST_PROXY=1", () => {
  it("leaves invitation and upload URLs on the Host the request came to", async () => {
    const staff = await signIn(port, "linda.admin");
    const forged = { "X-Forwarded-Host": "evil.example:6666", "X-Forwarded-Proto": "https" };
    const upload = await send({
      port,
      path: "/api/objects/upload",
      method: "POST",
      cookie: staff,
      headers: forged,
      body: "",
    });
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.text).uploadURL).toMatch(
      new RegExp(`^http://sunnybrook\\.storyloom\\.localhost:${port}/uploads/`),
    );
    const residents = JSON.parse(
      (await send({ port, path: "/api/residents", cookie: staff })).text,
    ) as { id: string }[];
    const added = await send({
      port,
      path: "/api/family-members",
      method: "POST",
      cookie: staff,
      headers: { ...json, ...forged },
      body: JSON.stringify({
        residentId: residents[0]!.id,
        name: "Forwarded Host",
        email: "fh@family.example",
        relationship: "Friend",
      }),
    });
    expect(added.status).toBe(201);
    const url = JSON.parse(added.text).invitation.url as string;
    expect(url).toMatch(
      new RegExp(`^http://sunnybrook\\.storyloom\\.localhost:${port}/invite\\?token=`),
    );
    expect(url).not.toContain("6666");
  });
});

describe("8. real filenames upload", () => {
  it("reads names with = ; quotes, non-Latin letters and emoji, and stores under a generated name", async () => {
    const family = await signIn(port, "lily.marsh");
    const photo = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#aa7744" },
    })
      .jpeg()
      .toBuffer();
    // as browsers send them: `"` as %22, everything else raw UTF-8
    const names = [
      "a=b.jpg",
      "a;b.jpg",
      "say %22cheese%22.jpg",
      "Fotoğraf_写真_фото.jpg",
      "birthday 🎂🎉.jpg",
      "x; filename=evil.jpg",
    ];
    for (const filename of names) {
      const b = boundary();
      const body = await multipartBuffer(b, { description: filename }, [
        { name: "photo", filename, type: "image/jpeg", data: photo },
      ]);
      const res = await send({
        port,
        path: "/api/family/photos",
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
        cookie: family,
        body,
      });
      expect(res.status, filename).toBe(201);
    }
    // and through the page's own form, without JavaScript
    const b = boundary();
    const body = await multipartBuffer(b, { intent: "share-photo", description: "From the form" }, [
      { name: "photo", filename: "a=b;c.jpg", type: "image/jpeg", data: photo },
    ]);
    const page = await send({
      port,
      path: "/family?dialog=photo",
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${b}` },
      cookie: family,
      body,
    });
    expect(page.status).toBe(302);
    const media = fs.readdirSync(path.join(server.dataDir, "tenants/sunnybrook/media"));
    expect(media.length).toBeGreaterThan(0);
    for (const f of media) expect(f).toMatch(/^[A-Za-z0-9_-]+(-\d+)?\.[a-z0-9]+$/);
  });
});

describe("the limits leave ordinary use alone", () => {
  it("a signed-in session that sends a long story is fine", async () => {
    const cookie = await signIn(port, "margaret.ellis");
    // 19,000 characters, escaped as a client such as Python's json.dumps sends them: 114 KB
    const body = `{"title":"A long one","category":"childhood","content":"${"\\u8a9e".repeat(19_000)}"}`;
    expect(body.length).toBeGreaterThan(100 * 1024);
    const res = await send({
      port,
      path: "/api/resident/stories",
      method: "POST",
      headers: json,
      cookie,
      body,
    });
    expect(res.status).toBe(201);
  });
  it("cookies of a sign-in include the known-device cookie", async () => {
    const res = await send({
      port,
      path: "/login",
      method: "POST",
      headers: form,
      body: new URLSearchParams({ username: "priya", password: DEMO_PASSWORD }).toString(),
    });
    expect(cookiesOf(res)).toMatch(/__Host-storyloom_known=/);
  });
});
