import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { createAccountsService } from "./auth/accounts.service";
import { createAuthGuard, sessionCookieFor, type AuthGuard } from "./auth/auth-guard";
import { authRoutes } from "./auth/auth.routes";
import { createAuthService, type AuthService } from "./auth/auth.service";
import { createCatalogService, type CatalogService } from "./catalog/catalog.service";
import { catalogRoutes } from "./catalog/catalog.routes";
import type { Config } from "./config";
import { contactRoutes } from "./contact/contact.routes";
import { createContactService } from "./contact/contact.service";
import { openDatabase, type Database } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { seedDemoCatalog } from "./db/seed-demo";
import { registerApiDocs } from "./lib/api-docs";
import { refuseCrossSiteWrites } from "./lib/cross-site";
import { registerErrorHandling } from "./lib/error-handler";
import { addSecurityHeaders } from "./lib/security-headers";
import { createResponseCache } from "./lib/response-cache";
import { createMailTransport, createMailWorker, type MailWorker } from "./mail/mail.service";
import { mailboxRoutes } from "./mail/mailbox.routes";
import { openMediaStorage } from "./media/media-storage";
import { createMediaService, type MediaService } from "./media/media.service";
import { registerWeb, type WebBuild } from "./web/ssr";

export type Services = {
  db: Database;
  media: MediaService;
  catalog: CatalogService;
  mailWorker: MailWorker;
  auth: AuthService;
  guard: AuthGuard;
};

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

export type BuildOptions = {
  /** The built React Router app; without it only the API and media are served (as in API tests). */
  web?: WebBuild;
  /** Start the background mail worker (off in tests, which run it by hand). */
  startWorkers?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is registered (the OpenAPI test checks that each API call is documented). */
  onRoute?: (route: RouteOptions) => void;
};

const REDACTED_HEADERS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "res.headers.authorization",
];

/** Reset links carry their token in the query: request logs keep the path and drop query values. */
const redactQuery = (url: string) => url.replace(/([?&][^=&]+)=[^&]*/g, "$1=[redacted]");

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: REDACTED_HEADERS, censor: "[redacted]" },
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactQuery(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === "production",
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    onIdleConnectionError: (error) => app.log.warn({ err: error }, "an idle database connection was closed"),
  });
  await migrateDatabase(database);
  const { db } = database;

  const media = createMediaService({ db, storage: await openMediaStorage(config) });
  // Catalog answers are public for 30 s (Cache-Control); in memory, up to 32 MB of them, dropped on changes.
  const catalogAnswers = createResponseCache({ ttlMs: 30_000, maxBytes: 32 * 1024 * 1024 });
  const catalog = createCatalogService({ db, media, onCatalogChanged: catalogAnswers.clear });
  const transport = createMailTransport({ db, smtpUrl: config.smtpUrl, log: app.log });
  const mailWorker = createMailWorker({ db, transport, from: config.mailFrom, log: app.log });
  const contact = createContactService({ db, storeEmail: config.storeEmail, onMailQueued: mailWorker.nudge });
  const auth = createAuthService({ db, publicUrl: config.publicUrl, onMailQueued: mailWorker.nudge });
  const accounts = createAccountsService({ db });
  const sessionCookie = sessionCookieFor(config.env);
  const guard = createAuthGuard({ auth, cookie: sessionCookie });
  app.decorate("services", { db, media, catalog, mailWorker, auth, guard });

  if (config.seedDemo) {
    const seeded = await seedDemoCatalog({ db, media });
    if (seeded.products > 0) app.log.info(seeded, "demo catalog loaded");
    // Demo accounts have published passwords: never in production.
    if (config.env !== "production" && (await accounts.seedDemoAccounts()) > 0)
      app.log.info("demo accounts created (see the README)");
  }
  if (config.admin) {
    await accounts.ensureSuperAdmin(config.admin);
    app.log.info({ email: config.admin.email }, "super admin from ADMIN_EMAIL is ready");
  }

  // Third-party plugins.
  addSecurityHeaders(app, { hsts: config.env === "production" });
  await app.register(compress, {
    threshold: 1024,
    // Browsers never send compressed bodies: no route reads them, so none pays for the check.
    globalDecompression: false,
    // Brotli 5 rather than the plugin's 4: a page, with its stylesheet inline, then fits the first TCP
    // round trip on a new connection (about 14 KB) and costs a fraction of a millisecond more to compress.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      },
    },
  });
  await app.register(cookie);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
  await registerApiDocs(app, {
    sessionGuards: Object.values(guard),
    cookieName: sessionCookie.name,
  });
  registerErrorHandling(app);
  refuseCrossSiteWrites(app, config.publicUrl);

  // Routes.
  app.get("/api/health", async () => {
    await db.execute("select 1");
    return { code: 200, message: "ok", data: { status: "ok" } };
  });
  await app.register(catalogRoutes, { prefix: "/api", catalog, guard, cache: catalogAnswers });
  await app.register(contactRoutes, { prefix: "/api", contact });
  await app.register(authRoutes, { prefix: "/api", auth, accounts, guard, cookie: sessionCookie });
  if (config.env !== "production") await app.register(mailboxRoutes, { db });
  app.all("/api/*", { schema: { hide: true } }, async (request, reply) =>
    reply
      .code(404)
      .send({ code: 404, message: `No such API call: ${request.method} ${request.url.split("?")[0]}` }),
  );

  // Media in a bucket is served from MEDIA_PUBLIC_URL, not by the store.
  if (!config.mediaBucket)
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: "/media/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
    });
  if (options.web)
    await registerWeb(app, {
      build: options.web,
      publicUrl: config.publicUrl,
      mediaOrigin: config.mediaBucket && new URL(config.mediaBucket.publicUrl).origin,
      env: config.env,
    });

  if (options.startWorkers) mailWorker.start();
  app.addHook("onClose", async () => {
    await mailWorker.stop();
    await redis?.quit();
    await database.close();
  });
  return app;
}
