import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";
import { normalizePhone } from "./accounts-rules";

/** The checkout address form's fields and their labels, in the form's order. */
export const ADDRESS_FIELDS = {
  name: "Name",
  phone: "Phone",
  address: "Address",
  city: "City",
  state: "State",
  country: "Country",
  pincode: "Pincode",
} as const;
export type AddressField = keyof typeof ADDRESS_FIELDS;

export const ADDRESS_MESSAGES = {
  fillAllFields: "Please fill all fields",
  required: (field: AddressField) => `${ADDRESS_FIELDS[field]} is required.`,
  phoneInvalid: "Enter a valid 10-digit mobile number.",
  pincodeInvalid: "Enter a valid 6-digit pincode.",
  onlyIndia: "We deliver within India only.",
  notFound: "Invalid Address",
} as const;

/** An Indian PIN code: six digits, not starting with 0. */
export const isPincode = (value: string) => /^[1-9]\d{5}$/.test(value);

const requiredField = (field: AddressField, max = 200) =>
  z
    .string({ error: ADDRESS_MESSAGES.required(field) })
    .trim()
    .min(1, { error: ADDRESS_MESSAGES.required(field) })
    .max(max, { error: `${ADDRESS_FIELDS[field]} is too long.` });

export const addressInput = z.object({
  name: requiredField("name", 100),
  phone: requiredField("phone", 20).transform((value, context) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      context.addIssue({ code: "custom", message: ADDRESS_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  }),
  address: requiredField("address", 300),
  city: requiredField("city", 100),
  state: requiredField("state", 100),
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
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
});
export type Address = z.infer<typeof address>;

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

export const updateAddressCall = defineCall({
  method: "POST",
  path: "/addresses/update-address",
  tag: "addresses",
  body: updateAddressRequest,
  output: addressResponse,
});
