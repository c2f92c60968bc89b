import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { GST_STATE_CODES } from "../contract/indian-states";
import { DEFAULT_HOLD_MINUTES } from "../contract/hold-time";
import { rupeesToPaise } from "../contract/money";
import type { PhonePeSettings } from "./payments/phonepe-client";
import { DELHIVERY_HOSTS } from "./shipping/delhivery-protocol";
import type { DelhiverySettings } from "./shipping/delhivery-http";
import type { WhatsAppSettings } from "./messaging/whatsapp-client";
import { TEMPLATE_KEYS, TEMPLATES, type TemplateKey } from "./messaging/whatsapp-templates";
import { WHATSAPP_HOST } from "./messaging/whatsapp-protocol";

/**
 * Every setting of the store, read from the environment once at boot and validated here.
 * A bad value stops the start with a message naming the variable.
 */
const booleanString = z.enum(["true", "false"]).transform((value) => value === "true");

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

const isAddressOrRange = (entry: string) => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies' X-Forwarded-For (and -Host, -Proto) to believe: a hop count, or the proxies' addresses and
 * CIDR ranges. Unset, no proxy is trusted and the client is the address that connected.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context) => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: "custom",
      message: "must be a hop count (such as 1) or a comma-separated list of addresses and CIDR ranges",
    });
    return z.NEVER;
  });

/** WHATSAPP_TEMPLATE_NAMES: `orderShipped=rangoli_shipped,loginCode=rangoli_otp`, keys of TEMPLATE_KEYS. */
const templateNamesSetting = z
  .string()
  .trim()
  .transform((value, context) => {
    const names: Partial<Record<TemplateKey, string>> = {};
    for (const pair of value.split(",").filter((entry) => entry.trim())) {
      const [key = "", name = ""] = pair.split("=").map((part) => part.trim());
      const known = TEMPLATE_KEYS.find((candidate) => candidate === key);
      if (!known || !/^[a-z0-9_]{1,512}$/.test(name)) {
        context.addIssue({
          code: "custom",
          message: `must be key=name pairs, the keys among ${TEMPLATE_KEYS.join(", ")} and the names in lower case, digits and _`,
        });
        return z.NEVER;
      }
      names[known] = name;
    }
    return names;
  });

/**
 * The supplier on GST invoices until GST_LEGAL_NAME, GST_ADDRESS and GSTIN are set: plainly a demo (the
 * GSTIN is of the right shape for Telangana, 36, and belongs to no one).
 */
export const DEMO_GST = {
  legalName: "Rangoli Boutique Demo Private Limited (demo)",
  address: "Plot 42, Road No. 10, Banjara Hills, Hyderabad, Telangana 500034",
  gstin: "36AAACR0000D1ZC",
} as const;

/** A GSTIN's shape: state code, PAN, entity number, Z, check character. */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** A limit: a whole number of 1 or more. */
const limitSetting = (fallback: number) =>
  z.coerce.number().int().min(1, { error: "must be a whole number of 1 or more" }).default(fallback);

/** An amount of rupees: 0 or more, at most two decimals. */
const rupeesSetting = (fallback: number) =>
  z.coerce
    .number()
    .min(0, { error: "must be an amount of rupees, 0 or more" })
    .max(100_000, { error: "must be at most 100000 rupees" })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: "must have at most two decimals",
    })
    .default(fallback);

