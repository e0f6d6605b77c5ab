import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createECDH } from "node:crypto";
import { join, resolve } from "node:path";
import * as v from "valibot";
import type { BlobConfig } from "./lib/blob-store-open";
import { type AllowRule, parseAllowList } from "./lib/net/address";

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535)), "8080"),
  HOST: v.optional(v.string(), "0.0.0.0"),
  DATA_DIR: v.optional(v.string(), "data"),
  NODE_ENV: v.optional(v.string(), "production"),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(16))),
  JWT_REFRESH_SECRET: v.optional(v.pipe(v.string(), v.minLength(16))),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email())),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(5))),
  LOG_LEVEL: v.optional(v.picklist(["debug", "info", "warn", "error", "silent"]), "info"),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => typeof parseTrustProxy(s) !== "string", "expected false, true, a hop count (1-10) or a list of proxy addresses/CIDR ranges"),
    ),
    "false",
  ),
  TZ: v.optional(v.string(), "America/Sao_Paulo"),
  /** Length of one "second" of the campaign pacing settings, in ms (tests shorten it). */
  CAMPAIGN_SECOND_MS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(60_000)), "1000"),
  WA_WS_URL: v.optional(v.string()),
  WA_TEST_ROOT_KEY: v.optional(v.string()),
  OPENAI_BASE_URL: v.optional(v.pipe(v.string(), v.regex(/^(https?:\/\/\S+)?$/, "must be an http(s) URL")), ""),
  DIALOGFLOW_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, "must be an http(s) URL")), "https://dialogflow.googleapis.com"),
  SPEECH_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, "must be an http(s) URL")),
    "https://{region}.tts.speech.microsoft.com/cognitiveservices/v1",
  ),
  STORAGE_LOW_MB: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0))),
  BALLAST_MB: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(4096))),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16))),
  ENCRYPTION_KEY: v.optional(v.pipe(v.string(), v.minLength(32))),
  // Only PostgreSQL: SQLite needs no URL (its database is app.db in the data folder). The value is never printed whole.
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^(postgres(ql)?:\/\/\S+)?$/i, "must be a PostgreSQL URL, e.g. postgres://user:password@host:5432/balcao")),
  ),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^/\s?#]+\/?$/, "must be the origin people open, e.g. https://balcao.example.com"))),
  AUDIT_RETENTION_DAYS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(3650)), "365"),
  /** Who push services contact about our notifications (a mailto: or https: URL); ADMIN_EMAIL when unset. */
  /** Web Push keys shared by several nodes (both or neither; unset: generated into secrets.json). */
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (87 characters)"))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (43 characters)"))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL"))),
  CLOUD_API_URL: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, "must be an http(s) URL")), "https://graph.facebook.com/v21.0"),
  OUTBOUND_ALLOW: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => typeof parseAllowList(s) !== "string", "expected a comma-separated list of host names (or *.domain), addresses and CIDR ranges"),
    ),
    "",
  ),
  /** Files in an S3-compatible bucket instead of data/media (S3_URL and its companions; unset: the local folder). */
  S3_URL: v.optional(
    v.pipe(v.string(), v.regex(/^(https?:\/\/[^\s/?#]+\/?)?$/, "must be the service's http(s) origin, e.g. https://s3.eu-west-1.amazonaws.com")),
  ),
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)")),
  ),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, "must be a region name, e.g. us-east-1")), "us-east-1"),
  S3_PATH_STYLE: v.optional(v.picklist(["true", "false"], "must be true or false"), "true"),
  S3_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^([A-Za-z0-9][A-Za-z0-9._-]{0,60}\/?)?$/, "must be one folder name, e.g. balcao"))),
});

