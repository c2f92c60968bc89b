import fc from "fast-check";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin, freshIp } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { createTestApp } from "../test-support/test-app";

/**
 * Thousands of generated requests over every API route: odd methods, query values past PostgreSQL's integer
 * range, NUL characters, arrays where one value is expected, malformed and mistyped bodies, with and without
 * a session. A client's mistake is answered with a 4xx in the envelope, never a 5xx.
 */
const routes: RouteOptions[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let customer: string;
let staff: string;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, { listen: true, onRoute: (route) => void routes.push(route) }));
  await seedCatalog(app, [{ name: "Fuzz Anarkali", price: 2499, categoryId: 1 }]);
  customer = (await createUserAndLogin(app, ROLE.customer)).token;
  staff = (await createUserAndLogin(app, ROLE.admin)).token;
});
afterAll(() => close());

const apiPaths = () => [
  ...new Set(
    routes
      .map((route) => route.url)
      .filter((url) => url.startsWith("/api/") && url !== "/api/*" && !url.includes(":")),
  ),
];

const oddText = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "",
    "\u0000",
    "a\u0000b",
    "9007199254740991",
    "4294967296",
    "2147483648",
    "-1",
    "0",
    "1e309",
    "NaN",
    "1.5",
    "%",
    "%zz",
    "💃🏽",
    "' or 1=1 --",
    "x".repeat(5000),
  ),
);

const oddValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    oddText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(9007199254740991, 2 ** 31, -(2 ** 31) - 1, 1e308, null, true),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom("id", "orderId", "items", "size", "quantity", "email", "price"),
      tie("value"),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

const queryOf = fc.dictionary(
  fc.constantFrom(
    "id",
    "page",
    "limit",
    "categoryId",
    "minPrice",
    "maxPrice",
    "search",
    "sort",
    "group",
    "token",
  ),
  fc.oneof(oddText, fc.array(oddText, { minLength: 2, maxLength: 3 })),
  { maxKeys: 4 },
);

const bodyOf = fc.oneof(
  oddValue.map((value) => ({ type: "application/json", payload: JSON.stringify(value) })),
  fc.constantFrom(
    { type: "application/json", payload: "{" },
    { type: "application/json", payload: "" },
    { type: "application/json", payload: '{"items":[{"id":1,"size":"M","quantity":1}],"__proto__":{"x":1}}' },
    { type: "text/plain", payload: "hello" },
    { type: "application/x-www-form-urlencoded", payload: "a=1&b=%zz" },
    { type: "multipart/form-data; boundary=x", payload: "--x\r\nbroken" },
    { type: "application/json; charset=latin1", payload: '{"email":"a"}' },
  ),
);

const requestsOver = (paths: string[]) =>
  fc.record({
    path: fc.constantFrom(...paths),
    method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
    query: queryOf,
    body: fc.option(bodyOf, { nil: undefined }),
    who: fc.constantFrom("guest", "customer", "staff", "bad-token"),
  });

describe("a client's mistake never gets a 5xx", () => {
  it("over every API route, method, query and body", async () => {
    const paths = apiPaths();
    expect(paths.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(requestsOver(paths), async ({ path, method, query, body, who }) => {
        const search = new URLSearchParams();
        for (const [key, value] of Object.entries(query))
          for (const item of [value].flat()) search.append(key, item);
        const token =
          who === "customer" ? customer : who === "staff" ? staff : who === "bad-token" ? "x" : "";
        const response = await app.inject({
          method: method as "GET",
          url: `${path}${search.size ? `?${search}` : ""}`,
          remoteAddress: freshIp(),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body && method !== "GET" && method !== "HEAD" ? { "content-type": body.type } : {}),
          },
          ...(body && method !== "GET" && method !== "HEAD" ? { payload: body.payload } : {}),
        });
        if (response.statusCode >= 500)
          throw new Error(
            `${method} ${path}?${search} (${who}) ${body?.payload.slice(0, 200)}: ${response.body}`,
          );
        if (method !== "HEAD" && response.statusCode >= 400)
          expect(response.json(), `${method} ${path}`).toMatchObject({ code: response.statusCode });
      }),
      { numRuns: 3000, seed: 20261123 },
    );
  });
});
