import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

/**
 * How deeply a JSON body may nest its arrays and objects. The deepest the store's calls take is 4 (a
 * place-order line's measurements); code that walks a parsed body (the NUL check, the schemas) recurses once
 * per level, and a 10,000-deep array overflowed its stack.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether a JSON text nests arrays and objects more than `max` deep: one pass over its characters, brackets
 * inside strings not counted, and no recursion, so a text of any depth costs only its length.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * JSON bodies are parsed by Fastify's own parser (which refuses `__proto__` and `constructor` keys), once
 * their depth is checked: a body nested past MAX_JSON_DEPTH is answered 400 before anything walks it.
 */
export function refuseDeepJson(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP_MESSAGE), undefined);
    parse(request, body as string, done);
  });
}
