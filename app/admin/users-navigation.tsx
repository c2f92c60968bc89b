import type { USER_GROUPS } from "#contract/accounts-rules";
import { href, Link } from "react-router";

export type UserGroup = (typeof USER_GROUPS)[number];

const GROUPS: { group: UserGroup; label: string }[] = [
  { group: "staff", label: "Staff" },
  { group: "customers", label: "Customers" },
];

const hrefOf = (group: UserGroup, page = 1) =>
  `${href("/super-admin-dashboard")}?${new URLSearchParams({ group, ...(page > 1 ? { page: String(page) } : {}) })}`;

/** Staff or Customers: two links that look like tabs; the shown group is the current page. */
export function GroupTabs({ current }: { current: UserGroup }) {
  return (
    <nav aria-label="Account groups">
      <ul className="inline-flex rounded-full bg-white p-1 ring-1 ring-brand-200">
        {GROUPS.map(({ group, label }) => {
          const active = group === current;
          return (
            <li key={group}>
              <Link
                to={hrefOf(group)}
                aria-current={active ? "page" : undefined}
                className={`block rounded-full px-5 py-2 text-sm font-semibold ${
                  active ? "bg-brand-600 text-white" : "text-ink hover:bg-brand-50"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const PAGE_LINK = "rounded-full px-5 py-2 text-sm font-semibold ring-1";

/** Previous, 'Page N of M', Next. */
export function Pagination({ group, page, pages }: { group: UserGroup; page: number; pages: number }) {
  const step = (to: number, label: string) =>
    to >= 1 && to <= pages ? (
      <Link
        to={hrefOf(group, to)}
        className={`${PAGE_LINK} bg-white text-brand-700 ring-brand-200 hover:bg-brand-50`}
      >
        {label}
      </Link>
    ) : (
      <span className={`${PAGE_LINK} text-muted ring-brand-100`}>{label}</span>
    );
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      {step(page - 1, "Previous")}
      <span className="text-sm font-medium">
        Page {page} <span className="text-muted">of {pages}</span>
      </span>
      {step(page + 1, "Next")}
    </nav>
  );
}
