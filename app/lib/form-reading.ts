import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { ApiCaller, CallDescription, CallOptions, CallResult } from "#contract/call";
import { firstErrorOf } from "./forms";
import { postedForm } from "./form-values";

/**
 * A page's action reading its form (decision 054): the post read through the API call's own schema, which
 * the browser's check (forms.ts) used too, and the API's refusal put on the same fields.
 */

type ReplyOptions =
  { resetForm?: boolean } | { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/**
 * The posted form (the request's, or one the action has read already) read through a call's schema: `status: "success"` with its `value`, or its errors. The
 * `secrets` (passwords, codes) are never sent back in a reply, whatever it answers.
 */
export async function readForm<Schema extends z.ZodType>(
  posted: Request | FormData,
  schema: Schema,
  { secrets = [] }: { secrets?: string[] } = {},
) {
  const form = posted instanceof FormData ? posted : await postedForm(posted);
  const submission = parseWithZod(form, { schema });
  const reply = (options: ReplyOptions = {}) =>
    submission.reply("resetForm" in options ? options : { ...options, hideFields: secrets });
  return { ...submission, reply };
}

/** A field of the post as it was typed ("" when it is missing, a file or a list): one the schema leaves out. */
export function typedText(submission: { payload: Record<string, unknown> }, name: string): string {
  const value = submission.payload[name];
  return typeof value === "string" ? value : "";
}

/**
 * A form that is a call's body as it stands (a button's hidden fields: an id, a status), read through the
 * call's schema and sent (with the call's `options`); a post the schema refuses is answered as the API would, 400 with its messages.
 */
export async function callWithForm<Call extends CallDescription & { body: z.ZodType }>(
  api: ApiCaller,
  posted: Request | FormData,
  call: Call,
  options?: CallOptions<Call>,
): Promise<CallResult<Call>> {
  const submission = await readForm(posted, call.body);
  // The value is the body as its schema read it, which the call reads again: one input type for both.
  const send = api as (call: Call, input: unknown, options?: CallOptions<Call>) => Promise<CallResult<Call>>;
  if (submission.status === "success") return send(call, submission.value, options);
  const errors = Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
      messages?.[0] ? [[field, messages[0]]] : [],
    ),
  );
  return { ok: false, status: 400, code: 400, message: firstErrorOf(submission), errors };
}
