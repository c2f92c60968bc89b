import { LockIcon } from "~/components/icons";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-available";
import { href, Link } from "react-router";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Access Denied",
    description: "You don't have permission to view this page.",
    url: absoluteUrl(matches, href("/not-available")),
    noindex: true,
  });

export default function NotAvailable() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <span
        aria-hidden="true"
        className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200"
      >
        <LockIcon size={30} />
      </span>
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">Access Denied</h1>
      <p className="mt-3 text-muted">
        Sorry, you don't have permission to view that page. If you think this is a mistake, sign in with the
        right account or contact us.
      </p>
      <Link
        to={href("/")}
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Go Back Home
      </Link>
    </section>
  );
}
