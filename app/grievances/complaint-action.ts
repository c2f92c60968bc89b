import { data } from "react-router";
import type { CallResult } from "#contract/call";
import type { fileGrievanceCall } from "#contract/grievances";
import { formText } from "~/lib/form-values";
import type { ComplaintAnswer, ComplaintField } from "./complaint-form";

export const COMPLAINT_FAILURE = "Something went wrong. Please try again.";

/** The complaint's text fields as posted (what refills the form when it is shown again). */
export const complaintValues = (form: FormData) => ({
  name: formText(form, "name"),
  email: formText(form, "email"),
  orderId: formText(form, "orderId"),
  category: formText(form, "category"),
  text: formText(form, "text"),
});

/** The fields as file-grievance takes them: an empty field is no field. */
export function complaintRequest(values: ReturnType<typeof complaintValues>) {
  const given = (value: string) => (value.trim() ? value : undefined);
  return {
    category: values.category as never,
    text: values.text,
    orderId: given(values.orderId),
    name: given(values.name),
    email: given(values.email),
  };
}

/** What the page shows of file-grievance's answer, from the server (no scripts) or the browser. */
export function complaintAnswer(
  result: CallResult<typeof fileGrievanceCall>,
  values: ReturnType<typeof complaintValues>,
) {
  if (result.ok)
    return {
      ok: true,
      message: result.message,
      ticketNumber: result.data.ticketNumber,
      confirmEmail: result.data.status === "unconfirmed",
    } satisfies ComplaintAnswer;
  return data(
    {
      ok: false,
      message: result.status === 0 || result.status >= 500 ? COMPLAINT_FAILURE : result.message,
      errors: (result.errors ?? {}) as Partial<Record<ComplaintField, string>>,
      values,
    } satisfies ComplaintAnswer,
    { status: result.status >= 400 ? result.status : 503 },
  );
}
