import fc from "fast-check";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin, freshIp } from "../test-support/accounts";
import type { CallDescription } from "../../contract/call";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  allFieldNames,
  ANY_METHOD,
  contractCalls,
  fieldNamesOf,
  oddBody,
  oddQuery,
} from "../test-support/fuzz-inputs";
import { createTestApp } from "../test-support/test-app";

/**
 * Thousands of generated requests over every API call the contract describes (and every other API route):
 * odd methods, the call's own query and body fields with values past PostgreSQL's integer range, NUL
 * characters, arrays where one value is expected, malformed and mistyped bodies, with and without a session.
 * A client's mistake is answered with a 4xx in the envelope, never a 5xx. (The pages' fuzz runs on the
 * production build: tests/e2e/no-5xx-fuzz.spec.ts.)
 */
const routes: RouteOptions[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let customer: string;
let staff: string;
let calls: CallDescription[];

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true, onRoute: (route) => void routes.push(route) }));
  await seedCatalog(app, [{ name: "Fuzz Anarkali", price: 2499, categoryId: 1 }]);
  customer = (await createUserAndLogin(app, ROLE.customer)).token;
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
  calls = await contractCalls();
});
afterAll(() => close());

/** Each API path with the fields its calls take: the contract's calls, and the routes it does not describe. */
function apiTargets() {
  const fields = new Map<string, Set<string>>();
  for (const call of calls) {
    const known = fields.get(`/api${call.path}`) ?? new Set<string>();
    for (const name of [...fieldNamesOf(call.query), ...fieldNamesOf(call.body)]) known.add(name);
    fields.set(`/api${call.path}`, known);
  }
  for (const route of routes)
    if (
      route.url.startsWith("/api/") &&
      route.url !== "/api/*" &&
      !route.url.includes(":") &&
      !fields.has(route.url)
    )
      fields.set(route.url, new Set());
  const everyField = allFieldNames(calls);
  return [...fields].map(([path, own]) => ({ path, names: own.size > 0 ? [...own] : everyField }));
}

const requestsOver = (targets: { path: string; names: string[] }[]) =>
  fc.constantFrom(...targets).chain(({ path, names }) =>
    fc.record({
      path: fc.constant(path),
      method: fc.constantFrom(...ANY_METHOD),
      query: oddQuery(names),
      body: fc.option(oddBody(names), { nil: undefined }),
      who: fc.constantFrom("guest", "customer", "staff", "bad-token"),
    }),
  );

describe("a client's mistake never gets a 5xx", () => {
  it("over every API call, method, query and body", async () => {
    const targets = apiTargets();
    expect(targets.length).toBeGreaterThanOrEqual(calls.length);
    await fc.assert(
      fc.asyncProperty(requestsOver(targets), async ({ path, method, query, body, who }) => {
        const token =
          who === "customer" ? customer : who === "staff" ? staff : who === "bad-token" ? "x" : "";
        const withBody = body && method !== "GET" && method !== "HEAD";
        const response = await app.inject({
          method,
          url: `${path}${query ? `?${query}` : ""}`,
          remoteAddress: freshIp(),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(withBody ? { "content-type": body.type } : {}),
          },
          ...(withBody ? { payload: body.payload } : {}),
        });
        if (response.statusCode >= 500)
          throw new Error(
            `${method} ${path}?${query} (${who}) ${body?.payload.slice(0, 200)}: ${response.body}`,
          );
        if (method !== "HEAD" && response.statusCode >= 400)
          expect(response.json(), `${method} ${path}`).toMatchObject({ code: response.statusCode });
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });
});
