import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { reviewsRoutes } from "./reviews/reviews.routes";
import { createGrievanceDesk } from "./grievances/grievance-desk";
import { createGrievanceFiling } from "./grievances/grievance-filing";
import { createGrievanceViews } from "./grievances/grievance-views";
import { grievancesRoutes } from "./grievances/grievances.routes";
import { createAccountErasure } from "./privacy/account-erasure";
import { createConsents } from "./privacy/consents";
import { createMyData } from "./privacy/my-data";
import { privacyRoutes } from "./privacy/privacy.routes";
import { createReviews, type Reviews } from "./reviews/reviews.service";
import { stockAlertsRoutes } from "./stock-alerts/stock-alerts.routes";
import { createStockAlerts, type StockAlerts } from "./stock-alerts/stock-alerts.service";
import { addressesRoutes } from "./addresses/addresses.routes";
import { createSavedMeasurements } from "./tailoring/saved-measurements";
import { tailoringRoutes } from "./tailoring/tailoring.routes";
import { createAddressesService } from "./addresses/addresses.service";
import { createAccountsService } from "./accounts/accounts.service";
import { createSessionGuard, sessionCookieFor, type SessionGuard } from "./accounts/session-guard";
import { accountsRoutes } from "./accounts/accounts.routes";
import { createPasswords, type Passwords } from "./accounts/passwords";
import { createRegistration } from "./accounts/registration";
import { createSessions } from "./accounts/sessions";
import { tagsChangedBy } from "./catalog/catalog-changes";
import type { CatalogPeers } from "./catalog/catalog-peers";
import { settingsRoutes } from "./settings/settings.routes";
import {
  createStoreSettings,
  type SettingsPeers,
  type StoreSettingsService,
} from "./settings/store-settings";
import { createCatalogService, type CatalogService } from "./catalog/catalog.service";
import { catalogRoutes } from "./catalog/catalog.routes";
import { productEditingRoutes } from "./catalog/product-editing.routes";
import { localOrigin, SANDBOX_PREFIX, type Config } from "./config";
import { createMessaging, type Messaging } from "./messaging/messaging-room";
import { createMessageViews } from "./messaging/message-views";
import { contactRoutes } from "./contact/contact.routes";
import { createContactService } from "./contact/contact.service";
import { openDatabase, type Database } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { seedDemoCatalog } from "./db/seed-demo";
import { registerApiDocs } from "./lib/api-docs";
import {
  answerEarlyErrors,
  answerMalformedRequests,
  answerApiCallNotFound,
  errorForLog,
  registerErrorHandling,
} from "./lib/error-handler";
import { addSecurityHeaders, securityHeadersFor } from "./lib/security-headers";
import { keepPersonalApiAnswersPrivate } from "./lib/personal-answers";
import { createAttemptCounts } from "./lib/rate-limits";
import { createCalls, type Calls } from "./lib/calls";
import { createResponseCache } from "./lib/response-cache";
import { refuseDeepJson } from "./lib/json-bodies";
import { createGstDocuments, type GstDocuments } from "./gst/gst-documents";
import { createGstIncluded } from "./gst/gst-included";
import { gstRoutes } from "./gst/gst.routes";
import { createGstSummary } from "./gst/gst-summary";
import { booksRoutes } from "./books/books.routes";
import { createOrdersExport } from "./orders/orders-export";
import { createMailTransport, createMailWorker, type MailWorker } from "./mail/mail.service";
import { mailboxRoutes } from "./mail/mailbox.routes";
import { mailsOfOrder } from "./mail/order-mails";
import { openMediaStorage } from "./media/open-media-storage";
import { createMediaService, type MediaService } from "./media/media.service";
import { uploadRoutes } from "./media/upload.routes";
import { ordersRoutes } from "./orders/orders.routes";
import { createOrderHolds } from "./orders/order-holds";
import { createOrderPlacedMail } from "./orders/order-placed-mail";
import { createPaymentReminders } from "./orders/payment-reminders";
import { createCancelUnpaid, createShopperCancel } from "./orders/shopper-cancel";
import { createCodReplies } from "./messaging/cod-replies";
import { createPayAgain } from "./payments/pay-again";
import { phonePeMethod } from "./payments/phonepe-method";
import type { JobRunner } from "./lib/job-runner";
import { createOrdersService, type OrdersService } from "./orders/orders.service";
import { createOrderNotices } from "./orders/order-notices";
import { createPlaceOrder } from "./orders/place-order";
import { createDeliveryCharges } from "./orders/delivery-charge";
import { createTrackingCorrections } from "./orders/shipments";
import { createDashboard } from "./orders/dashboard";
import { createStaffOrderList } from "./orders/staff-order-list";
import { createStaffOrders } from "./orders/staff-orders";
import { staffOrdersRoutes } from "./orders/staff-orders.routes";
import { codRoutes } from "./orders/cod.routes";
import { createReturnDecisions } from "./returns/return-decisions";
import { createReturnRequests } from "./returns/return-requests";
import { returnsRoutes } from "./returns/returns.routes";
import { createReversePickups } from "./returns/reverse-pickups";
import { courierRoutes } from "./shipping/courier.routes";
import { categoryParcelsRoutes } from "./shipping/category-parcels.routes";
import { createParcelTracking, type ParcelTracking } from "./shipping/parcel-tracking";
import { createShipWithCourier } from "./shipping/ship-with-courier";
import { createFailedDelivery } from "./shipping/failed-delivery";
import { createCodConfirmation } from "./orders/cod-confirmation";
import { codMethod, createCodRules } from "./payments/cod-method";
import { createPhonePeClient } from "./payments/phonepe-client";
import { createShipping, type Shipping } from "./shipping/shipping-room";
import { createPhonePeSandbox, type PhonePeSandbox } from "./payments/phonepe-sandbox";
import { sandboxCredentials } from "./payments/sandbox-credentials";
import { paymentsRoutes } from "./payments/payments.routes";
import { createPaymentsService, type PaymentsService } from "./payments/payments.service";
import { createRefunds } from "./payments/refunds";
import { createRefundResolutions } from "./payments/refund-resolutions";
import { createPageCache } from "./web/page-cache";
import { registerWeb, type WebBuild } from "./web/ssr";

