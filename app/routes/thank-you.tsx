import { STORE } from "#contract/store";
import { SocialLinks } from "~/content/social-links";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/thank-you";
import { href, Link } from "react-router";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Thank You",
    description: `Thank you! Your free report from ${STORE.name} has been sent to your inbox.`,
    url: absoluteUrl(matches, href("/thank-you")),
    noindex: true,
  });

export default function ThankYou() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-600 text-3xl text-white shadow-md"
      >
        ✓
      </span>
      <h1 className="mt-6 text-4xl font-bold sm:text-5xl">Thank you!</h1>
      <p className="mt-4 text-lg text-muted">
        Your free report has been sent to your inbox. If you can't find it in a few minutes, please check your
        spam or promotions folder.
      </p>

      <section
        aria-labelledby="connect-title"
        className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8"
      >
        <h2 id="connect-title" className="text-2xl font-bold">
          Connect With Us
        </h2>
        <p className="mt-2 text-muted">
          New arrivals, styling ideas and festive drops, first on our socials.
        </p>
        <SocialLinks className="mt-5" />
      </section>

      <Link
        to={href("/")}
        className="mt-10 inline-block rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Visit Website
      </Link>
    </section>
  );
}
