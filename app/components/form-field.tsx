import type { ReactNode } from "react";

const INPUT_CLASS =
  "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-600";

/** The ids of a field's error and hint texts, named by the control's `aria-describedby`. */
export const errorIdOf = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;

/**
 * What a text control needs to show its error: `aria-invalid`, the error text (and the hint, when the
 * FormField has one) as its description and a red border. Spread it on the <input> or <textarea> inside a
 * FormField with the same id.
 */
export function controlProps(id: string, error: string | undefined, { hint = false } = {}) {
  const describedBy = [error ? errorIdOf(id) : "", hint ? hintIdOf(id) : ""].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: `${INPUT_CLASS} ${error ? "border-red-700" : "border-muted/70"}`,
  };
}

/**
 * A labelled form control with its error below. `required` puts an asterisk after the label (explain it
 * once above the form); `optional` says '(optional)'; a form whose fields are all required needs neither.
 */
export function FormField({
  id,
  label,
  required = false,
  optional = false,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  optional?: boolean;
  error?: string | undefined;
  /** A line under the control saying what it takes; pass `hint: true` to controlProps too. */
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-brand-700">
            *
          </span>
        )}
        {optional && (
          <>
            {" "}
            <span className="font-normal text-muted">(optional)</span>
          </>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintIdOf(id)} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorIdOf(id)} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The notice above a form after an answer: green for success, red for a failure. */
export function FormNotice({
  tone,
  children,
  className = "",
}: {
  tone: "success" | "error";
  children: ReactNode;
  className?: string;
}) {
  const colours =
    tone === "success" ? "bg-green-50 text-green-800 ring-green-200" : "bg-red-50 text-red-800 ring-red-200";
  return <div className={`rounded-lg px-4 py-3 text-sm ring-1 ${colours} ${className}`}>{children}</div>;
}