export type Services = {
  db: Database;
  media: MediaService;
  catalog: CatalogService;
  stockAlerts: StockAlerts;
  reviews: Reviews;
  mailWorker: MailWorker;
  passwords: Passwords;
  guard: SessionGuard;
  orders: OrdersService;
  payments: PaymentsService;
  gst: GstDocuments;
  /** The shop's settings (decision 042). */
  settings: StoreSettingsService;
  /** The reminders of orders left unpaid (tests run a pass by hand). */
  paymentReminders: JobRunner;
  /** The built-in PhonePe sandbox, when the store runs on it (tests drive it directly). */
  phonePeSandbox: PhonePeSandbox | null;
  /** The courier's room: the delivery check, and the built-in Delhivery sandbox when the store runs on it. */
  shipping: Shipping;
  /** The courier's scans applied to parcels and orders: the poll job, and what a scan push starts. */
  parcelTracking: ParcelTracking;
  /** Messages on WhatsApp (decision 053): the connection (null when off), consents, order updates, the outbox's job. */
  messaging: Messaging;
  /** The API's calls, as pages make them in-process (tests make them too). */
  calls: Calls;
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
  /** The store's other processes (a cluster's workers), told of each catalog change made here and telling theirs. */
  catalogPeers?: CatalogPeers;
  /** The same for the shop's settings (decision 042). */
  settingsPeers?: SettingsPeers;
  /** On PGlite, a dumped data directory to start from (tests start from one already migrated). */
  pgliteData?: Blob;
};

const REDACTED_HEADERS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "res.headers.authorization",
];

/** Reset links carry their token in the query: request logs keep the path and drop query values. */
const redactQuery = (url: string) => url.replace(/([?&][^=&]+)=[^&]*/g, "$1=[redacted]");

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count trusts that many proxies nearest the server, as
 * proxy-addr counts them (Fastify 5.12 takes a bare number as trusting none).
 */
