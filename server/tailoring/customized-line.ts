import { paiseToRupees } from "../../contract/money";
import type { OrderCustomization } from "../../contract/tailoring";
import {
  canonicalCustomization,
  customizationProblems,
  type CustomizationRequest,
} from "../../contract/tailoring-rules";
import type { OfferedCustomization } from "../catalog/catalog.tables";
import type { OrderedCustomization } from "../orders/orders.tables";

export type CustomizedLine =
  | { ok: true; chargePaise: number; customization: OrderedCustomization | null }
  | { ok: false; problems: Record<string, string> };

/**
 * A bag line's customisation priced against what the product offers now: the charges to add to the price of
 * each piece and what the order keeps of it, or what is wrong with it (an option no longer offered, a
 * measurement the tailor needs). A line without one costs nothing more.
 */
export function customizeLine(
  product: { name: string; customizations: readonly OfferedCustomization[] },
  requested: CustomizationRequest | undefined,
): CustomizedLine {
  if (!requested) return { ok: true, chargePaise: 0, customization: null };
  const offered = product.customizations.map((option) => option.name);
  const problems = customizationProblems(requested, offered, product.name);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const { options, ...asked } = canonicalCustomization(requested);
  const charged = options.map((name) => ({
    name,
    chargePaise: product.customizations.find((option) => option.name === name)!.chargePaise,
  }));
  return {
    ok: true,
    chargePaise: charged.reduce((sum, option) => sum + option.chargePaise, 0),
    customization: { ...asked, options: charged },
  };
}

/** A line's customisation as the API shows it on an order. */
export function customizationView(
  customization: OrderedCustomization | null,
  doneAt: Date | null,
): OrderCustomization | null {
  if (!customization) return null;
  return {
    options: customization.options.map((option) => ({
      name: option.name,
      charge: paiseToRupees(option.chargePaise),
    })),
    unit: customization.unit,
    measurements: customization.measurements,
    note: customization.note,
    doneAt: doneAt?.toISOString() ?? null,
  };
}