/** The delivery charge's defaults: free from the spec's ₹1,999, ₹99 below (decision 038). */
export const DEFAULT_DELIVERY = { chargeRupees: 99, freeFromRupees: 1999 } as const;

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
  STORE_PROCESSES: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d*)$/, { error: "must be a whole number of 1 or more, or auto (one per core)" })
    .default("1"),
  SEED_DEMO: booleanString.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: "must be at least 12 characters" }).max(128).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PHONEPE_CLIENT_ID: z.string().min(1).optional(),
  PHONEPE_CLIENT_SECRET: z.string().min(1).optional(),
  PHONEPE_CLIENT_VERSION: z.string().min(1).default("1"),
  PHONEPE_ENV: z.enum(["sandbox", "production"]).default("sandbox"),
  /** Other hosts than PHONEPE_ENV's (a proxy, or another store's built-in sandbox in tests and the bench). */
  PHONEPE_OAUTH_BASE_URL: z.url().optional(),
  PHONEPE_PG_BASE_URL: z.url().optional(),
  PHONEPE_WEBHOOK_USERNAME: z
    .string()
    .regex(/^\w{5,20}$/, { error: "must be 5-20 letters, digits or _" })
    .optional(),
  PHONEPE_WEBHOOK_PASSWORD: z.string().min(8).max(64).optional(),
  // Delhivery B2C (issue 37): its API token turns the courier on; without one, outside production, the built-in
  // sandbox answers on this server (server/shipping/delhivery-sandbox.ts).
  DELHIVERY_API_TOKEN: z.string().min(8).optional(),
  DELHIVERY_ENV: z.enum(["staging", "production"]).default("staging"),
  /** Another host than DELHIVERY_ENV's (a proxy, or another store's built-in sandbox in tests). */
  DELHIVERY_BASE_URL: z.url().optional(),
  /** The pickup warehouse's name exactly as registered with Delhivery (the sandbox's, outside production). */
  DELHIVERY_WAREHOUSE: z.string().trim().min(1).max(100).default("RANGOLI-HYD"),
  /** The secret the store gave Delhivery for its scan pushes (sent as `Authorization: Bearer`). */
  DELHIVERY_PUSH_TOKEN: z.string().min(24, { error: "must be at least 24 characters" }).optional(),
  // WhatsApp Business Cloud API (issue 40, decision 053): its four credentials turn it on; without them,
  // outside production, the built-in sandbox answers on this server (server/messaging/whatsapp-sandbox.ts).
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, { error: "must be a system user's access token" }).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, { error: "must be the phone number's id (digits), not the number" })
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(16, { error: "must be the Meta app's secret" }).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d$/, { error: "must be a Graph API version such as v23.0" })
    .default("v23.0"),
  /** Another host than Meta's (a proxy, or another store's built-in sandbox in tests). */
  WHATSAPP_BASE_URL: z.url().optional(),
  /** The language the templates are approved in (Meta's code: en, en_US, hi). */
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: "must be a language code such as en, en_US or hi" })
    .default("en"),
  /** Templates approved under other names than server/messaging/whatsapp-templates.ts's: key=name,... */
  WHATSAPP_TEMPLATE_NAMES: templateNamesSetting.optional(),
  /** The business number's throughput (Meta's default, 80 messages a second). */
  WHATSAPP_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(80),
  TRUST_PROXY: trustProxySetting.optional(),
  // How long an order holds its stock for its payment, and who may hold how much (decision 035).
  ORDER_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(5, { error: "must be 5 to 60 minutes (PhonePe's limits)" })
    .max(60, { error: "must be 5 to 60 minutes (PhonePe's limits)" })
    .default(DEFAULT_HOLD_MINUTES),
  UNPAID_ORDERS_PER_ACCOUNT: limitSetting(2),
  UNPAID_PIECES_PER_ACCOUNT: limitSetting(30),
  UNPAID_ORDERS_PER_ADDRESS: limitSetting(10),
  PLACE_ORDERS_PER_ACCOUNT: limitSetting(10),
  PLACE_ORDERS_PER_ADDRESS: limitSetting(30),
  // The delivery charge and the subtotal from which delivery is free, in rupees (decision 038).
  DELIVERY_CHARGE_RUPEES: rupeesSetting(DEFAULT_DELIVERY.chargeRupees),
  FREE_DELIVERY_FROM_RUPEES: rupeesSetting(DEFAULT_DELIVERY.freeFromRupees),
  // Working days from payment to dispatch, the shipping policy's 15 (decision 042).
  DISPATCH_DAYS: z.coerce
    .number()
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be 1 to 30 days" })
    .max(30, { error: "must be 1 to 30 days" })
    .default(15),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_PUBLIC_URL: z.url().optional(),
  GST_LEGAL_NAME: z.string().trim().min(1).default(DEMO_GST.legalName),
  GST_ADDRESS: z.string().trim().min(1).default(DEMO_GST.address),
  GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(GSTIN_PATTERN, { error: "must be a 15-character GSTIN such as 36AAACR1234A1Z5" })
    .refine((gstin) => gstin.slice(0, 2) in GST_STATE_CODES, {
      error: "does not start with a state's GST code",
    })
    .default(DEMO_GST.gstin),
});

