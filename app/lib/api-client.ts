import type { getProductsCall } from "#contract/catalog";
import {
  queryValues,
  type ApiCaller,
  type CallDescription,
  type CallInput,
  type CallOptions,
  type CallOutput,
  type CallResult,
} from "#contract/call";
import type { ErrorEnvelope } from "#contract/envelope";

export type ProductListParams = CallInput<typeof getProductsCall>;

/**
 * The browser's client of the store's API: each call goes over HTTP to the path its description in
 * contract/ names, under /api, with the session cookie. Loaders and actions on the server use the context's
 * `api`, the same calls made in-process (server/lib/calls.ts). The answer's type is the call's output
 * schema's; the server has checked the answer against it before sending it.
 */
export const browserApi: ApiCaller = (call, ...[input, options]) => overHttp(call, input, options);

async function overHttp<Call extends CallDescription>(
  call: Call,
  input: unknown,
  options: CallOptions<Call> = {},
): Promise<CallResult<Call>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  Object.assign(headers, options.headers);
  let url = `/api${call.path}`;
  let body: BodyInit | undefined;
  if (call.query) {
    const query = new URLSearchParams(queryValues(input)).toString();
    if (query) url += `?${query}`;
  } else if (call.form) {
    if (input instanceof FormData) body = input;
  } else if (call.method === "POST") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(input ?? {});
  }

  let response: Response;
  try {
    response = await fetch(url, { method: call.method, headers, body });
  } catch {
    return { ok: false, status: 0, code: 0, message: "Network error. Please check your connection." };
  }
  // JSON's value: the envelope of an error, or the answer the output schema describes.
  const answer = await response.json().catch(() => null);
  if (!response.ok || answer === null) {
    const error: Partial<ErrorEnvelope> | null = answer;
    return {
      ok: false,
      status: response.status,
      code: response.status,
      message: error?.message ?? "Something went wrong",
      ...(error?.errors ? { errors: error.errors } : {}),
    };
  }
  const output: CallOutput<Call> = answer;
  return Object.assign({ ok: true as const }, output);
}