/** The variables S3_URL needs beside it. */
const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  dbPath: string;
  /** PostgreSQL to serve from (DATABASE_URL); unset: the SQLite database `dbPath`. */
  databaseUrl?: string;
  env: string;
  isTest: boolean;
  jwtSecret: string;
  jwtRefreshSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  trustProxy: TrustProxy;
  timezone: string;
  /** Length of one second of campaign pacing (CAMPAIGN_SECOND_MS; 1000 in production). */
  campaignSecondMs: number;
  /** Honoured only when NODE_ENV=test: the WhatsApp WebSocket URL and certificate root override. */
  waWsUrl?: string;
  waTestRootKey?: string;
  /** OpenAI-compatible server of the AI prompts ("" = OpenAI itself). */
  openaiBaseUrl: string;
  /** Dialogflow ES REST base (the token URL comes from each service account's token_uri). */
  dialogflowApiUrl: string;
  /** Text-to-speech endpoint of the prompts' voices; `{region}` is the prompt's voiceRegion. */
  speechUrl: string;
  /** Free space (bytes) under which bulk work is refused and /readyz fails (undefined: scaled to the disk). */
  storageLowBytes?: number;
  /** Size (bytes) of the ballast kept in the data folder, released when the disk fills (0 = none; undefined: scaled to the disk). */
  ballastBytes?: number;
  /** A bearer token that may read /metrics without a session (Prometheus). */
  metricsToken?: string;
  /** Seals stored secrets of the accounts (authenticator-app secrets) and peppers recovery codes. */
  encryptionKey: string;
  /** The origin people open (PUBLIC_URL): the passkeys' relying party; unset, the request's own origin is used. */
  publicUrl?: string;
  /** Days the audit log keeps its entries (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays: number;
  /** Web Push identity (VAPID, RFC 8292): keys generated into secrets.json at first boot, and the contact subject. */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Base of Meta's Graph API (version included) for WhatsApp Cloud API connections. */
  cloudApiUrl: string;
  /** Hosts and address ranges outbound requests of companies may reach although the policy refuses them (OUTBOUND_ALLOW). */
  outboundAllow: AllowRule[];
  /** Where files live: the media folder under the data folder (default), or an S3-compatible bucket (S3_URL). */
  blobs: BlobConfig;
}

/** Where files are, in words safe to print and to store in a backup's manifest (no credentials). */
export const blobLocation = (b: BlobConfig) => (b.kind === "local" ? "data/media" : `s3://${b.bucket}/${b.prefix}`);

/** Where the files are when a backup of the data folder does not hold them (a bucket), else undefined. */
export const filesElsewhere = (b: BlobConfig) => (b.kind === "local" ? undefined : blobLocation(b));

/**
 * Which proxies stand in front of us (TRUST_PROXY): none ("false"), a hop count ("true" = 1, or a
 * number), or a comma-separated list of proxy addresses / CIDR ranges.
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cidrs"; cidrs: string[] };

/** Parses TRUST_PROXY; answers an error message for a value that is none of the accepted forms. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return { kind: "none" };
  if (value === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(value)) return Number(value) > 0 && Number(value) <= 10 ? { kind: "hops", hops: Number(value) } : "a hop count from 1 to 10";
  const cidrs = value
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  const ok = cidrs.every((c) => /^(\d{1,3}(\.\d{1,3}){3}(\/(\d|[12]\d|3[0-2]))?|[0-9a-f:]+(\/\d{1,3})?)$/.test(c));
  return ok && cidrs.length ? { kind: "cidrs", cidrs } : "false, true, a hop count, or a list of proxy addresses/CIDR ranges";
}

/** A new VAPID key pair (P-256), base64url as browsers and web-push take it. */
function vapidKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  // web-push wants the 32-byte scalar (a leading zero byte may be left out by getPrivateKey)
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString("base64url") };
}

/**
 * Reads a secret from env, else from data/secrets.json, generating it on first boot so restarts keep
 * sessions (and browsers' push subscriptions, which are bound to the VAPID public key). `readOnly`:
 * nothing is written; a missing secret is generated for this process only.
 */
function loadSecrets(
  dataDir: string,
  env: { JWT_SECRET?: string; JWT_REFRESH_SECRET?: string; ENCRYPTION_KEY?: string; VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string },
  readOnly = false,
) {
  const file = join(dataDir, "secrets.json");
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8"));
  const gen = () => Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  let changed = false;
  for (const key of ["jwtSecret", "jwtRefreshSecret", "encryptionKey"]) {
    if (!stored[key]) {
      stored[key] = gen();
      changed = true;
    }
  }
  if (!stored.vapidPublicKey || !stored.vapidPrivateKey) {
    const keys = vapidKeys();
    stored.vapidPublicKey = keys.publicKey;
    stored.vapidPrivateKey = keys.privateKey;
    changed = true;
  }
  if (changed && !readOnly) writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret,
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? stored.jwtRefreshSecret,
    encryptionKey: env.ENCRYPTION_KEY ?? stored.encryptionKey,
    // Several nodes share one pair (a browser's push subscription is bound to the public key it saw).
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey },
  };
}

