import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  parse,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { useRef, type FormEvent } from "react";
import type { z } from "zod";
import type { ErrorEnvelope } from "#contract/envelope";
import type { FormCheck } from "./form-check";

/**
 * The store's one way to build a form (decision 054): Conform reads the form through the API call's own
 * schema, in the browser before it is sent and in the page's action after (form-reading.ts), so both say the
 * same words; the action then makes the call, and the API's refusal comes back on the same fields. Without
 * JavaScript the form posts to the action and comes back with what was typed and the errors.
 *
 * The browser's check (the schema and Zod, a third of a form page's scripts) is loaded when the shopper first
 * touches the form, not with the page (decision 055): until it is there a field is not checked as it is left,
 * and a form sent that soon waits for it.
 */

export type { SubmissionResult };

/** A form's answer from its page's action: Conform's reply (errors, values) and the API's message. */
export type FormAnswer = { ok: boolean; message: string; reply: SubmissionResult<string[]> };

/** The API's refusal for the form: its message above it, its field errors on the fields they name. */
export function refusalOf(
  submission: {
    reply: (options: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult;
  },
  refusal: Partial<Pick<ErrorEnvelope, "message" | "errors">>,
): SubmissionResult<string[]> {
  const fieldErrors = Object.fromEntries(
    Object.entries(refusal.errors ?? {}).map(([field, message]) => [field, [message]]),
  );
  return submission.reply({ formErrors: refusal.message ? [refusal.message] : [], fieldErrors });
}

/**
 * The reply for a form answered in the browser (a clientAction: the network or the server failed, a refusal
 * of an upload or of the API): what was typed, with the refusal's message and field errors.
 */
export function failedReply(
  form: FormData,
  refusal: Partial<Pick<ErrorEnvelope, "message" | "errors">> = {},
): SubmissionResult<string[]> {
  return refusalOf(parse<unknown, string[]>(form, { resolve: () => ({ error: {} }) }), refusal);
}

/** The browser's check of a form: Conform's Zod reading (form-check.ts) and the schema, loaded together. */
const loadedCheck = (load: () => Promise<z.ZodType>): Promise<FormCheck> =>
  Promise.all([import("./form-check"), load()]).then(([{ checkWith }, schema]) => checkWith(schema));

/** A form read in the browser (a clientAction) through its check, loaded as useContractForm loads it. */
export async function readFormInBrowser<Schema extends z.ZodType>(
  form: FormData,
  load: () => Promise<Schema>,
) {
  return (await loadedCheck(load))(form) as Submission<z.output<Schema>, string[]>;
}

/** The first problem a form's check found, which the API would have answered with. */
export function firstErrorOf(submission: { error?: Record<string, string[] | null> | null }): string {
  const messages = Object.values(submission.error ?? {}).find((list) => list?.[0]);
  return messages?.[0] ?? "The form could not be read.";
}

/** A check that leaves the form to the page's action: what runs until the browser's check has loaded. */
const leaveToServer = (formData: FormData) =>
  parse<unknown, string[]>(formData, { resolve: () => ({ error: null }) });

type Check = { run: FormCheck | null; loading: Promise<void> | null };

/**
 * A form checked by a call's schema, `load`ed on first use (`() => import("#contract/…").then((m) => m.x)`):
 * each field when it is left, again as it is edited once it has an error (so an error goes as soon as the
 * field is put right, spec section 5), and all of them on submit, which moves the keyboard to the first one
 * with a problem. `lastResult` is the action's reply. `formProps` are the <Form>'s own props: its id, the
 * check before sending (`onRefused` when it keeps the form from being sent), the check's loading on the first
 * touch, and noValidate once the page is hydrated (before, the browser checks the `required` fields).
 */
export function useContractForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  load: () => Promise<Schema>,
  lastResult: SubmissionResult<string[]> | undefined,
  options: { id?: string; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const check = useRef<Check>({ run: null, loading: null }).current;
  const loadCheck = () =>
    (check.loading ??= loadedCheck(load).then(
      (run) => void (check.run = run),
      // Not loaded (the network): the page's action checks the form instead.
      () => void (check.run = leaveToServer),
    ));
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema is the one this form's fields are typed by, loaded later: its reading is that type.
    onValidate: ({ formData }) =>
      (check.run ?? leaveToServer)(formData) as Submission<z.input<Schema>, string[], z.output<Schema>>,
  });
  const formProps = ({ onRefused }: { onRefused?: () => void } = {}) => {
    const props = getFormProps(form);
    return {
      ...props,
      onFocus: () => void loadCheck(),
      onPointerDown: () => void loadCheck(),
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        if (!check.run) {
          // Sent before the check arrived: sent again once it is there, with the same button.
          event.preventDefault();
          const element = event.currentTarget;
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          void loadCheck().then(() => element.requestSubmit(submitter));
          return;
        }
        props.onSubmit(event);
        if (event.defaultPrevented) onRefused?.();
      },
    };
  };
  return { form, fields, formProps };
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
