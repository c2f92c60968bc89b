import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import type { z } from "zod";
import type { ErrorEnvelope } from "#contract/envelope";
import type { ApiCaller, CallDescription, CallResult } from "#contract/call";
import { postedForm } from "./form-values";

/**
 * The store's one way to build a form (decision 053): Conform reads the form through the API call's own
 * schema, in the browser before it is sent and in the page's action after, so both say the same words; the
 * action then makes the call, and the API's refusal comes back on the same fields. Without JavaScript the
 * form posts to the action and comes back with what was typed and the errors.
 */

export type { SubmissionResult };

/** A form's answer from its page's action: Conform's reply (errors, values) and the API's message. */
export type FormAnswer = { ok: boolean; message: string; reply: SubmissionResult<string[]> };

/**
 * The posted form read through a call's schema: `status: "success"` with its `value`, or its errors. The
 * `secrets` (passwords, codes) are never sent back in a reply, whatever it answers.
 */
export async function readForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { secrets = [] }: { secrets?: string[] } = {},
) {
  const submission = parseWithZod(await postedForm(request), { schema });
  const reply = (options: ReplyOptions = {}) =>
    submission.reply("resetForm" in options ? options : { ...options, hideFields: secrets });
  return { ...submission, reply };
}

/** A field of the post as it was typed ("" when it is missing, a file or a list): one the schema leaves out. */
export function typedText(submission: { payload: Record<string, unknown> }, name: string): string {
  const value = submission.payload[name];
  return typeof value === "string" ? value : "";
}

type ReplyOptions =
  { resetForm?: boolean } | { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/** The API's refusal for the form: its message above it, its field errors on the fields they name. */
export function refusalOf(
  submission: {
    reply: (options: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult;
  },
  refusal: Pick<ErrorEnvelope, "message" | "errors">,
): SubmissionResult {
  const fieldErrors = Object.fromEntries(
    Object.entries(refusal.errors ?? {}).map(([field, message]) => [field, [message]]),
  );
  return submission.reply({ formErrors: refusal.message ? [refusal.message] : [], fieldErrors });
}

/**
 * A form checked by a call's schema: each field when it is left, again as it is edited once it has an error
 * (so an error goes as soon as the field is put right, spec section 5), and all of them on submit, which
 * moves the keyboard to the first one with a problem. `lastResult` is the action's reply.
 */
export function useContractForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  options: { id?: string; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The <Form>'s own props: its id, the check before sending (`onRefused` when it keeps the form from being
 * sent) and noValidate once the page is hydrated (before, the browser checks the `required` fields).
 */
export function formProps<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema, string[]>,
  { onRefused }: { onRefused?: () => void } = {},
) {
  const props = getFormProps(form);
  return {
    ...props,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      props.onSubmit(event);
      if (event.defaultPrevented) onRefused?.();
    },
  };
}

const INPUT_CLASS =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-600";
const borderOf = (field: FieldMetadata<unknown>) => (field.errors ? "border-red-700" : "border-muted/70");
const describedBy = (field: FieldMetadata<unknown>, hint: boolean) =>
  hint ? { ariaDescribedBy: `${field.id}-hint` } : {};

/** The first error of a field, for FormField's `error`. */
export const errorOf = (field: FieldMetadata<unknown>) => field.errors?.[0];

type InputType = "text" | "email" | "tel" | "password" | "number" | "url" | "date" | "search";

/** An <input>'s props for a field: id, name, value as last posted, aria-invalid and its described-by. */
export function inputOf(field: FieldMetadata<unknown>, type: InputType, { hint = false } = {}) {
  const { key: _key, ...props } = getInputProps(field, { type, ...describedBy(field, hint) });
  return { ...props, className: `${INPUT_CLASS} ${borderOf(field)}` };
}

/** A password's or a code's props for PasswordInput: never filled in again from a reply. */
export function secretOf(field: FieldMetadata<unknown>, { hint = false } = {}) {
  const {
    key: _key,
    type: _type,
    ...props
  } = getInputProps(field, {
    type: "password",
    value: false,
    ...describedBy(field, hint),
  });
  return { ...props, className: `${INPUT_CLASS} ${borderOf(field)}` };
}

/** A checkbox's props for a boolean field: ticked as last posted. */
export function checkboxOf(field: FieldMetadata<unknown>) {
  const { key: _key, defaultChecked, ...props } = getInputProps(field, { type: "checkbox" });
  // Ticked only when a reply says so: an unticked box carries no state for React to set again.
  return defaultChecked ? { ...props, defaultChecked } : props;
}

/** A <textarea>'s props for a field. */
export function textareaOf(field: FieldMetadata<unknown>, { hint = false } = {}) {
  const { key: _key, ...props } = getTextareaProps(field, describedBy(field, hint));
  return { ...props, className: `${INPUT_CLASS} ${borderOf(field)}` };
}

/** A <select>'s props for a field. */
export function selectOf(field: FieldMetadata<unknown>, { hint = false } = {}) {
  const { key: _key, ...props } = getSelectProps(field, describedBy(field, hint));
  return { ...props, className: `${INPUT_CLASS} ${borderOf(field)}` };
}

/**
 * A form that is a call's body as it stands (a button's hidden fields: an id, a status), read through the
 * call's schema and sent; a post the schema refuses is answered as the API would, 400 with its messages.
 */
export async function callWithForm<Call extends CallDescription & { body: z.ZodType }>(
  api: ApiCaller,
  request: Request,
  call: Call,
): Promise<CallResult<Call>> {
  const submission = await readForm(request, call.body);
  // The value is the body as its schema read it, which the call reads again: one input type for both.
  const send = api as (call: Call, input: unknown) => Promise<CallResult<Call>>;
  if (submission.status === "success") return send(call, submission.value);
  const errors = Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
      messages?.[0] ? [[field, messages[0]]] : [],
    ),
  );
  const message = Object.values(errors)[0] ?? "The form could not be read.";
  return { ok: false, status: 400, code: 400, message, errors };
}
