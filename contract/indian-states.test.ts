import { describe, expect, it } from "vitest";
import { GST_STATE_CODES, stateCodeOf } from "./indian-states";

describe("a delivery state's GST code", () => {
  it("is found from each state's and union territory's own name", () => {
    for (const [code, name] of Object.entries(GST_STATE_CODES)) expect(stateCodeOf(name)).toBe(code);
  });

  it.each([
    ["  telangana ", "36"],
    ["TS", "36"],
    ["T.S.", "36"],
    ["Telengana", "36"],
    ["Tamil  Nadu", "33"],
    ["Orissa", "21"],
    ["New Delhi", "07"],
    ["Jammu & Kashmir", "01"],
  ])("%j is %s", (written, code) => {
    expect(stateCodeOf(written)).toBe(code);
  });

  it("is unknown for a name that is no state of India", () => {
    expect(stateCodeOf("Atlantis")).toBeUndefined();
    expect(stateCodeOf("")).toBeUndefined();
  });
});
