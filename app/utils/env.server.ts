// Configuration, parsed once at boot. A bad value stops the server with a message that names it
// and says what it expects. Every variable the app, server/ and scripts/ read is declared here;
// docs/configuration.md lists them.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import * as z from "zod";
import { DEFAULT_APP_NAME } from "./app-name";

const boolFlag = z
  .enum(["0", "1", "true", "false"], { error: "expected 1, 0, true or false" })
  .transform((v) => v === "1" || v === "true");

/** A whole number from `min` to `max`; anything else (a word, a fraction, out of range) is refused. */
const wholeNumber = (min: number, max: number) => {
  const expected = `expected a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: expected })
    .int({ error: expected })
    .min(min, { error: expected })
    .max(max, { error: expected });
};

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: wholeNumber(1, 65535).default(3000),
  REMIX_BUILD_DIR: z.string().min(1).default("build"),
  DATA_DIR: z.string().min(1).default("./data"),
  TENANT_DB_CACHE: wholeNumber(1, 100_000).default(100),
  APP_NAME: z.string().min(1).default(DEFAULT_APP_NAME),
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
  WHISPER_BIN: z.string().min(1).default("bin/whisper-main"),
  WHISPER_MODEL_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, "WHISPER_MODEL_URL must be an http:// or https:// address")
    .optional(),
  FFMPEG_PATH: z.string().optional(),
  TRANSCRIBE_CONCURRENCY: wholeNumber(1, 64).optional(),
  PDF_ZIP_CONCURRENCY: wholeNumber(1, 16).default(2),
  // request limits: 0 switches one off
  API_RATE_LIMIT_PER_MINUTE: wholeNumber(0, 1_000_000).default(600),
  UPLOAD_RATE_LIMIT: wholeNumber(0, 1_000_000).default(60),
  TOKEN_RATE_LIMIT: wholeNumber(0, 1_000_000).default(60),
  UPLOAD_MEMORY_MB: wholeNumber(0, 1_000_000).default(50),
  UPLOAD_READ_MB_PER_SECOND: wholeNumber(0, 100_000).default(64),
  SUPER_ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, "SUPER_ADMIN_EMAIL must be an email address")
    .default("superadmin@localhost"),
  SEED_DEMO: boolFlag.default(false),
  SEED_IN_PRODUCTION: boolFlag.default(false),
  RESTORE_WHILE_RUNNING: boolFlag.default(false),
  LITESTREAM_REPLICA_URL: z.string().optional(),
  LITESTREAM_BIN: z.string().min(1).default("litestream"),
  LOCALES_DIR: z.string().min(1).default("app/locales"),
  PSEUDO_LOCALE: boolFlag.default(false),
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
  /** absolute: the compiled app (index.js) and its browser files (client/) */
  REMIX_BUILD_DIR: string;
  /** how many community databases stay open at once */
  TENANT_DB_CACHE: number;
  /** absolute: whisper.cpp's `main` */
  WHISPER_BIN: string;
  /** where the setup script downloads a model from; null: Hugging Face's whisper.cpp models */
  WHISPER_MODEL_URL: string | null;
  /** absolute; null: the first ffmpeg on PATH */
  FFMPEG_PATH: string | null;
  /** null: from the number of cores */
  TRANSCRIBE_CONCURRENCY: number | null;
  /** how many PDFs and zips one process makes at once; a few more wait, the rest get 503 */
  PDF_ZIP_CONCURRENCY: number;
  API_RATE_LIMIT_PER_MINUTE: number;
  UPLOAD_RATE_LIMIT: number;
  TOKEN_RATE_LIMIT: number;
  UPLOAD_MEMORY_MB: number;
  UPLOAD_READ_MB_PER_SECOND: number;
  SUPER_ADMIN_EMAIL: string;
  SEED_DEMO: boolean;
  SEED_IN_PRODUCTION: boolean;
  RESTORE_WHILE_RUNNING: boolean;
  LITESTREAM_REPLICA_URL: string | null;
  LITESTREAM_BIN: string;
  /** absolute: one folder per language, one JSON catalog per namespace */
  LOCALES_DIR: string;
  /** offer the pseudo-locale en-XA (tests that look for text outside the catalogs) */
  PSEUDO_LOCALE: boolean;
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
    REMIX_BUILD_DIR: path.resolve(e.REMIX_BUILD_DIR),
    TENANT_DB_CACHE: e.TENANT_DB_CACHE,
    WHISPER_BIN: path.resolve(e.WHISPER_BIN),
    WHISPER_MODEL_URL: e.WHISPER_MODEL_URL ?? null,
    FFMPEG_PATH: e.FFMPEG_PATH ? path.resolve(e.FFMPEG_PATH) : null,
    TRANSCRIBE_CONCURRENCY: e.TRANSCRIBE_CONCURRENCY ?? null,
    PDF_ZIP_CONCURRENCY: e.PDF_ZIP_CONCURRENCY,
    API_RATE_LIMIT_PER_MINUTE: e.API_RATE_LIMIT_PER_MINUTE,
    UPLOAD_RATE_LIMIT: e.UPLOAD_RATE_LIMIT,
    TOKEN_RATE_LIMIT: e.TOKEN_RATE_LIMIT,
    UPLOAD_MEMORY_MB: e.UPLOAD_MEMORY_MB,
    UPLOAD_READ_MB_PER_SECOND: e.UPLOAD_READ_MB_PER_SECOND,
    SUPER_ADMIN_EMAIL: e.SUPER_ADMIN_EMAIL,
    SEED_DEMO: e.SEED_DEMO,
    SEED_IN_PRODUCTION: e.SEED_IN_PRODUCTION,
    RESTORE_WHILE_RUNNING: e.RESTORE_WHILE_RUNNING,
    LITESTREAM_REPLICA_URL: e.LITESTREAM_REPLICA_URL ?? null,
    LITESTREAM_BIN: e.LITESTREAM_BIN,
    LOCALES_DIR: path.resolve(e.LOCALES_DIR),
    PSEUDO_LOCALE: e.PSEUDO_LOCALE,
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

/** For commands: the configuration, or its message on stderr and exit code 1 (no stack trace). */
export function envOrExit(): Env {
  try {
    return env();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** Tests point the app at another DATA_DIR; this forgets the parsed configuration. */
export function resetEnvForTests() {
  cached = null;
}
