import { COURIER_MESSAGES } from "../../contract/courier-parcels";
import { NotAllowed, Unavailable } from "../lib/errors";
import { CourierRefused, CourierUnavailable } from "./shipping-provider";

/**
 * A call to the courier on staff's behalf, its failures in staff's words: refused, NotAllowed with the
 * courier's reason in `refused`'s sentence (409); not reached, Unavailable (503), nothing changed.
 */
export async function askCourier<T>(call: () => Promise<T>, refused: (reason: string) => string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierRefused) throw new NotAllowed(refused(error.reason));
    if (error instanceof CourierUnavailable) throw new Unavailable(COURIER_MESSAGES.unavailable);
    throw error;
  }
}
