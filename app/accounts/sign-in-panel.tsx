import { Link } from "react-router";
import type { ReactNode } from "react";
import { TEXT_LINK } from "~/components/styles";

/** The narrow card of the account-entry pages: a heading, a line under it, then the form or a notice. */
export function SignInPanel({
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

/** The line under an account form pointing to the neighbouring page ("New here? Create a New Account"). */
export function SignInFooterLink({ question, to, label }: { question?: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-muted">
      {question && <>{question} </>}
      <Link to={to} className={TEXT_LINK}>
        {label}
      </Link>
    </p>
  );
}
