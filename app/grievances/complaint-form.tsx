import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation, useRouteLoaderData, href, Link } from "react-router";
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  MAX_GRIEVANCE_PHOTOS,
} from "#contract/grievances-rules";
import type { SignedInUser } from "~/accounts/signed-in-user";
import { controlProps, FormField, FormNotice, useFieldErrors } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { useHydrated } from "~/lib/hydration";

export type ComplaintField = "name" | "email" | "orderId" | "category" | "text" | "photos";

/** What the page's action answers: the ticket, or the fields' problems with what was typed. */
export type ComplaintAnswer =
  | { ok: true; message: string; ticketNumber: string; confirmEmail: boolean }
  | {
      ok: false;
      message: string;
      errors: Partial<Record<ComplaintField, string>>;
      values: Record<Exclude<ComplaintField, "photos">, string>;
    };

/** The complaint form of /grievances: a guest gives her name and e-mail, a signed-in shopper need not. */
export function ComplaintForm() {
  const answer = useActionData<ComplaintAnswer>();
  const user = useRouteLoaderData<{ user: SignedInUser | null }>("root")?.user ?? null;
  const sending = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const failure = answer && !answer.ok ? answer : undefined;
  const { errorOf, markEdited } = useFieldErrors<ComplaintField>(answer, failure?.errors);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answer?.ok) {
      formRef.current?.reset();
      resultRef.current?.focus();
    } else if (answer) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);

  const control = (field: Exclude<ComplaintField, "photos">) => ({
    ...controlProps(`complaint-${field}`, errorOf(field)),
    name: field,
    defaultValue: failure?.values[field] ?? "",
    onChange: () => markEdited(field),
  });

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
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        {user ? (
          <p className="text-sm sm:col-span-2">
            Filing as <strong>{user.fullName}</strong>: we write to your account's e-mail.
          </p>
        ) : (
          <>
            <FormField id="complaint-name" label="Your name" error={errorOf("name")} required>
              <input {...control("name")} type="text" autoComplete="name" required maxLength={100} />
            </FormField>
            <FormField
              id="complaint-email"
              label="Your e-mail"
              error={errorOf("email")}
              required
              hint="We send a link to confirm it, then the ticket's answers."
            >
              <input
                {...control("email")}
                {...controlProps("complaint-email", errorOf("email"), { hint: true })}
                type="email"
                autoComplete="email"
                required
                maxLength={254}
              />
            </FormField>
          </>
        )}
        <FormField id="complaint-category" label="What is it about?" error={errorOf("category")} required>
          <select {...control("category")} required>
            <option value="">Choose one</option>
            {GRIEVANCE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {GRIEVANCE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="complaint-orderId" label="Order ID" error={errorOf("orderId")} optional>
          <input {...control("orderId")} type="text" maxLength={64} autoCapitalize="characters" />
        </FormField>
        <FormField
          id="complaint-text"
          label="What happened?"
          error={errorOf("text")}
          required
          className="sm:col-span-2"
        >
          <textarea {...control("text")} rows={6} required minLength={10} maxLength={5000} />
        </FormField>
        {/* Photos are compressed and uploaded by the page's scripts: without them the form has none, and says so. */}
        {hydrated ? (
          <FormField
            id="complaint-photos"
            label="Photos"
            error={errorOf("photos")}
            optional
            hint={`Up to ${MAX_GRIEVANCE_PHOTOS} photos, such as of a damaged piece or its parcel.`}
            className="sm:col-span-2"
          >
            <input
              {...controlProps("complaint-photos", errorOf("photos"), { hint: true })}
              name="photos"
              type="file"
              accept="image/*"
              multiple
              onChange={() => markEdited("photos")}
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
