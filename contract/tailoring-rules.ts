// Tailoring's rules both sides need, without Zod, so the product page's Customise dialog imports them for
// next to nothing. contract/tailoring.ts holds the API's schemas built on them.
import { STORE } from "./store";

/** The customisations the boutique offers (the banner's list); staff choose per product which apply. */
export const CUSTOMIZATION_OPTIONS = STORE.customizations;
export type CustomizationOption = (typeof CUSTOMIZATION_OPTIONS)[number];

export const MEASUREMENTS = ["bust", "waist", "hip", "shoulder", "sleeve", "length"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  bust: "Bust",
  waist: "Waist",
  hip: "Hip",
  shoulder: "Shoulder",
  sleeve: "Sleeve length",
  length: "Garment length",
};

export const UNITS = ["in", "cm"] as const;
export type MeasurementUnit = (typeof UNITS)[number];
export const UNIT_NAMES: Record<MeasurementUnit, string> = { in: "inches", cm: "cm" };

/** What a person can measure, in inches; in centimetres the same range times 2.54, rounded. */
const RANGES_IN_INCHES: Record<Measurement, readonly [number, number]> = {
  bust: [20, 60],
  waist: [16, 60],
  hip: [20, 66],
  shoulder: [10, 24],
  sleeve: [2, 32],
  length: [10, 60],
};

export function measurementRange(measurement: Measurement, unit: MeasurementUnit): [number, number] {
  const [min, max] = RANGES_IN_INCHES[measurement];
  return unit === "in" ? [min, max] : [Math.round(min * 2.54), Math.round(max * 2.54)];
}

/** What the tailor needs for each customisation: measurements, or a note saying what the shopper wants. */
export const OPTION_NEEDS: Record<
  CustomizationOption,
  { measurements: readonly Measurement[]; note?: string }
> = {
  "Sleeve Length": { measurements: ["sleeve"] },
  "Blouse Fit": { measurements: ["bust", "waist", "shoulder"] },
  "Color Change": { measurements: [], note: "Tell us the colour you would like." },
  "Lehenga Length": { measurements: ["waist", "length"] },
  "Dupatta Fabric": { measurements: [], note: "Tell us the dupatta fabric you would like." },
  "Border Design": { measurements: [], note: "Describe the border design you would like." },
  "Embroidery Style": { measurements: [], note: "Describe the embroidery you would like." },
};

export const MAX_NOTE_LENGTH = 500;
export const MAX_CHARGE_RUPEES = 50_000;
export const MAX_SAVED_MEASUREMENTS = 5;
export const MAX_LABEL_LENGTH = 40;

export const TAILORING_MESSAGES = {
  chooseOption: "Choose at least one customisation.",
  unknownOption: (option: string) => `${option} is not a customisation we offer.`,
  notOffered: (option: string, product: string) => `${option} is not offered for ${product}.`,
  measurementNeeded: (measurement: Measurement) =>
    `Enter the ${MEASUREMENT_LABELS[measurement].toLowerCase()} measurement.`,
  measurementRange: (measurement: Measurement, unit: MeasurementUnit) => {
    const [min, max] = measurementRange(measurement, unit);
    return `${MEASUREMENT_LABELS[measurement]} must be from ${min} to ${max} ${UNIT_NAMES[unit]}, in steps of 0.5.`;
  },
  noteTooLong: `The note must be at most ${MAX_NOTE_LENGTH} characters.`,
  unit: "Measurements are in inches (in) or centimetres (cm).",
  charge: `A charge must be from ₹0 to ₹${MAX_CHARGE_RUPEES.toLocaleString("en-IN")}, in rupees and paise.`,
  label: `Name the measurements (at most ${MAX_LABEL_LENGTH} characters).`,
  tooManySaved: `You can keep at most ${MAX_SAVED_MEASUREMENTS} sets of measurements. Delete one first.`,
  savedNotFound: "Those measurements are not saved any more.",
  madeToOrder:
    "Customised pieces are made to order for you: they cannot be returned or exchanged unless they arrive damaged or not as ordered, and they take a few more days to dispatch.",
  notCustomised: "That line has no tailoring.",
  notPaid: "Tailoring starts once the order is paid.",
  cancelled: "This order is cancelled: there is nothing to stitch.",
  done: "Tailoring marked done.",
  pending: "Finish the tailoring of every customised piece before marking the order Shipped.",
} as const;

/** A customisation as the shopper asks for it on a bag line. */
export type CustomizationRequest = {
  options: string[];
  unit: MeasurementUnit;
  measurements: Partial<Record<Measurement, number>>;
  note: string;
};

/**
 * What is wrong with a customisation for a product offering `offered`, one message per field
 * (`options`, `measurements.<name>`, `note`); empty when the tailor has all they need.
 */
export function customizationProblems(
  customization: CustomizationRequest,
  offered: readonly string[],
  productName: string,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const { options, unit, measurements, note } = customization;
  if (options.length === 0) problems.options = TAILORING_MESSAGES.chooseOption;
  for (const option of options) {
    if (!(CUSTOMIZATION_OPTIONS as readonly string[]).includes(option))
      problems.options ??= TAILORING_MESSAGES.unknownOption(option);
    else if (!offered.includes(option))
      problems.options ??= TAILORING_MESSAGES.notOffered(option, productName);
  }
  for (const measurement of MEASUREMENTS) {
    const value = measurements[measurement];
    if (value === undefined) continue;
    const [min, max] = measurementRange(measurement, unit);
    if (!(value >= min && value <= max && Number.isInteger(value * 2)))
      problems[`measurements.${measurement}`] = TAILORING_MESSAGES.measurementRange(measurement, unit);
  }
  for (const option of options) {
    const needs = OPTION_NEEDS[option as CustomizationOption];
    if (!needs) continue;
    for (const measurement of needs.measurements)
      if (measurements[measurement] === undefined)
        problems[`measurements.${measurement}`] ??= TAILORING_MESSAGES.measurementNeeded(measurement);
    if (needs.note && note.trim() === "") problems.note ??= needs.note;
  }
  if (note.length > MAX_NOTE_LENGTH) problems.note = TAILORING_MESSAGES.noteTooLong;
  return problems;
}

/** The customisation in one canonical form: options in the store's order, measurements in theirs. */
export function canonicalCustomization(customization: CustomizationRequest): CustomizationRequest {
  const measurements: Partial<Record<Measurement, number>> = {};
  for (const measurement of MEASUREMENTS)
    if (customization.measurements[measurement] !== undefined)
      measurements[measurement] = customization.measurements[measurement];
  return {
    options: CUSTOMIZATION_OPTIONS.filter((option) => customization.options.includes(option)),
    unit: customization.unit,
    measurements,
    note: customization.note.trim(),
  };
}

/** "Bust 34 · Waist 28 in": the measurements given, for a line of the bag, an order or a ticket. */
export function describeMeasurements(customization: {
  unit: MeasurementUnit;
  measurements: Partial<Record<Measurement, number>>;
}): string {
  const given = MEASUREMENTS.filter((measurement) => customization.measurements[measurement] !== undefined);
  if (given.length === 0) return "";
  return `${given
    .map((measurement) => `${MEASUREMENT_LABELS[measurement]} ${customization.measurements[measurement]}`)
    .join(" · ")} ${customization.unit}`;
}