/** Where the built-in PhonePe sandbox answers on the store's own server. */
export const SANDBOX_PREFIX = "/phonepe-sandbox";
/** Where the built-in Delhivery sandbox answers on the store's own server. */
export const COURIER_SANDBOX_PREFIX = "/delhivery-sandbox";
/** Where the built-in WhatsApp sandbox answers on the store's own server. */
export const WHATSAPP_SANDBOX_PREFIX = "/whatsapp-sandbox";

const WHATSAPP_VARIABLES = [
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** PhonePe's hosts (../shared/reference/phonepe.md 1.1): production's token host differs from its PG host. */
const PHONEPE_HOSTS = {
  sandbox: {
    oauthBaseUrl: "https://api-preprod.phonepe.com/apis/pg-sandbox",
    pgBaseUrl: "https://api-preprod.phonepe.com/apis/pg-sandbox",
  },
  production: {
    oauthBaseUrl: "https://api.phonepe.com/apis/identity-manager",
    pgBaseUrl: "https://api.phonepe.com/apis/pg",
  },
} as const;

const PHONEPE_VARIABLES = [
  "PHONEPE_CLIENT_ID",
  "PHONEPE_CLIENT_SECRET",
  "PHONEPE_WEBHOOK_USERNAME",
  "PHONEPE_WEBHOOK_PASSWORD",
] as const;

/**
 * How long a client may take, so that slow or stalled connections do not hold the server's sockets: the
 * request's headers must arrive within `headersMs` and the whole request within `requestMs`; a connection
 * silent for `idleMs` (a client that stopped reading or sending) is closed, and an idle kept-alive one after
 * `keepAliveMs`, longer than the 60 s after which load balancers close theirs, so that they close first.
 * On SIGTERM, requests in flight get `shutdownGraceMs` to finish before the connections still open are
 * closed, and the process exits by `shutdownDeadlineMs` whatever still runs (under the 30 s a container
 * runtime or process manager waits before its SIGKILL).
 */
export const SERVER_TIMEOUTS = {
  headersMs: 15_000,
  requestMs: 60_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
  shutdownGraceMs: 10_000,
  shutdownDeadlineMs: 15_000,
};

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
  /**
   * How many store processes serve (server/processes.ts): 1 is this process alone; more, a small primary
   * process that forks that many (STORE_PROCESSES, `auto`: one per core).
   */
  processes: number;
  seedDemo: boolean;
  /** The first super admin, created or updated at start. */
  admin: { email: string; password: string } | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /**
   * PhonePe: the real one when its credentials are set; otherwise, outside production, the built-in sandbox
   * on this server (`sandbox: true`); null in production without credentials (the store takes no payment).
   */
  phonePe:
    | { sandbox: false; settings: PhonePeSettings }
    /** The sandbox's credentials are the install's own, in its database (payments/sandbox-credentials.ts). */
    | { sandbox: true; baseUrl: string }
    | null;
  /**
   * The courier (Delhivery): the real one when its token is set; otherwise, outside production, the built-in
   * sandbox on this server, whose token is the install's own (in its database); null in production without a
   * token (staff ship by hand and the delivery check says it cannot check).
   */
  courier:
    | { sandbox: false; settings: DelhiverySettings; warehouse: string; pushToken: string }
    | { sandbox: true; baseUrl: string; warehouse: string }
    | null;
  /**
   * WhatsApp (decision 053): the Cloud API when its credentials are set; otherwise, outside production, the
   * built-in sandbox on this server, whose credentials are the install's own (in its database); null in
   * production without credentials (the store then writes e-mail only).
   */
  whatsapp:
    | {
        sandbox: false;
        settings: Omit<WhatsAppSettings, "timeoutMs">;
        /** The Meta app's secret, which signs its webhooks. */
        appSecret: string;
        /** The string given to Meta for the webhook's verification handshake. */
        verifyToken: string;
      }
    | { sandbox: true; baseUrl: string; version: string }
    | null;
  /** The templates' names as approved (whatsapp-templates.ts, renamed by WHATSAPP_TEMPLATE_NAMES), their language. */
  whatsappTemplates: { language: string; names: Record<TemplateKey, string> };
  /** Messages a second the business number may send (Meta's throughput). */
  whatsappPerSecond: number;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  timeouts: typeof SERVER_TIMEOUTS;
  /** The supplier on tax invoices and credit notes; its state is the GSTIN's (docs/decisions/025-gst-invoices.md). */
  gst: { legalName: string; address: string; gstin: string };
  /** How long an order holds its stock, and the limits on orders awaiting payment (decision 035). */
  orderHolds: OrderHoldSettings;
  /** The delivery charge, and the subtotal from which delivery is free, in paise (decision 038). */
  delivery: { chargePaise: number; freeFromPaise: number };
  /** Working days from payment to dispatch. The first value of the owner's setting (decision 042). */
  dispatchDays: number;
};

