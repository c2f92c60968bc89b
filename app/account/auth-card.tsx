import type { ReactNode } from "react";

export const INPUT_CLASS =
  "mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-600";
export const inputBorder = (error: string | undefined) => (error ? "border-red-700" : "border-muted/70");
export const PRIMARY_BUTTON =
  "w-full rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

/** The frame of the account entry pages: a centred card with a title and a line under it. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-muted">{intro}</p>
        {children}
      </div>
    </section>
  );
}

/** A labelled control with its error under it, tied by id for screen readers. */
export function FieldRow({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
