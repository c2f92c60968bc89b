/** The product list's calls under load (named as in the report), also the rows of its cost-growth table. */
export const LIST_CALLS = [
  "list",
  "list, any page",
  "list filtered",
  "list searched",
  "list, any word searched",
] as const;

/** The pages a guest is given from the page cache: the same address again and again, while it is fresh. */
export const KEPT_PAGES = ["home page, kept", "list page, kept", "product page, kept"] as const;
/** The pages rendered for the request: an address no one has asked for before. */
export const NEW_PAGES = ["home page, new", "list page, new", "product page, new"] as const;

/**
 * Kept product pages (100 of them, at random) for long enough to cross their expiries twice: no request may
 * wait on one (decision 041).
 */
export const ACROSS_EXPIRIES = "product pages, across expiries";
