/**
 * What the store asks of a courier (issue 37). One implementation, Delhivery B2C (delhivery-client.ts), which
 * the built-in sandbox (delhivery-sandbox.ts) imitates outside production. Orders and pages speak to this
 * interface, never to Delhivery's wire format.
 */

/** A pincode as the courier serves it. */
export type PincodeService = {
  pincode: string;
  /** Prepaid parcels are delivered there. */
  serviceable: boolean;
  /** Cash on Delivery is collected there. */
  cod: boolean;
  /** Closed for now (an embargo): not serviceable until it lifts. */
  embargoed: boolean;
};

/** The courier could not be asked (down, slow, or an answer that is not its protocol): nothing was changed. */
export class CourierUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`The courier could not be reached: ${reason}`);
  }
}

/** The courier answered and refused, with its own words. */
export class CourierRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export type ShippingProvider = {
  /** Which courier this is, as the order's tracking names it (contract/couriers.ts). */
  readonly courier: "delhivery";
  /** How the courier serves a pincode. Throws CourierUnavailable. */
  pincodeService(pincode: string): Promise<PincodeService>;
  /** Days from hand-over at `originPincode` to delivery at `pincode`, or null when the courier gives none. */
  transitDays(originPincode: string, pincode: string): Promise<number | null>;
};