/** Tightens a file's or folder's mode when we own it (an operator's looser choice on a mount is fixed, never fatal). */
export function ownerOnly(path: string, mode: number) {
  try {
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  } catch {
    // not ours to change (a read-only or foreign mount): the boot goes on
  }
}

const mbOrAuto = (mb: number | undefined, isTest: boolean) => (mb !== undefined ? mb * 1024 * 1024 : isTest ? 0 : undefined);

/** An invalid environment; the message names each bad variable. */
export class ConfigError extends Error {}

/** Validates the environment (no side effects); throws ConfigError with one line per bad variable. */
export function parseEnv(env: Record<string, string | undefined>) {
  const parsed = v.safeParse(EnvSchema, env);
  if (!parsed.success) {
    // One line per variable: its first problem (a non-number PORT also fails the range checks).
    const byVar = new Map<string, string>();
    for (const i of parsed.issues) if (!byVar.has(v.getDotPath(i) ?? "?")) byVar.set(v.getDotPath(i) ?? "?", i.message);
    const lines = [...byVar].map(([name, message]) => `  ${name}: ${message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (!parsed.output.VAPID_PUBLIC_KEY !== !parsed.output.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  ${parsed.output.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: required with the other VAPID key`,
    );
  const missing = parsed.output.S3_URL ? S3_REQUIRED.filter((name) => !parsed.output[name]) : [];
  if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when S3_URL is set`).join("\n")}`);
  return parsed.output;
}

/**
 * Parses the environment into a typed config; exits with a clear message when invalid. It creates
 * the data folder and its secrets, unless `readOnly` (operator commands that only read: doctor, verify).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, opts: { readOnly?: boolean } = {}): Config {
  let e: ReturnType<typeof parseEnv>;
  try {
    e = parseEnv(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const dataDir = resolve(e.DATA_DIR);
  if (!opts.readOnly) {
    // The data folder holds the database, secrets and customers' media: owner only (0700).
    mkdirSync(join(dataDir, "media"), { recursive: true, mode: 0o700 });
    for (const dir of [dataDir, join(dataDir, "media")]) ownerOnly(dir, 0o700);
  }
  const { vapidKeys: vapid, ...secrets } = loadSecrets(dataDir, e, opts.readOnly);
  const isTest = e.NODE_ENV === "test";
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: join(dataDir, "media"),
    dbPath: join(dataDir, "app.db"),
    databaseUrl: e.DATABASE_URL?.trim() || undefined,
    env: e.NODE_ENV,
    isTest,
    ...secrets,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) as TrustProxy,
    timezone: e.TZ,
    campaignSecondMs: e.CAMPAIGN_SECOND_MS,
    waWsUrl: isTest ? e.WA_WS_URL : undefined,
    waTestRootKey: isTest ? e.WA_TEST_ROOT_KEY : undefined,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    dialogflowApiUrl: e.DIALOGFLOW_API_URL.replace(/\/+$/, ""),
    speechUrl: e.SPEECH_URL,
    // Unset in production: scaled to the data disk's size (src/ops/storage.ts defaultStorageMarks).
    storageLowBytes: mbOrAuto(e.STORAGE_LOW_MB, isTest),
    ballastBytes: mbOrAuto(e.BALLAST_MB, isTest),
    metricsToken: e.METRICS_TOKEN,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ""),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    vapid: { ...vapid, subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL ?? "admin@localhost"}` },
    cloudApiUrl: e.CLOUD_API_URL.replace(/\/+$/, ""),
    outboundAllow: parseAllowList(e.OUTBOUND_ALLOW) as AllowRule[],
    blobs: e.S3_URL
      ? {
          kind: "s3",
          endpoint: e.S3_URL.replace(/\/+$/, ""),
          bucket: e.S3_BUCKET as string,
          accessKeyId: e.S3_ACCESS_KEY_ID as string,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
          region: e.S3_REGION,
          pathStyle: e.S3_PATH_STYLE === "true",
          prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/+$/, "")}/` : "",
        }
      : { kind: "local" },
  };
}
