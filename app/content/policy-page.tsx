import type { ReactNode } from "react";
import { STORE } from "#contract/store";
import { StoreContactDetails } from "./store-contact-details";
import { href, Link } from "react-router";

export type PolicySection = {
  /** The anchor of the section, e.g. "information-we-collect". */
  id: string;
  title: string;
  content: ReactNode;
};

/** The policy pages, for the "other policies" links at the foot of each. */
export const POLICY_LINKS = [
  { to: href("/privacy"), label: "Privacy Notice" },
  { to: href("/privacy-policy"), label: "Privacy Policy" },
  { to: href("/cookies-policy"), label: "Cookies Policy" },
  { to: href("/terms-and-conditions"), label: "Terms & Conditions" },
  { to: href("/shipping-policy"), label: "Shipping Policy" },
  { to: href("/return-policy"), label: "Return Policy" },
  { to: href("/faq"), label: "FAQ" },
] as const;

/** Paragraphs, lists, tables and links inside a section, styled like legal prose. */
const PROSE =
  "mt-3 space-y-3 leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-800 [&_li]:mt-1.5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5";

/**
 * The common layout of the legal pages: a header with the title, the date of the last update and a
 * summary; a table of contents; numbered sections (h2); and a footer with the store's contact details and
 * links to the other policies.
 */
export function PolicyPage({
  path,
  title,
  summary,
  lastUpdated,
  sections,
}: {
  /** This page's path, left out of the "other policies" links. */
  path: string;
  title: string;
  summary: ReactNode;
  /** ISO date and how it reads, e.g. { iso: "2025-09-06", label: "6 September 2025" }. */
  lastUpdated?: { iso: string; label: string };
  sections: PolicySection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="border-b border-brand-100 pb-6">
        <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">{STORE.name}</p>
        <h1 className="mt-2 text-3xl leading-tight font-bold sm:text-4xl">{title}</h1>
        {lastUpdated && (
          <p className="mt-2 text-sm text-muted">
            Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
          </p>
        )}
        <div className="mt-4 text-lg leading-relaxed text-muted">{summary}</div>
      </header>

      <nav
        aria-labelledby="toc-title"
        className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-5"
      >
        <h2 id="toc-title" className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">
          On this page
        </h2>
        <ol className="mt-3 text-sm sm:columns-2 sm:gap-x-6 [&>li]:mb-1.5 [&>li]:break-inside-avoid">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:text-brand-800 hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10 scroll-mt-6">
          <h2 id={section.id} className="text-xl font-bold sm:text-2xl">
            {index + 1}. {section.title}
          </h2>
          <div className={PROSE}>{section.content}</div>
        </section>
      ))}

      <footer className="mt-12 rounded-lg bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-6">
        <h2 className="text-xl font-bold">Questions about this policy?</h2>
        <p className="mt-2 text-muted">{STORE.replyPromise} Reach us any way you like:</p>
        <div className="mt-3 text-sm sm:text-base">
          <StoreContactDetails />
        </div>
        <Link
          to={href("/contact")}
          className="mt-5 inline-block rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Contact Us
        </Link>
        <nav aria-label="Other policies" className="mt-6 border-t border-brand-200 pt-4">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {POLICY_LINKS.filter((link) => link.to !== path).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium text-brand-700 underline hover:text-brand-800">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </article>
  );
}
