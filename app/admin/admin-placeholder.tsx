import type { ReactNode } from "react";
import { BUTTON_PRIMARY } from "~/components/styles";
import { href, Link } from "react-router";

/** A staff page that is not built yet: it says so plainly and leads back to the dashboard. */
export function AdminPlaceholder({ title, text, icon }: { title: string; text: string; icon: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200"
      >
        {icon}
      </span>
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-3 text-muted">{text}</p>
      <Link to={href("/admin-dashboard")} className={`${BUTTON_PRIMARY} mt-8`}>
        Back to Admin Dashboard
      </Link>
    </section>
  );
}
