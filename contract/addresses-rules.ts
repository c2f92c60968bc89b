/**
 * The address form's fields, messages and pincode rules, without Zod so that pages can use them (addresses.ts
 * re-exports them).
 */

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
  nameShort: "Name must have at least 2 letters.",
  addressShort: "Address must be at least 6 characters: house or flat, street and area.",
  cityShort: "City must have at least 2 letters.",
  stateFromList: "Choose your state or union territory from the list.",
  unknownPincode: (pincode: string) => `We could not find pincode ${pincode}. Please check it.`,
  pincodeNotInState: (pincode: string, state: string, actual: string) =>
    `Pincode ${pincode} is in ${actual}, not ${state}. Check the pincode or the state.`,
  fixSaved: "Please correct this address before using it: edit it and choose its state from the list.",
} as const;

/** An Indian PIN code: six digits, not starting with 0. */
export const isPincode = (value: string) => /^[1-9]\d{5}$/.test(value);

/** What the pincode directory says of a pincode: its districts and the states they are in. */
export type PincodePlace = {
  pincode: string;
  /** The district of most of its post offices first. */
  districts: { district: string; state: string; stateCode: string }[];
};

/**
 * Whether a pincode belongs to the chosen state: the rule of the address form and of the server alike (the
 * server holds the directory and answers the form's lookup). A pincode the directory does not have is refused
 * too. Null when it is right.
 */
export function pincodeProblem(
  place: PincodePlace | undefined,
  pincode: string,
  state: string,
): string | null {
  if (!place) return ADDRESS_MESSAGES.unknownPincode(pincode);
  if (place.districts.some((entry) => entry.state === state)) return null;
  return ADDRESS_MESSAGES.pincodeNotInState(pincode, state, place.districts[0]!.state);
}

/** The district to keep with an address: the pincode's first in the chosen state. */
export const districtIn = (place: PincodePlace, state: string) =>
  place.districts.find((entry) => entry.state === state)?.district ?? "";
