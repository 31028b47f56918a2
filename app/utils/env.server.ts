// Configuration, parsed once at boot. A bad value stops the server with a message that names it.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import * as z from "zod";

const boolFlag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  APP_NAME: z.string().min(1).default("Storyloom"),
  APP_DOMAIN: z
    .string()
    .min(1)
    .regex(
      /^[a-z0-9.-]+$/,
      "APP_DOMAIN must be a bare host name such as storyloom.example (no scheme, no port)",
    )
    .default("storyloom.localhost"),
  DEFAULT_TENANT: z.string().optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  DEV_LOGIN: boolFlag.optional(),
  WHISPER_MODEL: z.string().optional(),
  TRUST_PROXY: boolFlag.optional(),
  SUPER_ADMIN_PASSWORD: z
    .string()
    .min(12, "SUPER_ADMIN_PASSWORD must be at least 12 characters")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/\S+$/,
      "SMTP_URL must look like smtp://user:password@mail.example:587 or smtps://...",
    )
    .optional(),
  MAIL_FROM: z
    .email("MAIL_FROM must be an email address such as no-reply@storyloom.example")
    .optional(),
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$/i,
      "PUBLIC_URL must be the marketing site's origin, such as https://storyloom.example",
    )
    .optional(),
});

export type Env = {
  NODE_ENV: "development" | "production" | "test";
  isProduction: boolean;
  PORT: number;
  DATA_DIR: string;
  APP_NAME: string;
  APP_DOMAIN: string;
  DEFAULT_TENANT: string | null;
  SESSION_SECRET: string;
  DEV_LOGIN: boolean;
  WHISPER_MODEL: string | null;
  TRUST_PROXY: boolean;
  SUPER_ADMIN_PASSWORD: string | null;
  /** null: no mail server; every message is written to DATA_DIR/outbox/ as an .eml file */
  SMTP_URL: string | null;
  MAIL_FROM: string;
  /** scheme, host and port of the marketing site; a community's site adds its subdomain (links in emails) */
  PUBLIC_URL: string;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  // empty strings mean "unset", as they do in most .env files
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Storyloom cannot start: invalid configuration\n${lines.join("\n")}`);
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  let secret = e.SESSION_SECRET;
  if (!secret) {
    if (isProduction) {
      throw new Error(
        "Storyloom cannot start: SESSION_SECRET is required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)",
      );
    }
    secret = localSecret(dataDir);
  }
  return {
    NODE_ENV: e.NODE_ENV,
    isProduction,
    PORT: e.PORT,
    DATA_DIR: dataDir,
    APP_NAME: e.APP_NAME,
    APP_DOMAIN: e.APP_DOMAIN.toLowerCase(),
    DEFAULT_TENANT: e.DEFAULT_TENANT ?? (isProduction ? null : "sunnybrook"),
    SESSION_SECRET: secret,
    DEV_LOGIN: e.DEV_LOGIN ?? !isProduction,
    WHISPER_MODEL: e.WHISPER_MODEL ? path.resolve(e.WHISPER_MODEL) : null,
    TRUST_PROXY: e.TRUST_PROXY ?? false,
    SUPER_ADMIN_PASSWORD: e.SUPER_ADMIN_PASSWORD ?? null,
    SMTP_URL: e.SMTP_URL ?? null,
    MAIL_FROM: e.MAIL_FROM ?? `no-reply@${e.APP_DOMAIN.toLowerCase()}`,
    PUBLIC_URL: (
      e.PUBLIC_URL ??
      (isProduction ? `https://${e.APP_DOMAIN}` : `http://${e.APP_DOMAIN}:${e.PORT}`)
    )
      .replace(/\/$/, "")
      .toLowerCase(),
  };
}

/** A local run keeps a generated secret in DATA_DIR so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, fresh, { mode: 0o600 });
  return fresh;
}

let cached: Env | null = null;

export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

/** Tests point the app at another DATA_DIR; this forgets the parsed configuration. */
export function resetEnvForTests() {
  cached = null;
}
