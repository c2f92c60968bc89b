import type { ReactNode } from "react";
import { telHref } from "#contract/phone-links";
import type { SellerDetails } from "#contract/store-settings";
import { TEXT_LINK } from "~/components/styles";

const CARD = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** The grievance officer and the seller, as the E-Commerce Rules 2020 ask the store to show them. */
export function SellerCards({ seller }: { seller: SellerDetails }) {
  const officer = seller.grievanceOfficer;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="officer-title" className={CARD}>
        <h2 id="officer-title" className="text-xl font-bold">
          Grievance officer
        </h2>
        <dl className="mt-3 space-y-2">
          <Row term="Name">{officer.name}</Row>
          <Row term="Designation">{officer.designation}</Row>
          <Row term="E-mail">
            <a href={`mailto:${officer.email}`} className={`${TEXT_LINK} break-all`}>
              {officer.email}
            </a>
          </Row>
          <Row term="Phone">
            <a href={telHref(officer.phone)} className={TEXT_LINK}>
              {officer.phone}
            </a>
          </Row>
        </dl>
      </section>
      <section aria-labelledby="seller-title" className={CARD}>
        <h2 id="seller-title" className="text-xl font-bold">
          Seller
        </h2>
        <dl className="mt-3 space-y-2">
          <Row term="Legal name">{seller.legalName}</Row>
          <Row term="Address">{seller.address}</Row>
          <Row term="GSTIN">{seller.gstin}</Row>
          <Row term="Customer care">
            <a href={telHref(seller.carePhone)} className={TEXT_LINK}>
              {seller.carePhone}
            </a>
            ,{" "}
            <a href={`mailto:${seller.careEmail}`} className={`${TEXT_LINK} break-all`}>
              {seller.careEmail}
            </a>
          </Row>
        </dl>
      </section>
    </div>
  );
}
