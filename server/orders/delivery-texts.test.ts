import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY } from "../config";
import { deliveryChargeFor, deliveryRuleText, toFreeDelivery } from "../../contract/delivery-rule";

const RULE = { freeFrom: DEFAULT_DELIVERY.freeFromRupees, charge: DEFAULT_DELIVERY.chargeRupees };

/** Every source file under a folder. */
const sources = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory()
      ? sources(file)
      : /\.(tsx?|md)$/.test(name) && !name.includes(".test.")
        ? [file]
        : [];
  });

describe("the delivery charge's rule in words", () => {
  it("is written from the setting, with the en-IN format", () => {
    expect(deliveryRuleText(RULE)).toBe("Free delivery on orders of ₹1,999 or more; ₹99 below");
    expect(deliveryRuleText({ freeFrom: 2500, charge: 49.5 })).toBe(
      "Free delivery on orders of ₹2,500 or more; ₹49.50 below",
    );
    expect(deliveryRuleText({ freeFrom: 1999, charge: 0 })).toBe("Free delivery across India");
  });

  it("tells what a bag lacks for free delivery, and the charge of a subtotal", () => {
    expect(toFreeDelivery(RULE, 1499)).toBe(500);
    expect(toFreeDelivery(RULE, 1999)).toBeNull();
    expect(toFreeDelivery(RULE, 0)).toBeNull();
    expect(deliveryChargeFor(1998.99, RULE)).toBe(99);
    expect(deliveryChargeFor(1999, RULE)).toBe(0);
  });

  it("is what the README says, and no page, mail or policy says delivery is free whatever the bag", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme).toContain("Free for a bag of ₹1,999 or more");
    expect(readme).toContain("a delivery charge of ₹99");
    const contradicting = /free delivery (across|above)|delivery is free[:,. ]|delivered free|Delivery free/i;
    const offenders = [...sources("app"), ...sources("server/orders"), ...sources("server/mail")].filter(
      (file) => contradicting.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
    // The FAQ and the policy pages state the rule from the setting.
    for (const page of [
      "app/content/faq.tsx",
      "app/routes/shipping-policy.tsx",
      "app/routes/terms-and-conditions.tsx",
    ])
      expect(readFileSync(page, "utf8"), page).toContain("<DeliveryRuleText />");
  });
});
