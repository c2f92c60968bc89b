import { Fragment } from "react";
import { LogoutButton } from "~/accounts/logout-button";
import { href, NavLink } from "react-router";

const LINKS = [
  { to: href("/profile"), label: "My Profile" },
  { to: href("/orders"), label: "My Orders" },
  { to: href("/complaints"), label: "My Complaints" },
];

const ITEM =
  "block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap md:rounded-lg md:py-2.5 md:text-[15px]";

/**
 * Who is signed in and the account's pages: a column beside the page from tablets up, a row of links
 * above it on phones. The current page's link carries aria-current="page" (NavLink sets it).
 */
export function AccountSidebar({ fullName, email }: { fullName: string; email: string }) {
  return (
    <aside
      aria-label="Your account"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 md:sticky md:top-24 md:p-5"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-600 font-serif text-lg font-bold text-white"
        >
          {initialOf(fullName)}
        </span>
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{fullName}</p>
          {/* A long address wraps before its @ or after a dot rather than mid-word (a part longer than the
              line still breaks). */}
          <p className="text-sm break-words text-muted">
            {email.split(/(?<=\.)|(?=@)/).map((part, index) => (
              <Fragment key={index}>
                {index > 0 && <wbr />}
                {part}
              </Fragment>
            ))}
          </p>
        </div>
      </div>
      <nav aria-label="Account" className="mt-4 border-t border-brand-100 pt-3">
        <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  `${ITEM} ${isActive ? "bg-brand-600 text-white md:bg-brand-50 md:text-brand-700" : "text-ink ring-1 ring-brand-200 hover:bg-brand-50 md:ring-0"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="ml-auto md:ml-0 md:mt-2 md:border-t md:border-brand-100 md:pt-2">
            <LogoutButton
              className={`${ITEM} w-full text-left text-brand-700 hover:bg-brand-50 disabled:cursor-wait`}
            />
          </li>
        </ul>
      </nav>
    </aside>
  );
}

const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || "?";
