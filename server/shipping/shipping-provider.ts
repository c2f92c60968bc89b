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

/** A parcel to hand to the courier: the store's reference for it, who receives it, what it holds and weighs. */
export type ParcelRequest = {
  /** What the courier knows the parcel by (under 50 characters); asking for it again finds it (findByReference). */
  reference: string;
  consignee: { name: string; address: string; city: string; state: string; pincode: string; phone: string };
  /** Cash to collect at the door, in paise; null for a prepaid parcel (and a reverse pickup). */
  codPaise: number | null;
  /**
   * A reverse pickup (a return, decision 051): the courier collects the parcel from the consignee and brings
   * it to the warehouse.
   */
  reversePickup?: boolean;
  /** The declared value, in paise. */
  valuePaise: number;
  description: string;
  quantity: number;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  seller: { name: string; gstin: string };
};

/** One scan of a parcel, as the courier reported it. */
export type CourierScan = {
  status: string;
  /** The scan's kind: UD on the way, DL ended (delivered or returned), RT on the way back, CN cancelled. */
  statusType: string;
  statusCode: string;
  at: Date;
  location: string;
  instructions: string;
};

export type TrackedParcel = { waybill: string; reference: string | null; scans: CourierScan[] };

export type ShippingProvider = {
  /** Which courier this is, as the order's tracking names it (contract/couriers.ts). */
  readonly courier: "delhivery";
  /** How the courier serves a pincode. Throws CourierUnavailable. */
  pincodeService(pincode: string): Promise<PincodeService>;
  /** Days from hand-over at `originPincode` to delivery at `pincode`, or null when the courier gives none. */
  transitDays(originPincode: string, pincode: string): Promise<number | null>;
  /** Creates the parcel and answers its waybill. Not idempotent at the courier: look it up first on a retry. */
  createParcel(parcel: ParcelRequest): Promise<{ waybill: string }>;
  /** The parcel made for `reference`, if the courier has one (after a create whose answer was lost). */
  findByReference(reference: string): Promise<TrackedParcel | null>;
  /** The scans of up to 50 parcels; a waybill the courier does not know is left out. */
  track(waybills: string[]): Promise<TrackedParcel[]>;
  /** A link to the parcel's label (a PDF), or null when the courier has none ready yet. */
  label(waybill: string): Promise<string | null>;
  /** Asks for a pickup at the warehouse on `date` (YYYY-MM-DD); an open request for that day already does. */
  requestPickup(date: string, parcels: number): Promise<{ pickupId: string | null }>;
  /** Cancels a parcel not yet out for delivery; again changes nothing. Throws CourierRefused when too late. */
  cancel(waybill: string): Promise<void>;
  /** Gives the courier a new phone or address for a parcel on its way. Throws CourierRefused when too late. */
  updateConsignee(waybill: string, change: { phone?: string; address?: string }): Promise<void>;
  /** Asks for another delivery attempt after a failed one (NDR). Throws CourierRefused when not possible now. */
  reattempt(waybill: string): Promise<void>;
};
