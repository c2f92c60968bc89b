import fc from "fast-check";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { HOME } from "../test-support/checkout";
import type { CallDescription } from "../../contract/call";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  allFieldNames,
  ANY_METHOD,
  contractCalls,
  deepJson,
  fieldNamesOf,
  inputSchemaOf,
  edgesOf,
  numberFields,
  NUMBER_TEXTS,
  oddBody,
  oddQuery,
  sampleOf,
  unboundedIntegers,
  withValueAt,
} from "../test-support/fuzz-inputs";
import { createTestApp } from "../test-support/test-app";
import { SANDBOX_PREFIX } from "../config";
import { TOO_DEEP_MESSAGE } from "./json-bodies";

/**
 * Thousands of generated requests over every API call the contract describes (and every other API route,
 * and the built-in PhonePe sandbox's):
 * odd methods, the call's own query and body fields with values past PostgreSQL's integer range, NUL
 * characters, arrays where one value is expected, malformed, mistyped and deeply nested bodies, with and
 * without a session. Then every call, one by one (the list is contract/'s, so a new call is in it): bodies
 * nested 10,000 deep, and each number it takes (and each value it leaves untyped, as prices) at the edges of
 * PostgreSQL's integer and smallint, -1, 0, a fraction, its own bounds and one past them, and as odd text
 * ("NaN", "1e10", "0x7fffffff"), in an otherwise plausible input: the generic sample, its required fields
 * alone, and for the money path an input that passes (an order of the dearest product, so that the largest
 * quantity overflows a total in paise).
 * A client's mistake is answered with a 4xx in the envelope, never a 5xx. (The pages' fuzz runs on the
 * production build: tests/e2e/no-5xx-fuzz.spec.ts.)
 */
const routes: RouteOptions[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let customer: string;
let staff: string;
let owner: string;
let calls: CallDescription[];

let dearest: number;
let ownerAddress: number;

beforeAll(async () => {
  ({ app, close } = await createTestApp(
    {
      // Orders that pass every check are placed by the hundred: the fair-share limits would stop them first.
      orderHolds: {
        holdMinutes: 15,
        unpaidOrdersPerAccount: 1_000_000,
        unpaidPiecesPerAccount: 1_000_000,
        unpaidOrdersPerAddress: 1_000_000,
        placeOrdersPerAccount: 1_000_000,
        placeOrdersPerAddress: 1_000_000,
      },
    },
    { listen: true, onRoute: (route) => void routes.push(route) },
  ));
  // Product 1 costs the most a product may (₹1,00,00,000): a sample order of it at the largest quantity
  // comes to ten digits of paise.
  const seeded = await seedCatalog(app, [
    { name: "Fuzz Bridal Lehenga", price: 10_000_000, categoryId: 1, sizes: { XS: 100_000, S: 100_000 } },
    { name: "Fuzz Anarkali", price: 2499, categoryId: 1 },
  ]);
  dearest = seeded[0]!;
  customer = (await createUserAndLogin(app, ROLE.customer)).token;
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
  const ownerAccount = await createUserAndLogin(app, ROLE.superAdmin);
  owner = ownerAccount.token;
  const saved = await post(app, "/api/addresses/add-address", HOME, bearer(owner));
  ownerAddress = saved.json().data.id as number;
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
  // The other API routes, and the built-in PhonePe sandbox's (its `:ids` as an odd id).
  for (const route of routes) {
    const url = route.url.replace(/:\w+/g, "fuzz-1");
    if (
      (url.startsWith("/api/") || url.startsWith(`${SANDBOX_PREFIX}/`)) &&
      url !== "/api/*" &&
      !fields.has(url)
    )
      fields.set(url, new Set());
  }
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
        // The sandbox answers in PhonePe's words, not the store's envelope.
        if (method !== "HEAD" && response.statusCode >= 400 && path.startsWith("/api/"))
          expect(response.json(), `${method} ${path}`).toMatchObject({ code: response.statusCode });
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });
});

/**
 * One call as the super admin, whom every guard lets through, so that the input reaches the call's checks
 * and service; logout gets a session of its own to end.
 */
