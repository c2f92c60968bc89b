import type { FastifyInstance } from "fastify";
import { COURIER_SANDBOX_PREFIX, localOrigin, type Config } from "../config";
import type { Database } from "../db/client";
import type { Calls } from "../lib/calls";
import type { StoreSettingsService } from "../settings/store-settings";
import { createDelhiveryClient } from "./delhivery-client";
import { createDelhiverySandbox, type DelhiverySandbox } from "./delhivery-sandbox";
import { createDeliveryCheck } from "./delivery-check";
import { createCategoryParcels } from "./category-parcels";
import { createCourierParcels } from "./courier-parcels";
import { SCAN_PUSH_PATH } from "./courier.routes";
import { shippingRoutes } from "./shipping.routes";

/**
 * The courier's room, put together from the configuration: Delhivery with its token, or the built-in sandbox
 * on this server outside production (its token the install's own), or none in production without a token.
 */
export async function createShipping({
  db,
  config,
  settings,
}: {
  db: Database;
  config: Pick<Config, "courier" | "host" | "port">;
  settings: Pick<StoreSettingsService, "current">;
}) {
  const sandbox: DelhiverySandbox | null = config.courier?.sandbox
    ? await createDelhiverySandbox({
        db,
        baseUrl: config.courier.baseUrl,
        warehouse: config.courier.warehouse,
        pushUrl: `${localOrigin(config.host, config.port)}${SCAN_PUSH_PATH}`,
      })
    : null;
  const courier = config.courier
    ? createDelhiveryClient(
        config.courier.sandbox
          ? { baseUrl: config.courier.baseUrl, token: sandbox!.token, warehouse: config.courier.warehouse }
          : { ...config.courier.settings, warehouse: config.courier.warehouse },
      )
    : null;
  /** The secret Delhivery's scan pushes carry: the one given to Delhivery, or the sandbox's own. */
  const pushToken = config.courier
    ? config.courier.sandbox
      ? sandbox!.pushToken
      : config.courier.pushToken
    : null;
  const deliveryCheck = createDeliveryCheck({ courier, settings });
  const parcels = createCourierParcels({ db, courier, sandbox: sandbox !== null });
  return {
    courier,
    sandbox,
    deliveryCheck,
    parcels,
    categoryParcels: createCategoryParcels({ db }),
    pushToken,
    /** The API's calls of the room, and the sandbox's routes when it answers here. */
    async register(app: FastifyInstance, calls: Calls) {
      await app.register(shippingRoutes, { prefix: "/api", calls, deliveryCheck });
      if (sandbox) await app.register(sandbox.routes, { prefix: COURIER_SANDBOX_PREFIX });
    },
  };
}

export type Shipping = Awaited<ReturnType<typeof createShipping>>;
