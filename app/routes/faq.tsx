import { STORE } from "#contract/store";
import { FAQ_ITEMS } from "~/content/faq";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/faq";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Frequently Asked Questions",
    description: `Answers about returns, delivery times, sizes, customisation and payment at ${STORE.name}.`,
    url: absoluteUrl(matches, href("/faq")),
  });

export default function Faq() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="text-center">
        <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Help centre</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Frequently Asked Questions</h1>
        <p className="mt-3 text-muted">
          Quick answers about orders, delivery, sizes, customisation and payment.
        </p>
      </header>

      <div className="mt-8 space-y-3">
        {FAQ_ITEMS.map((item, index) => (
          <details
            key={item.id}
            id={item.id}
            open={index === 0}
            className="group rounded-xl bg-white shadow-sm ring-1 ring-brand-100 open:ring-brand-200"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-ink hover:text-brand-700 [&::-webkit-details-marker]:hidden">
              <span className="text-base sm:text-lg">{item.question}</span>
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg leading-none text-brand-700 transition group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className="space-y-3 px-5 pb-5 leading-relaxed text-muted">{item.answer}</div>
          </details>
        ))}
      </div>

      <aside className="mt-10 rounded-xl bg-brand-50 p-6 text-center ring-1 ring-brand-100">
        <h2 className="text-xl font-bold">Still have a question?</h2>
        <p className="mt-2 text-muted">{STORE.replyPromise}</p>
        <Link
          to={href("/contact")}
          className="mt-4 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Contact Us
        </Link>
      </aside>
    </section>
  );
}
