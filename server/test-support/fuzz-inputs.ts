import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { z } from "zod";
import type { CallDescription } from "../../contract/call";
import { MAX_ID } from "../../contract/ids";

/**
 * What the no-5xx fuzz tests send, derived from the store's own tables rather than a hand list: every call
 * described in contract/ (its method, path, and the fields of its query and body), and every page of
 * app/routes.ts. The values are the kinds of text and numbers that broke the store before: past PostgreSQL's
 * integer, NUL characters, bad percent-encoding, huge strings, arrays where one value is expected, JSON
 * nested 10,000 deep.
 */

/** Whole numbers at the edges of PostgreSQL's integer and smallint, and ten digits (past both). */
export const INTEGER_EDGES = [
  MAX_ID,
  MAX_ID + 1,
  -MAX_ID - 1,
  -MAX_ID - 2,
  32_767,
  32_768,
  9_999_999_999,
  Number.MAX_SAFE_INTEGER,
] as const;

/** Text a number field may be sent as that is not a plain number: what `Number()` and coercion read oddly. */
export const NUMBER_TEXTS = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e10",
  "0x7fffffff",
  "2147483648",
  "-1",
  "1.5",
  "",
  " ",
  "1,000",
] as const;

/**
 * The numbers to try in a field: the edges of PostgreSQL's integer and smallint and ten digits, -1, 0 and a
 * fraction, and the field's own bounds and one past each (its largest allowed value may still overflow
 * what is computed from it: three pieces of the dearest product).
 */
export const edgesOf = (field: { minimum?: number; maximum?: number }) => [
  ...new Set<number>([
    ...INTEGER_EDGES,
    -1,
    0,
    1.5,
    ...(field.minimum === undefined ? [] : [field.minimum, field.minimum - 1]),
    ...(field.maximum === undefined ? [] : [field.maximum, field.maximum + 1]),
  ]),
];

/** JSON text of arrays, or objects, nested `depth` deep (written out: a walk would overflow building it). */
export const deepJson = (depth: number, shape: "array" | "object") =>
  shape === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

const CONTRACT = path.resolve(import.meta.dirname, "../../contract");

/** Every call described in contract/ (each module's exports made by defineCall). */
export async function contractCalls(): Promise<CallDescription[]> {
  const calls: CallDescription[] = [];
  for (const file of readdirSync(CONTRACT).filter((name) => /^[a-z-]+\.ts$/.test(name))) {
    const module = (await import(pathToFileURL(path.join(CONTRACT, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module))
      if (
        typeof value === "object" &&
        value !== null &&
        "method" in value &&
        "path" in value &&
        "output" in value
      )
        calls.push(value as CallDescription);
  }
  return calls;
}

/** The field names an object schema reads, through the defaults, pipes and refinements around it. */
export function fieldNamesOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const { def } = schema as unknown as {
    def: { shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType };
  };
  if (def.shape) return Object.keys(def.shape);
  return fieldNamesOf(def.in ?? def.innerType ?? def.schema);
}

/** Every field any call takes in its query or body, and the few the pages' forms add. */
export const allFieldNames = (calls: CallDescription[]) => [
  ...new Set([
    ...calls.flatMap((call) => [...fieldNamesOf(call.query), ...fieldNamesOf(call.body)]),
    "intent",
    "redirectTo",
    "index",
    "_routes",
  ]),
];

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every page path of a React Router route table (app/routes.ts), with its `:params` and `*` as written. */
export function pagePaths(routes: RouteEntry[], prefix = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? prefix || "/" : `${prefix}/${route.path ?? ""}`.replace(/\/+/g, "/");
    return [own, ...pagePaths(route.children ?? [], route.index ? prefix : own)];
  });
}

export const oddText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 5 }),
  fc.constantFrom(
    "",
    "\u0000",
    "a\u0000b",
    ...INTEGER_EDGES.map(String),
    "4294967296",
    "-1",
    "0",
    "1",
    "1e309",
    "NaN",
    "1.5",
    "%",
    "%zz",
    "%E0%A4%A",
    "💃🏽",
    "' or 1=1 --",
    "x".repeat(5000),
    "../../etc/passwd",
    "//evil.example",
    "<script>",
    "M",
    "true",
  ),
);

/** JSON values of any shape, nested a little, made of odd text and numbers. */
export const oddValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    oddText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(...INTEGER_EDGES, 1e308, null, true),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(oddText, tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** A query string over `names`: odd values, and now and then the same name twice. */
export const oddQuery = (names: string[]) =>
  fc
    .dictionary(
      fc.constantFrom(...names),
      fc.oneof(oddText, fc.array(oddText, { minLength: 2, maxLength: 3 })),
      {
        maxKeys: 4,
      },
    )
    .map((query) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        for (const item of [value].flat()) search.append(name, item);
      return search.toString();
    });

export type OddBody = { type: string; payload: string };

/**
 * A body over `names`: a form (URL-encoded or multipart) or JSON with odd values in those fields, or one
 * that is not what its content type says.
 */
