import { describe, expect, it } from "vitest";
import { estimateDelivery } from "./delivery-estimate";

describe("the estimated delivery date", () => {
  it("counts the dispatch time in working days, Monday to Saturday, then the courier's days", () => {
    // Friday 27 November 2026, noon in India: dispatch on Sat 28, Mon 30; five days later is Saturday 5 December.
    expect(
      estimateDelivery({ now: new Date("2026-11-27T06:30:00Z"), dispatchDays: 2, transitDays: 5 }),
    ).toEqual({ dispatchBy: "2026-11-30", deliveryBy: "2026-12-05" });
  });

  it("moves a delivery that would fall on a Sunday to the Monday", () => {
    expect(
      estimateDelivery({ now: new Date("2026-11-27T06:30:00Z"), dispatchDays: 2, transitDays: 6 }).deliveryBy,
    ).toBe("2026-12-07");
  });

  it("takes the day in India: 23:00 on Friday in London is already Saturday in Hyderabad", () => {
    expect(
      estimateDelivery({ now: new Date("2026-11-27T23:00:00Z"), dispatchDays: 1, transitDays: 2 }),
    ).toEqual({ dispatchBy: "2026-11-30", deliveryBy: "2026-12-02" });
  });

  it("adds the tailor's days to a customised piece's dispatch", () => {
    const now = new Date("2026-11-27T06:30:00Z");
    const ready = estimateDelivery({ now, dispatchDays: 2, transitDays: 3 });
    const customised = estimateDelivery({ now, dispatchDays: 2, tailoringDays: 6, transitDays: 3 });
    // Six more working days: 1-5 December and Monday 7 (Sunday 6 is not one).
    expect(ready.dispatchBy).toBe("2026-11-30");
    expect(customised.dispatchBy).toBe("2026-12-07");
  });
});
