import { STORE } from "#contract/store";
import { PolicyPage, type PolicySection } from "~/content/policy-page";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookies-policy";
import { sharedPageHeaders } from "~/lib/page-headers";
import { href, Link } from "react-router";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cookies Policy",
    description: `${STORE.name} uses a session cookie, a cookie with the number of lines in your bag and local storage for your bag and wishlist. No third-party tracking.`,
    url: absoluteUrl(matches, href("/cookies-policy")),
  });

const STORAGE = [
  {
    name: "Session cookie",
    kind: "Cookie (strictly necessary)",
    purpose: "Keeps you signed in and protects your account. It cannot be read by scripts on the page.",
    lifetime: "Until you log out or the session expires",
  },
  {
    name: "bag-lines",
    kind: "Cookie (strictly necessary)",
    purpose:
      "The number of lines in your bag, and nothing else, sent only to the checkout page so that it keeps room for them while your bag loads.",
    lifetime: "One year, renewed whenever your bag changes",
  },
  {
    name: "cartItems",
    kind: "Local storage",
    purpose: "Remembers the items in your bag, with their size and quantity.",
    lifetime: "Until you remove the items, check out or clear your browser data",
  },
  {
    name: "wishlist",
    kind: "Local storage",
    purpose: "Remembers the pieces you saved to your wishlist.",
    lifetime: "Until you remove the items or clear your browser data",
  },
];

const SECTIONS: PolicySection[] = [
  {
    id: "what-are-cookies",
    title: "What cookies and local storage are",
    content: (
      <p>
        A cookie is a small text file a website stores in your browser. Local storage is a similar space in
        your browser where a website can keep information on your own device; it is not sent to us with every
        request.
      </p>
    ),
  },
  {
    id: "what-we-use",
    title: "What we use",
    content: (
      <>
        <p>
          We keep this to the minimum the store needs to work: two strictly necessary cookies (your session,
          and the number of lines in your bag for the checkout page), and local storage for your bag and
          wishlist.
        </p>
        {/* Three columns, the type under the name, so that the table fits a phone's width. */}
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Cookies and local storage used by {STORE.name}</caption>
          <thead>
            <tr className="border-b-2 border-brand-200">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Name
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Purpose
              </th>
              <th scope="col" className="py-2 font-semibold">
                How long
              </th>
            </tr>
          </thead>
          <tbody>
            {STORAGE.map((item) => (
              <tr key={item.name} className="border-b border-brand-100 align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {item.name}
                  <span className="block font-normal text-muted">{item.kind}</span>
                </th>
                <td className="py-2 pr-3">{item.purpose}</td>
                <td className="py-2">{item.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    ),
  },
  {
    id: "no-tracking",
    title: "No third-party tracking",
    content: (
      <p>
        We do not use advertising, analytics, social media or any other third-party tracking cookies, and we
        do not follow you across other websites. When you pay, you are taken to PhonePe, which applies its own
        policies on its own pages.
      </p>
    ),
  },
  {
    id: "consent",
    title: "Why we don't ask you to accept cookies",
    content: (
      <p>
        Everything we store is strictly necessary to provide what you ask for: staying signed in, keeping your
        bag and remembering your wishlist. None of it is used for advertising or profiling, so there is
        nothing for you to opt in to.
      </p>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices",
    content: (
      <p>
        You can delete cookies and local storage at any time in your browser's settings, or block them
        altogether. If you do, you will be signed out and your bag and wishlist will be emptied, and signing
        in will not work while cookies are blocked.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p>
        If we ever add a cookie or storage item, we will list it here and update the date above. How we handle
        personal information is described in our <Link to={href("/privacy-policy")}>Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function CookiesPolicy() {
  return (
    <PolicyPage
      path={href("/cookies-policy")}
      title="Cookies Policy"
      lastUpdated={{ iso: "2026-11-29", label: "29 November 2026" }}
      summary={
        <p>
          In short: {STORE.name} uses two strictly necessary cookies (your session, and how many lines your
          bag holds) and your browser's local storage for your bag and wishlist. Nothing else, and no
          third-party tracking.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
