import type { ReactNode } from "react";

/** The narrow card of the account-entry pages: a heading, a line under it, then the form or a notice. */
export function AuthPanel({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="auth-title" className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 id="auth-title" className="text-3xl font-bold">
          {title}
        </h1>
        {intro && <p className="mt-2 text-muted">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
