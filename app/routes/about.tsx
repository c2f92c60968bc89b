import { STORE } from "#contract/store";
import { DeliveryRuleText } from "~/content/store-details";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About Us",
    description: `${STORE.name} is a Hyderabad boutique of handpicked Anarkalis, lehengas, half sarees and kids' ethnic wear, customised to your measure and delivered across India.`,
    url: absoluteUrl(matches, href("/about")),
  });

const PROMISES: { id: string; title: React.ReactNode; text: string }[] = [
  {
    id: "original",
    title: "100% Original Products",
    text: "Every piece is genuine and checked by hand in Hyderabad before it is packed, so what you see is what you receive.",
  },
  {
    id: "delivery",
    title: <DeliveryRuleText />,
    text: "Delivered across India, packed with care so your outfit arrives ready to wear. The charge, if any, is in your bag before you check out.",
  },
  {
    id: "india",
    title: "Ships within India only",
    text: "We deliver to addresses across India. We do not ship outside India at the moment.",
  },
];

export default function About() {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <p className="text-sm tracking-[0.2em] text-brand-100 uppercase">Our story</p>
          <h1 className="mt-3 text-4xl leading-tight font-bold sm:text-5xl">About {STORE.name}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
            A boutique from Hyderabad for women and girls who love ethnic wear, and want it to fit the way
            they imagined.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-5xl px-4">
        <section aria-labelledby="story-title" className="grid gap-8 py-12 md:grid-cols-5 md:gap-12 md:py-16">
          <h2 id="story-title" className="text-2xl font-bold sm:text-3xl md:col-span-2">
            Handpicked in Hyderabad, made for your celebrations
          </h2>
          <div className="space-y-4 leading-relaxed text-ink md:col-span-3">
            <p>
              {STORE.name} began in Hyderabad with a simple idea: festive and wedding wear should feel
              personal. We handpick every Anarkali, lehenga and crop top, half saree and ethnic set in our
              collection, and a line of kids' wear so the little ones can match.
            </p>
            <p>
              We look for honest fabrics, fine finishing and colours that photograph beautifully, whether you
              are dressing for a haldi, a sangeet, a pooja at home or your own wedding day.
            </p>
            <p>
              Because no two people are the same shape, most of our pieces can be tailored before they leave
              our studio. Tell us what you would like changed, and our tailors will make it yours.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="custom-title"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-10"
        >
          <h2 id="custom-title" className="text-2xl font-bold sm:text-3xl">
            Customisation, the way you want it
          </h2>
          <p className="mt-3 max-w-2xl text-muted">
            Choose any of these changes when you order. Customised pieces are made to measure, just for you.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2 sm:gap-3">
            {STORE.customizations.map((name) => (
              <li
                key={name}
                className="rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200"
              >
                {name}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="promise-title" className="py-12 md:py-16">
          <h2 id="promise-title" className="text-2xl font-bold sm:text-3xl">
            What we promise
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {PROMISES.map((promise) => (
              <li key={promise.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
                <span aria-hidden="true" className="text-xl text-gold">
                  ✦
                </span>
                <h3 className="mt-2 text-lg font-bold">{promise.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">{promise.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="cta-title"
          className="flex flex-col items-start gap-5 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="cta-title" className="text-2xl font-bold">
              Find your next outfit
            </h2>
            <p className="mt-2 text-muted">
              Browse the collection, or ask us anything about sizes and customisation.
            </p>
          </div>
          <div className="flex w-full shrink-0 flex-col gap-3 sm:w-auto sm:flex-row">
            <Link
              to={href("/products")}
              className="rounded-full bg-brand-600 px-6 py-3 text-center whitespace-nowrap font-semibold text-white hover:bg-brand-700"
            >
              Shop the Collection
            </Link>
            <Link
              to={href("/contact")}
              className="rounded-full border border-brand-600 bg-white px-6 py-3 text-center whitespace-nowrap font-semibold text-brand-700 hover:bg-brand-100"
            >
              Contact Us
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
