import { Validator } from "@seriousme/openapi-schema-validator";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app";

type Operation = {
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
};

const routes: RouteOptions[] = [];
let docs: Document;
let close: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  close = test.close;
  const response = await test.app.inject("/api/docs");
  expect(response.statusCode).toBe(200);
  docs = response.json();
});

afterAll(() => close());

/** The API calls a client can make: every route under /api but the docs, the health check and the 404. */
const apiCalls = () =>
  routes
    .filter(
      (route) => route.url.startsWith("/api/") && !["/api/docs", "/api/health", "/api/*"].includes(route.url),
    )
    .flatMap((route) =>
      [route.method].flat().map((method) => ({ method, path: route.url.slice("/api".length) })),
    )
    // Fastify answers HEAD for each GET on its own; the document has the GET.
    .filter(({ method }) => method !== "HEAD");

const operations = () =>
  Object.entries(docs.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe("the OpenAPI document at /api/docs", () => {
  it("is a valid OpenAPI 3 document", async () => {
    const result = await new Validator().validate(docs as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every API call, the aliases included, and nothing outside the API", () => {
    const calls = apiCalls();
    expect(calls.length).toBeGreaterThan(10);
    for (const { method, path } of calls)
      expect(docs.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    expect(docs.paths["/register-verify-otp"]?.post).toBeDefined();
    expect(docs.paths["/products/delete-product"]?.delete).toBeDefined();
    expect(Object.keys(docs.paths).filter((path) => path.includes("*") || path.startsWith("/dev"))).toEqual(
      [],
    );
  });

  it("gives every call the error envelope as its 4XX and 5XX answers", () => {
    for (const { path, method, operation } of operations()) {
      if (path === "/health") continue;
      for (const status of ["4XX", "5XX"])
        expect(JSON.stringify(operation.responses[status]), `${method} ${path} ${status}`).toMatch(
          /"code".*"message".*"errors"/,
        );
    }
  });

  it("names the session's security schemes on the calls that need a session", () => {
    const schemes = docs.components.securitySchemes;
    expect(Object.values(schemes)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "http", scheme: "bearer" }),
        expect.objectContaining({ type: "apiKey", in: "cookie" }),
      ]),
    );
    const needsSession = Object.keys(schemes).map((name) => ({ [name]: [] }));
    for (const [path, method] of [
      ["/users/get-me", "get"],
      ["/users/get-users", "get"],
      ["/users/update-role", "post"],
      ["/products/delete-product", "get"],
    ] as const)
      expect(docs.paths[path]![method]!.security, `${method} ${path}`).toEqual(needsSession);
    expect(docs.paths["/users/login"]!.post!.security).toBeUndefined();
    expect(docs.paths["/products/get-products"]!.get!.security).toBeUndefined();
  });

  it("describes the uploads' multipart bodies: the repeated field files, each a binary image", () => {
    for (const [path, max] of [
      ["/utils/upload-images", 10],
      ["/users/upload-review-photos", 3],
    ] as const) {
      const body = docs.paths[path]!.post!.requestBody;
      expect(Object.keys(body?.content ?? {}), path).toEqual(["multipart/form-data"]);
      expect(body!.content["multipart/form-data"]!.schema, path).toMatchObject({
        type: "object",
        required: ["files"],
        properties: {
          files: { type: "array", minItems: 1, maxItems: max, items: { type: "string", format: "binary" } },
        },
      });
    }
  });

  it("documents the authorization header that login and verification answer", () => {
    for (const path of ["/users/login", "/users/register-verify-otp"])
      expect(docs.paths[path]!.post!.responses["200"]!.headers, path).toHaveProperty("authorization");
  });
});
