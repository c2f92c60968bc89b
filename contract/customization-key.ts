import type { CustomizationRequest } from "./tailoring-rules";

/**
 * One string per customisation, the same however its options and measurements are ordered: two lines of a
 * product and size are one line (in the bag and in an order) when their keys are equal. Apart from the
 * tailoring rules, so that the bag's code, on every page, does not bring them along.
 */
export function customizationKey(customization: CustomizationRequest | null | undefined): string {
  if (!customization) return "";
  const measurements = Object.entries(customization.measurements)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([
    [...new Set(customization.options)].sort(),
    customization.unit,
    measurements,
    customization.note.trim(),
  ]);
}
