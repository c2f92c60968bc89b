import path from "node:path";
import { z } from "zod";

/**
 * Every setting of the store, read from the environment once at boot and validated here.
 * A bad value stops the start with a message naming the variable.
 */
const booleanString = z.enum(["true", "false"]).transform((value) => value === "true");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default("Rangoli Boutique <orders@rangoli.example>"),
  STORE_EMAIL: z.email().default("care@rangoli.example"),
  REDIS_URL: z.url().optional(),
  SEED_DEMO: booleanString.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).max(128).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_PUBLIC_URL: z.url().optional(),
});

/** Media goes to an S3-compatible bucket when all of these are set, to DATA_DIR/media when none is. */
const MEDIA_BUCKET_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "MEDIA_PUBLIC_URL",
] as const;

/** An S3-compatible bucket for media, and the public URL its files are served from (a CDN or the bucket). */
export type MediaBucket = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
};

/** The media bucket when all its variables are set; undefined when none is (media under DATA_DIR/media). */
function mediaBucketOf(e: z.infer<typeof envSchema>): MediaBucket | undefined {
  const {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    MEDIA_PUBLIC_URL: publicUrl,
  } = e;
  if (bucket && endpoint && region && accessKeyId && secretAccessKey && publicUrl)
    return {
      bucket,
      endpoint,
      region,
      accessKeyId,
      secretAccessKey,
      publicUrl: publicUrl.replace(/\/$/, ""),
    };
  const unset = MEDIA_BUCKET_VARIABLES.filter((name) => e[name] === undefined);
  if (unset.length === MEDIA_BUCKET_VARIABLES.length) return undefined;
  throw new ConfigError(
    `Invalid configuration:\n  ${MEDIA_BUCKET_VARIABLES.join(", ")} must be set together (missing: ${unset.join(", ")})`,
  );
}

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files when no DATABASE_URL is set; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  /** Uploaded media, when no mediaBucket is set. */
  mediaDir: string;
  /** Media in an S3-compatible bucket instead (all the S3_* variables and MEDIA_PUBLIC_URL set). */
  mediaBucket: MediaBucket | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  storeEmail: string;
  redisUrl: string | undefined;
  seedDemo: boolean;
  /** The first super admin, created or updated at start. */
  admin: { email: string; password: string } | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined))
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.resolve(e.DATA_DIR, "pg"),
    mediaDir: path.resolve(e.DATA_DIR, "media"),
    mediaBucket: mediaBucketOf(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    storeEmail: e.STORE_EMAIL,
    redisUrl: e.REDIS_URL,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
  };
}