export type OrderHoldSettings = {
  /** The window for paying an order, in minutes (PhonePe's expiry of its attempts is within it). */
  holdMinutes: number;
  /** Orders awaiting payment at once, and the pieces they hold, per account; orders per client address. */
  unpaidOrdersPerAccount: number;
  unpaidPiecesPerAccount: number;
  unpaidOrdersPerAddress: number;
  /** Place Order calls per 15 minutes, per account and per client address. */
  placeOrdersPerAccount: number;
  placeOrdersPerAddress: number;
};

export class ConfigError extends Error {}

/** A start that failed: a configuration problem is told by its message alone, anything else in full. */
export function exitOnStartFailure(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined))
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  if (e.DELHIVERY_API_TOKEN && !e.DELHIVERY_PUSH_TOKEN)
    throw new ConfigError(
      "Invalid configuration:\n  DELHIVERY_API_TOKEN needs DELHIVERY_PUSH_TOKEN, the secret Delhivery's scan pushes carry",
    );
  const whatsAppUnset = WHATSAPP_VARIABLES.filter((name) => e[name] === undefined);
  if (whatsAppUnset.length > 0 && whatsAppUnset.length < WHATSAPP_VARIABLES.length)
    throw new ConfigError(
      `Invalid configuration:\n  ${WHATSAPP_VARIABLES.join(", ")} must be set together (missing: ${whatsAppUnset.join(", ")})`,
    );
  const phonePeSet = PHONEPE_VARIABLES.filter((name) => e[name] !== undefined);
  if (phonePeSet.length > 0 && phonePeSet.length < PHONEPE_VARIABLES.length)
    throw new ConfigError(`Invalid configuration:\n  ${PHONEPE_VARIABLES.join(", ")} must be set together`);
  // Processes share nothing but the database and Redis: PGlite is one process's database, and rate limits
  // counted in each process would allow each limit once per process.
  const sharedMissing = (["DATABASE_URL", "REDIS_URL"] as const).filter((name) => e[name] === undefined);
  if (e.STORE_PROCESSES !== "1" && sharedMissing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n  STORE_PROCESSES=${e.STORE_PROCESSES} needs ${sharedMissing.join(" and ")}: several processes share the store's PostgreSQL database and Redis`,
    );
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
    processes: e.STORE_PROCESSES === "auto" ? os.availableParallelism() : Number(e.STORE_PROCESSES),
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    phonePe:
      e.PHONEPE_CLIENT_ID &&
      e.PHONEPE_CLIENT_SECRET &&
      e.PHONEPE_WEBHOOK_USERNAME &&
      e.PHONEPE_WEBHOOK_PASSWORD
        ? {
            sandbox: false as const,
            settings: {
              oauthBaseUrl: e.PHONEPE_OAUTH_BASE_URL ?? PHONEPE_HOSTS[e.PHONEPE_ENV].oauthBaseUrl,
              pgBaseUrl: e.PHONEPE_PG_BASE_URL ?? PHONEPE_HOSTS[e.PHONEPE_ENV].pgBaseUrl,
              clientId: e.PHONEPE_CLIENT_ID,
              clientSecret: e.PHONEPE_CLIENT_SECRET,
              clientVersion: e.PHONEPE_CLIENT_VERSION,
              webhookUsername: e.PHONEPE_WEBHOOK_USERNAME,
              webhookPassword: e.PHONEPE_WEBHOOK_PASSWORD,
            },
          }
        : e.NODE_ENV === "production"
          ? null
          : { sandbox: true, baseUrl: `${localOrigin(e.HOST, e.PORT)}${SANDBOX_PREFIX}` },
    courier: e.DELHIVERY_API_TOKEN
      ? {
          sandbox: false as const,
          settings: {
            baseUrl: e.DELHIVERY_BASE_URL ?? DELHIVERY_HOSTS[e.DELHIVERY_ENV],
            token: e.DELHIVERY_API_TOKEN,
          },
          warehouse: e.DELHIVERY_WAREHOUSE,
          pushToken: e.DELHIVERY_PUSH_TOKEN!,
        }
      : e.NODE_ENV === "production"
        ? null
        : {
            sandbox: true,
            baseUrl: `${localOrigin(e.HOST, e.PORT)}${COURIER_SANDBOX_PREFIX}`,
            warehouse: e.DELHIVERY_WAREHOUSE,
          },
    whatsapp:
      e.WHATSAPP_ACCESS_TOKEN &&
      e.WHATSAPP_PHONE_NUMBER_ID &&
      e.WHATSAPP_APP_SECRET &&
      e.WHATSAPP_VERIFY_TOKEN
        ? {
            sandbox: false as const,
            settings: {
              baseUrl: (e.WHATSAPP_BASE_URL ?? WHATSAPP_HOST).replace(/\/$/, ""),
              version: e.WHATSAPP_API_VERSION,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              accessToken: e.WHATSAPP_ACCESS_TOKEN,
            },
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
          }
        : e.NODE_ENV === "production"
          ? null
          : {
              sandbox: true,
              baseUrl: `${localOrigin(e.HOST, e.PORT)}${WHATSAPP_SANDBOX_PREFIX}`,
              version: e.WHATSAPP_API_VERSION,
            },
    whatsappTemplates: {
      language: e.WHATSAPP_TEMPLATE_LANGUAGE,
      names: Object.fromEntries(
        TEMPLATE_KEYS.map((key) => [key, e.WHATSAPP_TEMPLATE_NAMES?.[key] ?? TEMPLATES[key].name]),
      ) as Record<TemplateKey, string>,
    },
    whatsappPerSecond: e.WHATSAPP_MESSAGES_PER_SECOND,
    trustProxy: e.TRUST_PROXY ?? false,
    timeouts: SERVER_TIMEOUTS,
    gst: { legalName: e.GST_LEGAL_NAME, address: e.GST_ADDRESS, gstin: e.GSTIN },
    orderHolds: {
      holdMinutes: e.ORDER_HOLD_MINUTES,
      unpaidOrdersPerAccount: e.UNPAID_ORDERS_PER_ACCOUNT,
      unpaidPiecesPerAccount: e.UNPAID_PIECES_PER_ACCOUNT,
      unpaidOrdersPerAddress: e.UNPAID_ORDERS_PER_ADDRESS,
      placeOrdersPerAccount: e.PLACE_ORDERS_PER_ACCOUNT,
      placeOrdersPerAddress: e.PLACE_ORDERS_PER_ADDRESS,
    },
    delivery: {
      chargePaise: rupeesToPaise(e.DELIVERY_CHARGE_RUPEES),
      freeFromPaise: rupeesToPaise(e.FREE_DELIVERY_FROM_RUPEES),
    },
    dispatchDays: e.DISPATCH_DAYS,
  };
}

/** The address this process reaches itself on (the sandbox's calls and webhooks stay on the machine). */
export function localOrigin(host: string, port: number) {
  const local = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${local.includes(":") ? `[${local}]` : local}:${port}`;
}
