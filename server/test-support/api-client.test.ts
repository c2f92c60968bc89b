import { expect, it } from "vitest";
import { CLIENT_CALLS } from "./api-client";
import { contractCalls } from "./fuzz-inputs";

it("the API tests' client has a function for every call contract/ describes", async () => {
  const named = (calls: readonly { method: string; path: string }[]) =>
    calls.map((call) => `${call.method} ${call.path}`).sort();
  expect(named(CLIENT_CALLS)).toEqual(named(await contractCalls()));
});