async function callAsOwner(call: CallDescription, input: unknown, payload?: string) {
  const token = call.path === "/users/logout" ? (await createUserAndLogin(app, ROLE.customer)).token : owner;
  const query =
    call.method === "GET" && input && typeof input === "object"
      ? new URLSearchParams(
          Object.entries(input).map(([name, value]) => [
            name,
            typeof value === "object" ? "" : String(value),
          ]),
        ).toString()
      : "";
  return app.inject({
    method: call.method,
    url: `/api${call.path}${query ? `?${query}` : ""}`,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(call.method === "GET" ? {} : { payload: payload ?? JSON.stringify(input) }),
  });
}

describe("every call, one by one", () => {
  it("answers a JSON body nested past 32 levels with 400, before anything walks it", async () => {
    const withBody = calls.filter((call) => call.method !== "GET");
    expect(withBody.length).toBeGreaterThan(30);
    for (const call of withBody) {
      const [field = "x"] = fieldNamesOf(call.body);
      for (const payload of [
        deepJson(10_000, "array"),
        deepJson(10_000, "object"),
        `{"${field}":${deepJson(10_000, "array")}}`,
        `{"${field}":${deepJson(33, "object")}}`,
      ]) {
        const response = await callAsOwner(call, undefined, payload);
        const said = `${call.method} ${call.path} ${payload.slice(0, 40)}`;
        expect(response.statusCode, `${said}: ${response.body}`).toBe(400);
        expect(response.json().message, said).toBe(TOO_DEEP_MESSAGE);
      }
    }
  });

  it("takes whole numbers only within PostgreSQL's integer", () => {
    const unbounded = calls.flatMap((call) => {
      const schema = inputSchemaOf(call);
      return schema ? unboundedIntegers(schema).map((field) => `${call.method} ${call.path}: ${field}`) : [];
    });
    expect(unbounded).toEqual([]);
  });

  /**
   * Inputs that pass every check of the calls on the money path, where the generic sample stops early (a
   * saved address, a product and size that exist): each number of them set to an edge reaches the pricing,
   * the limits and the database.
   */
  const plausible = (): Record<string, unknown> => ({
    "/orders/place-order": {
      items: [{ id: dearest, size: "XS", quantity: 1 }],
      addressId: ownerAddress,
      paymentMethod: "phonePe",
    },
    "/orders/price-cart": { items: [{ id: dearest, size: "XS", quantity: 1 }] },
  });

  /**
   * An order placed is cancelled at once: one account holds one unpaid order of a piece (decision 035), and
   * the next input must reach the pricing and the database again, not that refusal.
   */
  async function placedThenCancelled(call: CallDescription, input: unknown) {
    const response = await callAsOwner(call, input);
    if (call.path === "/orders/place-order" && response.statusCode === 200) {
      const cancel = calls.find((candidate) => candidate.path === "/orders/cancel-order")!;
      const cancelled = await callAsOwner(cancel, { orderId: response.json().data.orderId });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    return response;
  }

  it("the plausible inputs of the money path pass as they are, twice", async () => {
    for (const [path, input] of Object.entries(plausible()))
      for (let time = 0; time < 2; time++) {
        const call = calls.find((candidate) => candidate.path === path)!;
        const response = await placedThenCancelled(call, input);
        expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      }
  });

  it("answers each number at the edges of its field and of PostgreSQL's integer, or as odd text, with a 4xx, never a 5xx", async () => {
    let sent = 0;
    for (const call of calls) {
      const schema = inputSchemaOf(call);
      if (!schema) continue;
      const bases = [
        ...new Set(
          [plausible()[call.path], sampleOf(schema), sampleOf(schema, { requiredOnly: true })]
            .filter((base) => base !== undefined)
            .map((base) => JSON.stringify(base)),
        ),
      ].map((text) => JSON.parse(text) as unknown);
      for (const base of bases)
        for (const field of numberFields(schema)) {
          const numbers = edgesOf(field);
          const values =
            call.method === "GET"
              ? [...new Set([...numbers.map(String), ...NUMBER_TEXTS])]
              : [...numbers, ...NUMBER_TEXTS];
          for (const value of values) {
            const response = await placedThenCancelled(call, withValueAt(base, field.path, value));
            sent++;
            expect(
              response.statusCode,
              `${call.method} ${call.path} ${field.path.join(".")}=${JSON.stringify(value)}: ${response.body}`,
            ).toBeLessThan(500);
          }
        }
    }
    expect(sent).toBeGreaterThan(2500);
    // About 3,000 requests: 15-30 s.
  }, 240_000);
});