export const oddBody = (names: string[]): fc.Arbitrary<OddBody> => {
  const fields = fc.dictionary(fc.constantFrom(...names), oddText, { maxKeys: 5 });
  return fc.oneof(
    fields.map((form) => ({
      type: "application/x-www-form-urlencoded",
      payload: new URLSearchParams(form).toString(),
    })),
    fields.map((form) => ({
      type: "multipart/form-data; boundary=fuzz",
      payload:
        Object.entries(form)
          .map(
            ([name, value]) => `--fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          )
          .join("") + "--fuzz--\r\n",
    })),
    fc
      .dictionary(fc.constantFrom(...names), oddValue, { maxKeys: 5 })
      .map((json) => ({ type: "application/json", payload: JSON.stringify(json) })),
    oddValue.map((json) => ({ type: "application/json", payload: JSON.stringify(json) ?? "" })),
    fc.constantFrom(
      { type: "multipart/form-data; boundary=x", payload: "--x\r\nbroken" },
      { type: "multipart/form-data", payload: "a=1" },
      {
        type: "multipart/form-data; boundary=x",
        payload: "--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--",
      },
      { type: "application/x-www-form-urlencoded", payload: "%zz=%" },
      { type: "application/x-www-form-urlencoded; charset=utf-16", payload: "a=1" },
      { type: "application/json", payload: "{" },
      { type: "application/json", payload: `{"items":${deepJson(10_000, "array")}}` },
      { type: "application/json", payload: deepJson(10_000, "object") },
      { type: "application/json", payload: "" },
      {
        type: "application/json",
        payload: '{"items":[{"id":1,"size":"M","quantity":1}],"__proto__":{"x":1}}',
      },
      { type: "application/json; charset=latin1", payload: '{"email":"a"}' },
      { type: "text/plain", payload: "hello" },
      { type: "application/octet-stream", payload: "\u0000\u0001" },
      { type: ";;;", payload: "a=1" },
    ),
  );
};

export const ANY_METHOD = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
};

/** A call's input (its query or body) as JSON Schema, as a client writes it. */
export const inputSchemaOf = (call: CallDescription): JsonSchema | undefined => {
  const schema = call.query ?? call.body;
  return schema && (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
};

/**
 * A plausible value of a schema: each property filled (or only the required ones), the first of an enum,
 * one item of a list, the smallest number (1 for ids). Enough to pass most of a call's checks, so that one
 * field set to an odd value reaches the service and the database behind them.
 */
export function sampleOf(schema: JsonSchema, { requiredOnly = false } = {}): unknown {
  const sample = (inner: JsonSchema) => sampleOf(inner, { requiredOnly });
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return sample(options.find((option) => option.type !== "null") ?? options[0]!);
  const type = [schema.type].flat()[0];
  if (type === "object" || schema.properties) {
    const object: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (!requiredOnly || schema.required?.includes(name)) object[name] = sample(property);
    if (typeof schema.additionalProperties === "object") object.M = sample(schema.additionalProperties);
    return object;
  }
  if (type === "array")
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
  if (type === "integer" || type === "number")
    return Math.max(1, schema.minimum ?? schema.exclusiveMinimum ?? 1);
  if (type === "boolean") return true;
  if (type === "string") {
    if (schema.format === "email") return "fuzz@example.in";
    return "x".repeat(Math.max(1, schema.minLength ?? 1));
  }
  return "1";
}

/** A number in a call's input: its path (object keys, `0` for a list's item, `M` for a record's value) and bounds. */
export type NumberField = { path: string[]; minimum?: number; maximum?: number };

/**
 * Every number in a schema, and every value it leaves untyped (a price the contract reads from a number or
 * its text, which JSON Schema shows as `{}`).
 */
export function numberFields(schema: JsonSchema, path: string[] = []): NumberField[] {
  const type = [schema.type].flat();
  const untyped =
    path.length > 0 &&
    schema.type === undefined &&
    !schema.properties &&
    !schema.items &&
    !schema.anyOf &&
    !schema.oneOf &&
    !schema.allOf &&
    !schema.enum &&
    schema.const === undefined;
  if (
    untyped ||
    ((type.includes("integer") || type.includes("number")) && schema.const === undefined && !schema.enum)
  ) {
    const minimum = schema.minimum ?? schema.exclusiveMinimum;
    const maximum = schema.maximum ?? schema.exclusiveMaximum;
    return [
      {
        path,
        ...(minimum === undefined ? {} : { minimum }),
        ...(maximum === undefined ? {} : { maximum }),
      },
    ];
  }
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [];
  return [
    ...options.flatMap((option) => numberFields(option, path)),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      numberFields(property, [...path, name]),
    ),
    ...(schema.items ? numberFields(schema.items, [...path, "0"]) : []),
    ...(typeof schema.additionalProperties === "object"
      ? numberFields(schema.additionalProperties, [...path, "M"])
      : []),
  ];
}

/** A copy of `value` with the value at `path` replaced. */
export function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = withValueAt(copy[head] ?? (rest[0] === "0" ? [] : {}), rest, replacement);
  return copy;
}

/** Every integer of a schema, with its path, that has no bounds or bounds past PostgreSQL's integer. */
export function unboundedIntegers(schema: JsonSchema, path = ""): string[] {
  const lowest = schema.minimum ?? schema.exclusiveMinimum;
  const highest = schema.maximum ?? schema.exclusiveMaximum;
  const fits = lowest !== undefined && highest !== undefined && lowest >= -MAX_ID - 1 && highest <= MAX_ID;
  const own =
    [schema.type].flat().includes("integer") && schema.const === undefined && !fits
      ? [path || "(the whole input)"]
      : [];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [];
  return [
    ...own,
    ...options.flatMap((option) => unboundedIntegers(option, path)),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      unboundedIntegers(property, path ? `${path}.${name}` : name),
    ),
    ...(schema.items ? unboundedIntegers(schema.items, `${path}[]`) : []),
    ...(typeof schema.additionalProperties === "object"
      ? unboundedIntegers(schema.additionalProperties, `${path}.*`)
      : []),
  ];
}
