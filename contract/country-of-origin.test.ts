import { describe, expect, it } from "vitest";
import { COUNTRY_MESSAGES, readCountryOfOrigin } from "./country-of-origin";

describe("readCountryOfOrigin", () => {
  it("takes a country's name, its spaces tidied and a suggestion's spelling taken", () => {
    expect(readCountryOfOrigin("India")).toEqual({ name: "India" });
    expect(readCountryOfOrigin("  sri   LANKA ")).toEqual({ name: "Sri Lanka" });
    expect(readCountryOfOrigin("Côte d'Ivoire")).toEqual({ name: "Côte d'Ivoire" });
    expect(readCountryOfOrigin("Congo (Kinshasa)")).toEqual({ name: "Congo (Kinshasa)" });
    expect(readCountryOfOrigin("United Kingdom of Great Britain and Northern Ireland")).toEqual({
      name: "United Kingdom of Great Britain and Northern Ireland",
    });
  });

  it("says what is wrong with anything else", () => {
    expect(readCountryOfOrigin("   ")).toEqual({ problem: COUNTRY_MESSAGES.required });
    expect(readCountryOfOrigin("a".repeat(61))).toEqual({ problem: COUNTRY_MESSAGES.tooLong });
    for (const typed of ["12", "India!", "<b>India</b>", "-India", "Made in 🇮🇳"])
      expect(readCountryOfOrigin(typed), typed).toEqual({ problem: COUNTRY_MESSAGES.notAName });
  });
});
