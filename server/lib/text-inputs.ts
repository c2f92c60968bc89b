export const NUL_MESSAGE = "Text cannot contain a NUL character.";

/** The path of the first string in a parsed body or query that holds a NUL character, if any. */
export function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\0") ? path || "body" : undefined;
  // Parsed JSON and query strings are plain objects and arrays; bytes, if a route ever takes them, are not text.
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const field = fieldWithNul(item, path ? `${path}.${key}` : key);
    if (field !== undefined) return field;
  }
  return undefined;
}
