import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useRouteLoaderData, href, Link } from "react-router";
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  MAX_GRIEVANCE_PHOTOS,
} from "#contract/grievances-rules";
import type { SignedInUser } from "~/accounts/signed-in-user";
import { controlProps, FormField, FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { errorOf, inputOf, selectOf, textareaOf, useContractForm } from "~/lib/forms";
import { useHydrated } from "~/lib/hydration";
import { loadComplaintForm, type ComplaintAnswer } from "./complaint-action";

/** The complaint form of /grievances: a guest gives her name and e-mail, a signed-in shopper need not. */
export function ComplaintForm() {
  const answer = useActionData<ComplaintAnswer>();
  const user = useRouteLoaderData<{ user: SignedInUser | null }>("root")?.user ?? null;
  const sending = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const failure = answer && !answer.ok ? answer : undefined;
  const { fields, formProps } = useContractForm(loadComplaintForm, failure?.reply, { id: "complaint" });
  // A photo's error goes once other photos are chosen.
  const [photosChangedFor, setPhotosChangedFor] = useState<unknown>();
  const photosError = photosChangedFor === failure ? undefined : failure?.photosError;
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answer?.ok) {
      formRef.current?.reset();
      resultRef.current?.focus();
    } else if (answer) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);

  return (
    <section
      aria-labelledby="complaint-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8"
    >
      <h2 id="complaint-title" className="text-2xl font-bold">
        File a complaint
      </h2>
      {answer?.ok ? (
        <div ref={resultRef} tabIndex={-1} className="mt-4 outline-none">
          <FormNotice tone="success">
            <p className="text-base" role="status">
              Your ticket number: <strong data-testid="ticket-number">{answer.ticketNumber}</strong>
            </p>
            <p className="mt-1">{answer.message}</p>
          </FormNotice>
          {!answer.confirmEmail && (
            <p className="mt-3 text-sm">
              Follow it under{" "}
              <Link to={href("/complaints")} className={TEXT_LINK}>
                My Complaints
              </Link>
              .
            </p>
          )}
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      )}
      {failure && (
        <FormNotice tone="error" className="mt-4">
          {failure.message}
        </FormNotice>
      )}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        {...formProps()}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        {user ? (
          <p className="text-sm sm:col-span-2">
            Filing as <strong>{user.fullName}</strong>: we write to your account's e-mail.
          </p>
        ) : (
          <>
            <FormField id={fields.name.id} label="Your name" error={errorOf(fields.name)} required>
              <input {...inputOf(fields.name, "text")} autoComplete="name" required maxLength={100} />
            </FormField>
            <FormField
              id={fields.email.id}
              label="Your e-mail"
              error={errorOf(fields.email)}
              required
              hint="We send a link to confirm it, then the ticket's answers."
            >
              <input
                {...inputOf(fields.email, "email", { hint: true })}
                autoComplete="email"
                required
                maxLength={254}
              />
            </FormField>
          </>
        )}
        <FormField
          id={fields.category.id}
          label="What is it about?"
          error={errorOf(fields.category)}
          required
        >
          <select {...selectOf(fields.category)} required>
            <option value="">Choose one</option>
            {GRIEVANCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {GRIEVANCE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fields.orderId.id} label="Order ID" error={errorOf(fields.orderId)} optional>
          <input {...inputOf(fields.orderId, "text")} maxLength={64} autoCapitalize="characters" />
        </FormField>
        <FormField
          id={fields.text.id}
          label="What happened?"
          error={errorOf(fields.text)}
          required
          className="sm:col-span-2"
        >
          <textarea {...textareaOf(fields.text)} rows={6} required minLength={10} maxLength={5000} />
        </FormField>
        {/* Photos are compressed and uploaded by the page's scripts: without them the form has none, and says so. */}
        {hydrated ? (
          <FormField
            id="complaint-photos"
            label="Photos"
            error={photosError}
            optional
            hint={`Up to ${MAX_GRIEVANCE_PHOTOS} photos, such as of a damaged piece or its parcel.`}
            className="sm:col-span-2"
          >
            <input
              {...controlProps("complaint-photos", photosError, { hint: true })}
              name="photos"
              type="file"
              accept="image/*"
              multiple
              onChange={() => setPhotosChangedFor(failure)}
            />
          </FormField>
        ) : (
          <p className="text-sm text-muted sm:col-span-2">
            Adding photos needs JavaScript; the complaint itself does not.
          </p>
        )}
        <p className="text-sm text-muted sm:col-span-2">
          We use what you write only to resolve this complaint, as our{" "}
          <Link to={href("/privacy-policy")} className={TEXT_LINK}>
            Privacy Notice
          </Link>{" "}
          explains.
        </p>
        <div className="sm:col-span-2">
          <button type="submit" disabled={sending} className={`${BUTTON_PRIMARY} w-full sm:w-auto`}>
            {sending ? "Sending..." : "File complaint"}
          </button>
        </div>
      </Form>
    </section>
  );
}
