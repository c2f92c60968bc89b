import { FormNotice } from "~/components/form-field";
import { SellerCards } from "~/grievances/seller-cards";
import { useSeller } from "~/content/seller";
import { sharedPageHeaders } from "~/lib/page-headers";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/grievances";

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Grievances",
    description:
      "Our grievance officer, the seller's details, and how to file a complaint: a ticket number at once, an acknowledgement within 48 hours, a resolution within one month.",
    url: absoluteUrl(matches, "/grievances"),
  });

/** /grievances: the grievance officer and the seller (every page links here from its footer). */
export default function Grievances() {
  const seller = useSeller();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Customer care</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Grievances</h1>
      <p className="mt-3 text-lg leading-relaxed text-muted">
        Something went wrong with an order, a payment, a delivery or a piece itself? Tell our grievance
        officer. Each complaint gets a ticket number at once; we acknowledge it within 48 hours and resolve it
        within one month of receiving it.
      </p>
      <div className="mt-8">
        {seller ? (
          <SellerCards seller={seller} />
        ) : (
          <FormNotice tone="error">
            The seller's details could not be loaded. Please try again in a moment.
          </FormNotice>
        )}
      </div>
    </div>
  );
}
