import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";
import { idField } from "./ids";
import {
  CUSTOMIZATION_OPTIONS,
  customizationProblems,
  MAX_CHARGE_RUPEES,
  MAX_LABEL_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_SAVED_MEASUREMENTS,
  MEASUREMENTS,
  TAILORING_MESSAGES,
  UNITS,
  type Measurement,
} from "./tailoring-rules";

export * from "./tailoring-rules";

const optionName = z.enum(CUSTOMIZATION_OPTIONS, {
  error: (issue) => TAILORING_MESSAGES.unknownOption(String(issue.input)),
});
const unitField = z.enum(UNITS, { error: TAILORING_MESSAGES.unit });

const measurementValues = z.object(
  Object.fromEntries(
    MEASUREMENTS.map((measurement) => [
      measurement,
      z.number({ error: `${measurement} must be a number.` }).optional(),
    ]),
  ) as Record<Measurement, z.ZodOptional<z.ZodNumber>>,
  { error: "Measurements must be an object of numbers." },
);

/** The measurements of a customisation or a saved set, checked against each one's range in its unit. */
const measured = { unit: unitField, measurements: measurementValues.default({}) };

/**
 * A bag line's customisation: the chosen options, measurements in one unit, and a note. Checked here
 * against every option the store knows; place-order checks it against what the product offers.
 */
export const customizationRequest = z
  .object({
    options: z
      .array(z.string().max(50), { error: TAILORING_MESSAGES.chooseOption })
      .max(CUSTOMIZATION_OPTIONS.length),
    ...measured,
    note: z
      .string({ error: "The note must be text." })
      .trim()
      .max(MAX_NOTE_LENGTH, {
        error: TAILORING_MESSAGES.noteTooLong,
      })
      .default(""),
  })
  .superRefine((customization, context) => {
    const problems = customizationProblems(customization, CUSTOMIZATION_OPTIONS, "this product");
    for (const [path, message] of Object.entries(problems))
      context.addIssue({ code: "custom", path: path.split("."), message });
  });

/** A customisation a product offers and its charge in rupees (0 when it is free). */
export const productCustomization = z.object({
  name: optionName,
  charge: z
    .number({ error: TAILORING_MESSAGES.charge })
    .min(0, { error: TAILORING_MESSAGES.charge })
    .max(MAX_CHARGE_RUPEES, { error: TAILORING_MESSAGES.charge })
    .refine((charge) => Math.abs(charge * 100 - Math.round(charge * 100)) < 1e-6, {
      error: TAILORING_MESSAGES.charge,
    }),
});
export type ProductCustomization = z.infer<typeof productCustomization>;

/** The product form's list: each option at most once. */
export const productCustomizations = z
  .array(productCustomization)
  .max(CUSTOMIZATION_OPTIONS.length)
  .refine((list) => new Set(list.map((item) => item.name)).size === list.length, {
    error: "Each customisation can be offered once.",
  });

/** A customisation as an order keeps it: the options with the charges paid, and when the tailor finished. */
export const orderCustomization = z.object({
  options: z.array(z.object({ name: z.string(), charge: z.number() })),
  unit: unitField,
  measurements: measurementValues,
  note: z.string(),
  /** When staff marked the tailoring done; null while it is pending. */
  doneAt: z.string().nullable(),
});
export type OrderCustomization = z.infer<typeof orderCustomization>;

// A shopper's saved measurements, reused on the next customisation.
export const savedMeasurements = z.object({
  id: z.number().int(),
  label: z.string(),
  unit: unitField,
  measurements: measurementValues,
});
export type SavedMeasurements = z.infer<typeof savedMeasurements>;
export const savedMeasurementsResponse = envelope(z.array(savedMeasurements));

export const saveMeasurementsRequest = z
  .object({
    label: z
      .string({ error: TAILORING_MESSAGES.label })
      .trim()
      .min(1, { error: TAILORING_MESSAGES.label })
      .max(MAX_LABEL_LENGTH, { error: TAILORING_MESSAGES.label }),
    ...measured,
  })
  .superRefine((saved, context) => {
    const problems = customizationProblems({ options: [], note: "", ...saved }, [], "");
    for (const [path, message] of Object.entries(problems))
      if (path !== "options") context.addIssue({ code: "custom", path: path.split("."), message });
  });
export type SaveMeasurementsRequest = z.infer<typeof saveMeasurementsRequest>;

export const deleteMeasurementsRequest = z.object({ id: idField(TAILORING_MESSAGES.savedNotFound) });

/** POST /orders/mark-tailoring-done: staff say a customised line is stitched. */
export const markTailoringDoneRequest = z.object({
  orderId: z.string({ error: "Order not found." }).trim().min(1, { error: "Order not found." }).max(64),
  itemId: idField(TAILORING_MESSAGES.notCustomised),
});
export type MarkTailoringDoneRequest = z.infer<typeof markTailoringDoneRequest>;

export const savedMeasurementsCall = defineCall({
  method: "GET",
  path: "/users/saved-measurements",
  tag: "tailoring",
  description: "The signed-in shopper's saved sets of measurements, newest first.",
  output: savedMeasurementsResponse,
});

export const saveMeasurementsCall = defineCall({
  method: "POST",
  path: "/users/save-measurements",
  tag: "tailoring",
  description: `Saves a set of measurements under its label (replacing one of the same label); at most ${MAX_SAVED_MEASUREMENTS} sets.`,
  body: saveMeasurementsRequest,
  output: savedMeasurementsResponse,
});

export const deleteMeasurementsCall = defineCall({
  method: "POST",
  path: "/users/delete-measurements",
  tag: "tailoring",
  body: deleteMeasurementsRequest,
  output: savedMeasurementsResponse,
});
