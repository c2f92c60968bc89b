import type { Category } from "#contract/catalog";
import { STORE } from "#contract/store";
import { telHref } from "#contract/phone-links";
import { useSeller } from "~/content/seller";
import { SOCIAL_LINKS } from "~/content/social-links";
import { href, Link } from "react-router";

const QUICK_LINKS = [
  { to: href("/"), label: "Home" },
  { to: href("/products"), label: "Shop" },
  { to: href("/about"), label: "About Us" },
  { to: href("/contact"), label: "Contact" },
  { to: href("/wishlist"), label: "Wishlist" },
];

const SERVICE_LINKS = [
  { to: href("/grievances"), label: "Grievances" },
  { to: href("/privacy"), label: "Privacy Notice" },
  { to: href("/privacy-policy"), label: "Privacy Policy" },
  { to: href("/faq"), label: "FAQ" },
  { to: href("/return-policy"), label: "Returns & Refunds" },
  { to: href("/shipping-policy"), label: "Shipping Policy" },
  { to: href("/terms-and-conditions"), label: "Terms & Conditions" },
  { to: href("/cookies-policy"), label: "Cookies Policy" },
];

function FooterList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="space-y-1 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-block py-1 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const FOOTER_LINK = "inline-block py-1 hover:text-white hover:underline";

export function SiteFooter({ categories }: { categories: Category[] }) {
  const { address } = STORE;
  const seller = useSeller();
  const carePhone = seller?.carePhone ?? STORE.phone;
  const careEmail = seller?.careEmail ?? STORE.email;
  return (
    // Below the first screen on every page: the browser lays it out only when it comes near the viewport.
    <footer className="mt-16 bg-ink text-brand-100 print:hidden [contain-intrinsic-size:auto_900px] [content-visibility:auto]">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 lg:grid-cols-5">
        <div className="col-span-2 lg:col-span-1">
          <p className="font-serif text-xl font-bold text-white">{STORE.name}</p>
          <p className="mt-2 text-sm">{STORE.tagline}. Shipping across India.</p>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Social links">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  className="inline-block py-1 hover:text-white hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterList title="Quick Links" links={QUICK_LINKS} />
        <FooterList
          title="Categories"
          links={categories.map((category) => ({
            to: `${href("/products")}?category=${category.id}`,
            label: category.name,
          }))}
        />
        <FooterList title="Customer Service" links={SERVICE_LINKS} />
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-white uppercase">
            Visit or call
          </h2>
          <address className="space-y-1 text-sm not-italic">
            <p>
              <a href={telHref(carePhone)} className={FOOTER_LINK}>
                {carePhone}
              </a>
            </p>
            <p>
              <a href={`mailto:${careEmail}`} className={`${FOOTER_LINK} break-all`}>
                {careEmail}
              </a>
            </p>
            <p className="py-1">
              {address.street}, {address.city}, {address.state} {address.postalCode}
            </p>
          </address>
        </div>
      </div>
      {seller && <SellerLine seller={seller} />}
      <p className="border-t border-white/10 py-4 text-center text-xs">
        © {new Date().getFullYear()} {STORE.name}. All prices in Indian rupees, inclusive of taxes.
      </p>
    </footer>
  );
}

/**
 * Who sells and the grievance officer, on every page (Consumer Protection (E-Commerce) Rules 2020, rule 4),
 * from the owner's settings; their links and the complaint form are on the Grievances page, linked above.
 */
function SellerLine({ seller }: { seller: NonNullable<ReturnType<typeof useSeller>> }) {
  const officer = seller.grievanceOfficer;
  return (
    <p className="mx-auto max-w-7xl border-t border-white/10 px-4 py-6 text-sm">
      Sold by {seller.legalName}, {seller.address}. GSTIN {seller.gstin}. Grievance officer: {officer.name},{" "}
      {officer.designation}, {officer.email}, {officer.phone}.
    </p>
  );
}
