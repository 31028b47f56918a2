// Sending one email: through SMTP when SMTP_URL is set, otherwise as an RFC 822 .eml file in
// DATA_DIR/outbox/{subdomain}/ (development, tests, a facility without a mail server). The queue and
// its retries live in models/email-outbox.server.ts; this module only delivers a message it is given.
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "./env.server";

export type OutgoingMail = {
  /** the queue row's id: also the Message-ID and the .eml file name, so a retry is the same message */
  id: string;
  /** the community's subdomain (from the registry row), for the outbox folder and a header */
  subdomain: string;
  fromName: string;
  to: { name: string | null; address: string };
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string | null;
};

export type Delivery = { via: "smtp"; response: string } | { via: "file"; file: string };

/** An SMTP answer or a connection failure, and whether trying again later can help. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    public permanent: boolean,
  ) {
    super(message);
  }
}

const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function outboxDir(dataDir = env().DATA_DIR) {
  return path.join(dataDir, "outbox");
}

export function communityOutboxDir(subdomain: string, dataDir = env().DATA_DIR) {
  if (!/^[a-z0-9-]{1,63}$/.test(subdomain))
    throw new Error(`Unsafe community folder name: ${subdomain}`);
  return path.join(outboxDir(dataDir), subdomain);
}

type Transport = ReturnType<typeof nodemailer.createTransport>;
const g = globalThis as typeof globalThis & {
  __storyloomSmtp?: { url: string; transport: Transport };
};

function smtpTransport(url: string): Transport {
  if (g.__storyloomSmtp?.url === url) return g.__storyloomSmtp.transport;
  const transport = nodemailer.createTransport(url, {
    // a mail server that does not answer must not hold the queue for long
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  g.__storyloomSmtp = { url, transport };
  return transport;
}

function messageOf(mail: OutgoingMail) {
  const { APP_DOMAIN, MAIL_FROM } = env();
  if (!SAFE_NAME.test(mail.id)) throw new Error(`Unsafe message id: ${mail.id}`);
  const headers: Record<string, string> = {
    "X-Storyloom-Community": mail.subdomain,
    "Auto-Submitted": "auto-generated",
  };
  if (mail.unsubscribeUrl) headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  return {
    messageId: `<${mail.id}@${APP_DOMAIN}>`,
    from: { name: mail.fromName, address: MAIL_FROM },
    to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers,
    list: mail.unsubscribeUrl
      ? { unsubscribe: { url: mail.unsubscribeUrl, comment: "Unsubscribe" } }
      : undefined,
  };
}

/** Builds the RFC 822 bytes of a message without sending it. */
export async function composeMail(mail: OutgoingMail): Promise<Buffer> {
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(messageOf(mail));
  return info.message as Buffer;
}

/** Delivers one message. Throws DeliveryError; `permanent` when the server refused it for good (5xx). */
export async function deliverMail(mail: OutgoingMail): Promise<Delivery> {
  const { SMTP_URL } = env();
  if (!SMTP_URL) {
    const bytes = await composeMail(mail);
    const dir = communityOutboxDir(mail.subdomain);
    fs.mkdirSync(dir, { recursive: true });
    // written whole, then renamed: a reader never sees half a message, and a retry replaces the file
    const file = path.join(dir, `${mail.id}.eml`);
    const tmp = path.join(dir, `.tmp-${mail.id}`);
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
    return { via: "file", file };
  }
  try {
    const info = await smtpTransport(SMTP_URL).sendMail(messageOf(mail));
    return { via: "smtp", response: String(info.response ?? "") };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    throw new DeliveryError(
      (error as Error).message,
      typeof code === "number" && code >= 500 && code < 600,
    );
  }
}
