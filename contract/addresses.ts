import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";
import { normalizePhone } from "./accounts-rules";
import { stateNamed } from "./indian-states";

export * from "./addresses-rules";
import { ADDRESS_FIELDS, ADDRESS_MESSAGES, isPincode, type AddressField } from "./addresses-rules";

const requiredField = (field: AddressField, max = 200) =>
  z
    .string({ error: ADDRESS_MESSAGES.required(field) })
    .trim()
    .min(1, { error: ADDRESS_MESSAGES.required(field) })
    .max(max, { error: `${ADDRESS_FIELDS[field]} is too long.` });

/** At least `min` letters (of any script): "x" is no name and no city. */
const hasLetters = (min: number) => (value: string) => (value.match(/\p{L}/gu) ?? []).length >= min;

export const addressInput = z.object({
  name: requiredField("name", 100).refine(hasLetters(2), { error: ADDRESS_MESSAGES.nameShort }),
  phone: requiredField("phone", 20).transform((value, context) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      context.addIssue({ code: "custom", message: ADDRESS_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  }),
  address: requiredField("address", 300).refine((value) => value.replace(/\s/g, "").length >= 6, {
    error: ADDRESS_MESSAGES.addressShort,
  }),
  city: requiredField("city", 100).refine(hasLetters(2), { error: ADDRESS_MESSAGES.cityShort }),
  // A state or union territory of the list; a client that writes "maharastra" or "TS" is read as the list
  // names it (the form offers only the list).
  state: requiredField("state", 100).transform((value, context) => {
    const named = stateNamed(value);
    if (named === undefined) {
      context.addIssue({ code: "custom", message: ADDRESS_MESSAGES.stateFromList });
      return z.NEVER;
    }
    return named;
  }),
  country: requiredField("country", 60).refine((value) => value.toLowerCase() === "india", {
    error: ADDRESS_MESSAGES.onlyIndia,
  }),
  pincode: requiredField("pincode", 10)
    .transform((value) => value.replace(/\s/g, ""))
    .refine(isPincode, { error: ADDRESS_MESSAGES.pincodeInvalid }),
});
export type AddressInput = z.infer<typeof addressInput>;

export const address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  /** The pincode's district, from the pincode directory ("" for an address saved before it). */
  district: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  /** What must be corrected before the address can be used (a state saved as free text), or null. */
  problem: z.string().nullable(),
});
export type Address = z.infer<typeof address>;

/** GET /addresses/pincode?pincode=: the form fills city, district and state from it. */
export const pincodeQuery = z.object({
  pincode: z
    .string({ error: ADDRESS_MESSAGES.pincodeInvalid })
    .transform((value) => value.replace(/\s/g, ""))
    .refine(isPincode, { error: ADDRESS_MESSAGES.pincodeInvalid }),
});
export const pincodePlace = z.object({
  pincode: z.string(),
  /** What the form puts in City: the district's name, which the shopper may change. */
  city: z.string(),
  district: z.string(),
  state: z.string(),
  stateCode: z.string(),
  /** Every district and state the pincode reaches (a few pincodes cross a state border). */
  districts: z.array(z.object({ district: z.string(), state: z.string(), stateCode: z.string() })),
});

export const addressIdField = idField(ADDRESS_MESSAGES.notFound);

export const updateAddressRequest = addressInput.extend({ id: addressIdField });

export const addressesResponse = envelope(z.array(address));
export const addressResponse = envelope(address);

// The checkout's address book: a signed-in shopper's own addresses.
export const myAddressesCall = defineCall({
  method: "GET",
  path: "/addresses/my-addresses",
  tag: "addresses",
  output: addressesResponse,
});

export const addAddressCall = defineCall({
  method: "POST",
  path: "/addresses/add-address",
  tag: "addresses",
  body: addressInput,
  output: addressResponse,
});

/** Open data, open to anyone: the address form fills city, district and state from the pincode. */
export const pincodeCall = defineCall({
  method: "GET",
  path: "/addresses/pincode",
  tag: "addresses",
  query: pincodeQuery,
  output: envelope(pincodePlace),
});

export const updateAddressCall = defineCall({
  method: "POST",
  path: "/addresses/update-address",
  tag: "addresses",
  body: updateAddressRequest,
  output: addressResponse,
});
