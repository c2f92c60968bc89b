import { SHIPPING_MESSAGES, type DeliveryCheck } from "../../contract/shipping";
import { STORE } from "../../contract/store";
import { lookUpPincode } from "../addresses/pincode-directory";
import { createComputedCache } from "../lib/computed-cache";
import { NotFound, Unavailable } from "../lib/errors";
import type { StoreSettingsService } from "../settings/store-settings";
import { estimateDelivery } from "./delivery-estimate";
import { CourierUnavailable, type PincodeService, type ShippingProvider } from "./shipping-provider";

/** The tailor's working days for a customised piece, on top of the dispatch time (an owner's setting to come). */
export const TAILORING_DAYS = 7;

/** What the courier said of a pincode, kept briefly so that it is not asked on every product page. */
type CourierView = { service: PincodeService; transitDays: number | null };

/**
 * "Check delivery" (issue 37): whether the courier serves a pincode, Cash on Delivery there, and by when an
 * order placed now should arrive (delivery-estimate.ts). The courier's answers are kept per pincode for ten
 * minutes, then given for up to an hour more while one request asks again; the date is worked out on each
 * check, as the day turns and the owner changes the dispatch time.
 */
export function createDeliveryCheck({
  courier,
  settings,
  now = () => new Date(),
}: {
  /** Null when the store has no courier (production without a token): every check says it cannot check. */
  courier: ShippingProvider | null;
  settings: Pick<StoreSettingsService, "current">;
  now?: () => Date;
}) {
  const originPincode = STORE.address.postalCode;
  const kept = createComputedCache<CourierView>({
    freshMs: 10 * 60_000,
    staleMs: 60 * 60_000,
    max: 20_000,
    maxSize: 20_000,
    sizeCalculation: () => 1,
  });

  async function ask(pincode: string): Promise<CourierView> {
    if (!courier) throw new CourierUnavailable("no courier is configured");
    const service = await courier.pincodeService(pincode);
    const transitDays = service.serviceable ? await courier.transitDays(originPincode, pincode) : null;
    return { service, transitDays };
  }

  return {
    /** Throws Unavailable when the courier cannot be asked; NotFound for a pincode India Post does not list. */
    async check(pincode: string): Promise<DeliveryCheck> {
      const place = lookUpPincode(pincode)?.districts[0];
      if (!place) {
        const message = SHIPPING_MESSAGES.notServed(pincode);
        throw new NotFound(message, { pincode: message });
      }
      let view: CourierView;
      try {
        view = await kept.get(pincode, () => ask(pincode));
      } catch (error) {
        if (error instanceof CourierUnavailable) throw new Unavailable(SHIPPING_MESSAGES.unavailable);
        throw error;
      }
      const { dispatchDays } = await settings.current();
      const { service, transitDays } = view;
      const served = service.serviceable && transitDays !== null;
      const estimate = (tailoringDays: number) =>
        served ? estimateDelivery({ now: now(), dispatchDays, tailoringDays, transitDays }).deliveryBy : null;
      return {
        pincode,
        place: `${place.district}, ${place.state}`,
        serviceable: served,
        cod: served && service.cod,
        reason: served
          ? null
          : service.embargoed
            ? SHIPPING_MESSAGES.embargoed(pincode)
            : SHIPPING_MESSAGES.notServed(pincode),
        dispatchDays,
        deliveryBy: estimate(0),
        customisedDeliveryBy: estimate(TAILORING_DAYS),
      };
    },
  };
}

export type DeliveryCheckService = ReturnType<typeof createDeliveryCheck>;
