// A product's country of origin (Consumer Protection (E-Commerce) Rules, 2020), checked alike by the staff's form and
// the API, without Zod, so the form's page imports it for nothing (decision 049).

/** What a product states until staff say otherwise: the boutique's pieces are made in India. */
export const DEFAULT_COUNTRY_OF_ORIGIN = "India";

/** The longest name taken ("United Kingdom of Great Britain and Northern Ireland" has 52 characters). */
export const MAX_COUNTRY_LENGTH = 60;

/** Offered as the form's suggestions (a typed name matching one takes its spelling); any country may be typed. */
export const COUNTRY_SUGGESTIONS = [
  "India",
  "Bangladesh",
  "Bhutan",
  "China",
  "Indonesia",
  "Nepal",
  "Pakistan",
  "Sri Lanka",
  "Thailand",
  "Vietnam",
] as const;

export const COUNTRY_MESSAGES = {
  required: "Enter the country of origin",
  tooLong: `Country of origin is too long (at most ${MAX_COUNTRY_LENGTH} characters)`,
  notAName: "Country of origin must be a country's name, such as India",
} as const;

/** Letters first, then letters, spaces and the marks of names such as "Côte d'Ivoire" or "Congo (Kinshasa)". */
const COUNTRY_NAME = /^\p{L}[\p{L}\p{M} .,'’()&-]*$/u;

/**
 * A typed country of origin, its spaces tidied and a suggestion's spelling taken ("india" is "India"), or the
 * message saying what is wrong with it.
 */
export function readCountryOfOrigin(typed: string): { name: string } | { problem: string } {
  const name = typed.trim().replace(/\s+/g, " ");
  if (name === "") return { problem: COUNTRY_MESSAGES.required };
  if (name.length > MAX_COUNTRY_LENGTH) return { problem: COUNTRY_MESSAGES.tooLong };
  if (!COUNTRY_NAME.test(name)) return { problem: COUNTRY_MESSAGES.notAName };
  const suggested = COUNTRY_SUGGESTIONS.find((country) => country.toLowerCase() === name.toLowerCase());
  return { name: suggested ?? name };
}
