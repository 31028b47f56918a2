// The small pieces of email: configuration, the unsubscribe token, the templates' escaping, and
// the header decoding of the development outbox.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { decodeHeader, readHeaders } from "~/models/dev-outbox.server";
import { renderEmail } from "~/models/email-templates.server";
import { createUnsubscribeToken, readUnsubscribeToken } from "~/models/unsubscribe-token.server";
import { parseEnv } from "~/utils/env.server";
import { escapeHtml } from "~/utils/html";

const tmp = os.tmpdir();
const SECRET = "s".repeat(40);

describe("mail configuration", () => {
  it("defaults: no mail server (files), a no-reply sender on APP_DOMAIN, links to the local port outside production", () => {
    const e = parseEnv({ DATA_DIR: tmp, PORT: "3456" });
    expect(e.SMTP_URL).toBeNull();
    expect(e.MAIL_FROM).toBe("no-reply@storyloom.localhost");
    expect(e.PUBLIC_URL).toBe("http://storyloom.localhost:3456");
    const prod = parseEnv({
      NODE_ENV: "production",
      DATA_DIR: tmp,
      SESSION_SECRET: SECRET,
      APP_DOMAIN: "storyloom.example",
    });
    expect(prod.PUBLIC_URL).toBe("https://storyloom.example");
    expect(parseEnv({ DATA_DIR: tmp, PUBLIC_URL: "https://Stories.Example.org/" }).PUBLIC_URL).toBe(
      "https://stories.example.org",
    );
  });

  it("refuses values that cannot work, naming them", () => {
    expect(() => parseEnv({ DATA_DIR: tmp, SMTP_URL: "mail.example:25" })).toThrow(
      /SMTP_URL must look like smtp:\/\//,
    );
    expect(() => parseEnv({ DATA_DIR: tmp, MAIL_FROM: "nobody" })).toThrow(
      /MAIL_FROM must be an email address/,
    );
    expect(() => parseEnv({ DATA_DIR: tmp, PUBLIC_URL: "storyloom.example/path" })).toThrow(
      /PUBLIC_URL must be the marketing site's origin/,
    );
    expect(parseEnv({ DATA_DIR: tmp, SMTP_URL: "smtps://u:p@mail.example:465" }).SMTP_URL).toBe(
      "smtps://u:p@mail.example:465",
    );
  });
});

describe("unsubscribe tokens", () => {
  it("name one person of one community and cannot be changed or moved", () => {
    const token = createUnsubscribeToken({ communityId: "c1", userId: "u1" }, SECRET);
    expect(readUnsubscribeToken(token, "c1", SECRET)).toEqual({ communityId: "c1", userId: "u1" });
    expect(readUnsubscribeToken(token, "c2", SECRET)).toBeNull();
    expect(readUnsubscribeToken(token, "c1", "t".repeat(40))).toBeNull();
    const [, mac] = token.split(".");
    const other = Buffer.from(JSON.stringify(["c1", "u2"])).toString("base64url");
    expect(readUnsubscribeToken(`${other}.${mac}`, "c1", SECRET)).toBeNull();
    expect(readUnsubscribeToken("", "c1", SECRET)).toBeNull();
    expect(readUnsubscribeToken(`${token}.x`, "c1", SECRET)).toBeNull();
    expect(readUnsubscribeToken("x".repeat(1000), "c1", SECRET)).toBeNull();
  });
});

describe("email templates", () => {
  it("escape what people wrote in the HTML and keep it readable in the text", () => {
    const mail = renderEmail({
      communityName: "Oak & Elm",
      origin: "https://oak.storyloom.example",
      heading: 'Sam commented on "<b>Kites</b>"',
      quote: "<script>alert(1)</script>",
      action: {
        label: "Read the comment",
        url: "https://oak.storyloom.example/stories/1#comments",
      },
      unsubscribeUrl: "https://oak.storyloom.example/unsubscribe/t",
      reason: "Because.",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Oak &amp; Elm");
    expect(mail.text).toContain('Sam commented on "<b>Kites</b>"');
    expect(mail.text).toContain("> <script>alert(1)</script>");
    expect(mail.text).toContain(
      "Read the comment: https://oak.storyloom.example/stories/1#comments",
    );
    expect(mail.text).toContain(
      "Stop all emails from Oak & Elm: https://oak.storyloom.example/unsubscribe/t",
    );
    expect(escapeHtml(`'"`)).toBe("&#39;&quot;");
    expect(escapeHtml(`<a href="x">'&'</a>`, { quotes: false })).toBe(
      `&lt;a href="x"&gt;'&amp;'&lt;/a&gt;`,
    );
  });
});

describe("the development outbox's headers", () => {
  it("decodes encoded words and folded lines", () => {
    expect(decodeHeader("=?UTF-8?Q?Caf=C3=A9_Days?=")).toBe("Café Days");
    expect(decodeHeader("=?UTF-8?B?Q2Fmw6kgRGF5cw==?=")).toBe("Café Days");
    const headers = readHeaders(
      "Subject: =?UTF-8?Q?A_long?=\n =?UTF-8?Q?_subject?=\nTo: Dora <d@x.example>\n\nbody: not a header\n",
    );
    expect(headers).toEqual({ subject: "A long subject", to: "Dora <d@x.example>" });
  });
});
