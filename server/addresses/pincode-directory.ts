import type { PincodePlace } from "../../contract/addresses";
import { GST_STATE_CODES } from "../../contract/indian-states";
import directory from "./pincode-directory.json";

/**
 * The offline pincode directory (decision 038): India Post's All India Pincode Directory as
 * scripts/build-pincode-directory.mjs compacts it, 19,000 pincodes with their districts and states, read once
 * when the store starts (about 40 ms), not by the first request that needs it.
 */

function load() {
  const districts = directory.districts.map(([district = "", stateCode = ""]) => ({
    district,
    stateCode,
    state: GST_STATE_CODES[stateCode] ?? stateCode,
  }));
  const map = new Map<string, PincodePlace["districts"]>();
  for (const entry of directory.pincodes.split(" ")) {
    const [pincode = "", indexes = ""] = entry.split(":");
    map.set(
      pincode,
      indexes.split(",").map((index) => districts[Number(index)]!),
    );
  }
  return map;
}

const byPincode = load();

/** A pincode's districts and states, or undefined when India Post's directory does not have it. */
export function lookUpPincode(pincode: string): PincodePlace | undefined {
  const districts = byPincode.get(pincode);
  return districts ? { pincode, districts } : undefined;
}

/** The GST state code a pincode belongs to (its first), for a delivery whose state was written as free text. */
export const stateCodeOfPincode = (pincode: string) => lookUpPincode(pincode)?.districts[0]?.stateCode;