const trustedProxies = (setting: Config["trustProxy"]) =>
  typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { timeouts } = config;
  const securityHeaders = securityHeadersFor({ hsts: config.env === "production" });
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
        err: errorForLog,
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    // config.timeouts; Node checks the first two every second (rather than every 30 s).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    frameworkErrors: answerEarlyErrors(securityHeaders),
    clientErrorHandler: answerMalformedRequests(securityHeaders),
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteData: options.pgliteData,
    onIdleConnectionError: (error) => app.log.warn({ err: error }, "an idle database connection was closed"),
  });
  await migrateDatabase(database);
  const { db } = database;

  const media = createMediaService({ db, storage: await openMediaStorage(config) });
  // Catalog answers are public for 30 s, and 5 minutes more while a new one is fetched (Cache-Control); in
  // memory, up to 32 MB of them, kept as long, dropped at once on changes to what they show.
  const catalogAnswers = createResponseCache({
    freshMs: 30_000,
    staleMs: 300_000,
    maxBytes: 32 * 1024 * 1024,
    onRefreshError: (error) => app.log.warn({ err: error }, "a kept catalog answer could not be refreshed"),
  });
  // The pages guests are given, as long as their routes allow (web/page-cache.ts); up to 64 MB of them.
  const pageCache = createPageCache({ maxBytes: 64 * 1024 * 1024 });
  const transport = createMailTransport({ db, smtpUrl: config.smtpUrl, log: app.log });
  // The shop's settings, the environment's values first (decision 042).
  const settings = createStoreSettings({
    db,
    defaults: config,
    peers: options.settingsPeers,
    // Guests' kept pages state the delivery charge (the root's rule): they go with a change.
    onChanged: () => pageCache.clear(),
  });
  const shipping = await createShipping({ db, config, settings });
  const gst = createGstDocuments({ db, supplier: async (tx) => (await settings.current(tx)).gst });
  const mailWorker = createMailWorker({
    db,
    transport,
    from: config.mailFrom,
    log: app.log,
    attachmentOf: (ref) => gst.attachment(ref.id),
  });
  const messaging = await createMessaging({
    db,
    config,
    log: app.log,
    onMailQueued: () => mailWorker.nudge(),
  });
  const { orderMessages } = messaging;
  const messageViews = createMessageViews({ db, settings });
  const stockAlerts = createStockAlerts({ db, publicUrl: config.publicUrl, onMailQueued: mailWorker.nudge });
  const catalog = createCatalogService({
    db,
    media,
    notifyRestocked: stockAlerts.notifyRestocked,
    // A change drops the answers and pages that show what it touched (catalog/catalog-changes.ts).
    onCatalogChanged: (change) => {
      const tags = tagsChangedBy(change);
      if (tags === "everything") {
        catalogAnswers.clear();
        pageCache.clear();
      } else {
        catalogAnswers.forgetTagged(tags);
        pageCache.forgetTagged(tags);
      }
    },
    peers: options.catalogPeers,
  });
  const stopHearingPeers = options.catalogPeers?.onChange(catalog.changedElsewhere);
  const reviews = createReviews({ db, media, announce: catalog.announce });
  const contact = createContactService({ db, storeEmail: config.storeEmail, onMailQueued: mailWorker.nudge });
  const registration = createRegistration({
    db,
    publicUrl: config.publicUrl,
    onMailQueued: mailWorker.nudge,
  });
  const passwords = createPasswords({
    db,
    publicUrl: config.publicUrl,
    onMailQueued: mailWorker.nudge,
    registration,
  });
  const sessions = createSessions({ db });
  const accounts = createAccountsService({ db });
  const sessionCookie = sessionCookieFor(config.env);
  const guard = createSessionGuard({ sessions, cookie: sessionCookie, publicUrl: config.publicUrl });
  const addresses = createAddressesService({ db });
  const savedMeasurements = createSavedMeasurements({ db });
  // The GST a price includes, for the breakdown before and after paying (decision 049).
  const gstIncluded = createGstIncluded({ db });
  // The prepaid nudge (decision 048): what paying online takes off an order now.
  const prepaidDiscountPaise = async () => (await settings.current()).cod.prepaidDiscountPaise;
  const orders = createOrdersService({
    db,
    catalog,
    subscribers: [
      createOrderNotices({ gst, publicUrl: config.publicUrl, deliverNews: orderMessages.news }),
      orderMessages.subscriber,
    ],
    gstIncluded,
    terms: async () => {
      const now = await settings.current();
      return { prepaidDiscountPaise: now.cod.prepaidDiscountPaise, returnDays: now.returnDays };
    },
  });
  // Complaints to the grievance officer (decision 044).
  const grievanceViews = createGrievanceViews({ media });
  const grievanceFiling = createGrievanceFiling({
    db,
    views: grievanceViews,
    settings,
    publicUrl: config.publicUrl,
    ownsOrder: (userId, publicId) =>
      orders.findVisible(publicId, { userId, staff: false }).then(
        () => true,
        () => false,
      ),
    onMailQueued: mailWorker.nudge,
  });
  const grievanceDesk = createGrievanceDesk({
    db,
    views: grievanceViews,
    settings,
    publicUrl: config.publicUrl,
    onMailQueued: mailWorker.nudge,
  });
  const phonePeSettings = config.phonePe?.sandbox
    ? await sandboxCredentials(db, config.phonePe.baseUrl)
    : config.phonePe?.settings;
  const phonePe = phonePeSettings ? createPhonePeClient(phonePeSettings) : null;
  const refunds = createRefunds({
    db,
    orders,
    phonePe,
    log: app.log,
    publicUrl: config.publicUrl,
    storeEmail: config.storeEmail,
  });
  const payments = createPaymentsService({
    db,
    orders,
    refunds,
    phonePe,
    log: app.log,
    attemptStarted: createOrderPlacedMail({
      orders,
      publicUrl: config.publicUrl,
      alsoTell: orderMessages.placed,
    }),
  });
  const holds = createOrderHolds({ db, settings: config.orderHolds });
  const codRules = createCodRules({ db, settings, deliveryCheck: shipping.deliveryCheck });
  const codConfirmation = createCodConfirmation({
    db,
    orders,
    publicUrl: config.publicUrl,
    alsoAsk: orderMessages.codConfirm,
  });
  // The delivery charge's one accessor (decision 038), from the owner's settings (decision 042).
  const delivery = createDeliveryCharges({ source: async () => (await settings.current()).delivery });
  // The ways to pay, by the request's paymentMethod in lower case (payments/payment-method.ts).
  const paymentMethods = {
    phonepe: phonePeMethod({ attempts: payments, available: payments.canTakePayments, prepaidDiscountPaise }),
    cod: codMethod({
      rules: codRules,
      settings,
      publicUrl: config.publicUrl,
      mailLink: codConfirmation.mailLink,
    }),
  };
  const placeOrder = createPlaceOrder({
    db,
    catalog,
    orders,
    paymentMethods,
    addresses,
    holds,
    delivery,
    publicUrl: config.publicUrl,
    chooseChannels: messaging.chooseChannels,
  });
  const payAgain = createPayAgain({
    db,
    orders,
    payments,
    publicUrl: config.publicUrl,
    prepaidDiscountPaise,
  });
  const cancelOrder = createShopperCancel({ db, orders, payments });
  const paymentReminders = createPaymentReminders({
    db,
    orders,
    publicUrl: config.publicUrl,
    holdMinutes: config.orderHolds.holdMinutes,
    onMailQueued: mailWorker.nudge,
    log: app.log,
  });
  // Returns the law requires (decision 051): a complaint ticket each, the courier's reverse pickup.
  const requestReturn = createReturnRequests({
    db,
    orders,
    filing: grievanceFiling,
    settings,
    onMailQueued: mailWorker.nudge,
  });
  const returnDecisions = createReturnDecisions({
    db,
    orders,
    payments,
    desk: grievanceDesk,
    pickups: createReversePickups({ db, courier: shipping.courier, orders, settings, log: app.log }),
    settings,
    onMailQueued: mailWorker.nudge,
  });
  const staffOrders = createStaffOrders({
    db,
    orders,
    payments,
    returns: returnDecisions,
    refunds: createRefundResolutions({ orders }),
    tracking: createTrackingCorrections({ db, orders, publicUrl: config.publicUrl }),
    parcels: shipping.parcels,
    messagesOf: messageViews.ofOrder,
    mailsOf: (orderId) => mailsOfOrder(db, orderId),
  });
  const shipWithCourier = createShipWithCourier({
    db,
    orders,
    settings,
    courier: shipping.courier,
    parcels: shipping.parcels,
    categoryParcels: shipping.categoryParcels,
  });
  const parcelTracking = createParcelTracking({
    db,
    courier: shipping.courier,
    orders,
    payments,
    log: app.log,
  });
  const dashboard = createDashboard({
    db,
    returnsByMonth: shipping.parcels.returnsByMonth,
    whatsappThisMonth: messageViews.thisMonth,
  });
  const orderList = createStaffOrderList({ db, orders });
  const phonePeSandbox =
    config.phonePe?.sandbox && phonePeSettings
      ? createPhonePeSandbox({
          db,
          settings: phonePeSettings,
          publicUrl: config.publicUrl,
          webhookUrl: `${localOrigin(config.host, config.port)}/api/phonepe/webhook`,
        })
      : null;
  // Each API call is served from its description in contract/, over HTTP and to the pages in-process.
  const calls = createCalls({ publicUrl: config.publicUrl });
  app.decorate("services", {
    db,
    media,
    catalog,
    stockAlerts,
    reviews,
    mailWorker,
    passwords,
    guard,
    orders,
    payments,
    gst,
    settings,
    paymentReminders,
    phonePeSandbox,
    shipping,
    parcelTracking,
    messaging,
    calls,
  });

  if (config.seedDemo) {
    const seeded = await seedDemoCatalog({ db, media, catalog });
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
  addSecurityHeaders(app, securityHeaders);
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
  keepPersonalApiAnswersPrivate(app, sessionCookie.name);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  // Rate limits count in Redis when REDIS_URL is set, else in this process (lib/rate-limits.ts).
  const attempts = createAttemptCounts(redis);
  await registerApiDocs(app, {
    sessionGuards: Object.values(guard),
    cookieName: sessionCookie.name,
  });
  registerErrorHandling(app);
  refuseDeepJson(app);

  // Routes.
  // What a load balancer asks: 503 while the database does not answer (the pool reconnects on its own).
  app.get("/api/health", async (request, reply) => {
    try {
      await db.execute("select 1");
    } catch (error) {
      request.log.warn({ err: error }, "health check: the database did not answer");
      return reply.code(503).send({
        code: 503,
        message: "The database is not answering",
        data: { status: "database unavailable" },
      });
    }
    return { code: 200, message: "ok", data: { status: "ok" } };
  });
  await app.register(catalogRoutes, { prefix: "/api", calls, catalog, guard, cache: catalogAnswers });
  await app.register(productEditingRoutes, { prefix: "/api", calls, catalog, guard });
  await app.register(uploadRoutes, {
    prefix: "/api",
    calls,
    media,
    guard,
    attempts,
    reviews,
    grievances: grievanceFiling,
  });
  await app.register(reviewsRoutes, {
    prefix: "/api",
    calls,
    reviews,
    guard,
    attempts,
    cache: catalogAnswers,
  });
  await app.register(stockAlertsRoutes, { prefix: "/api", calls, stockAlerts, guard, attempts });
  await app.register(contactRoutes, { prefix: "/api", calls, contact, attempts });
  await app.register(grievancesRoutes, {
    prefix: "/api",
    calls,
    filing: grievanceFiling,
    desk: grievanceDesk,
    guard,
    attempts,
  });
  await app.register(accountsRoutes, {
    prefix: "/api",
    calls,
    registration,
    passwords,
    sessions,
    accounts,
    guard,
    cookie: sessionCookie,
    attempts,
  });
  // A shopper's data rights (decision 045).
  const consents = createConsents({ db });
  await app.register(privacyRoutes, {
    prefix: "/api",
    calls,
    myData: createMyData({ db, consents, ticketsOf: grievanceFiling.mine }),
    consents,
    erasure: createAccountErasure({
      db,
      onMailQueued: mailWorker.nudge,
      onReviewsChanged: (productIds) => catalog.announce({ productIds, listings: "unchanged" }),
    }),
    guard,
    cookie: sessionCookie,
    attempts,
  });
  await app.register(addressesRoutes, { prefix: "/api", calls, addresses, guard });
  await app.register(tailoringRoutes, { prefix: "/api", calls, savedMeasurements, guard });
  await app.register(ordersRoutes, {
    prefix: "/api",
    calls,
    catalog,
    orders,
    payments,
    placeOrder,
    payAgain,
    cancelOrder,
    holds,
    delivery,
    paymentMethods,
    gstIncluded,
    limits: config.orderHolds,
    attempts,
    guard,
  });
  await app.register(paymentsRoutes, {
    prefix: "/api",
    calls,
    payments,
    guard,
    provider: {
      provider: phonePeSandbox ? "sandbox" : phonePe ? "phonepe" : "none",
      sandbox: phonePeSandbox && {
        baseUrl: `${config.publicUrl}${SANDBOX_PREFIX}`,
        clientId: phonePeSandbox.settings.clientId,
        clientSecret: phonePeSandbox.settings.clientSecret,
        clientVersion: phonePeSandbox.settings.clientVersion,
        webhookUsername: phonePeSandbox.settings.webhookUsername,
        webhookPassword: phonePeSandbox.settings.webhookPassword,
      },
    },
  });
  await app.register(gstRoutes, { prefix: "/api", calls, orders, gst, guard });
  await app.register(booksRoutes, {
    prefix: "/api",
    calls,
    gstSummary: createGstSummary({ db }),
    ordersExport: createOrdersExport({ db }),
    supplier: async () => (await settings.current()).gst,
    guard,
  });
  await app.register(settingsRoutes, { prefix: "/api", calls, settings, guard });
  await app.register(staffOrdersRoutes, { prefix: "/api", calls, orderList, staffOrders, dashboard, guard });
  await app.register(codRoutes, {
    prefix: "/api",
    calls,
    codRules,
    codConfirmation,
    staffOrders,
    guard,
  });
  await app.register(returnsRoutes, {
    prefix: "/api",
    calls,
    guard,
    requestReturn,
    decisions: returnDecisions,
  });
  await shipping.register(app, calls);
  await app.register(categoryParcelsRoutes, {
    prefix: "/api",
    calls,
    guard,
    categoryParcels: shipping.categoryParcels,
  });
  await app.register(courierRoutes, {
    prefix: "/api",
    calls,
    guard,
    orders,
    parcels: shipping.parcels,
    shipping: shipWithCourier,
    failedDelivery: createFailedDelivery({
      db,
      orders,
      courier: shipping.courier,
      parcels: shipping.parcels,
    }),
    tracking: parcelTracking,
    details: staffOrders.details,
    pushToken: shipping.pushToken,
    sandbox: shipping.sandbox,
  });
  if (phonePeSandbox) await app.register(phonePeSandbox.routes, { prefix: SANDBOX_PREFIX });
  await messaging.register(app, {
    calls,
    guard,
    cookie: sessionCookie,
    attempts,
    onQuickReply: createCodReplies({
      db,
      codConfirmation,
      cancelUnpaid: createCancelUnpaid({ db, orders, payments }),
      publicUrl: config.publicUrl,
    }),
  });
  if (config.env !== "production") await app.register(mailboxRoutes, { db });
  app.all("/api/*", { schema: { hide: true } }, answerApiCallNotFound);

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
      sessionCookie: sessionCookie.name,
      pageCache,
      calls,
    });

  if (options.startWorkers) {
    mailWorker.start();
    payments.reconciler.start();
    paymentReminders.start();
    parcelTracking.start();
    messaging.worker?.start();
  }
  app.addHook("onClose", async () => {
    stopHearingPeers?.();
    settings.close();
    await passwords.settled();
    await mailWorker.stop();
    await payments.reconciler.stop();
    await paymentReminders.stop();
    await parcelTracking.stop();
    await messaging.worker?.stop();
    await redis?.quit();
    await database.close();
  });
  return app;
}
