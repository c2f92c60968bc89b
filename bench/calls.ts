/** The product list's calls under load (named as in the report), also the rows of its cost-growth table. */
export const LIST_CALLS = [
  "list",
  "list, any page",
  "list filtered",
  "list searched",
  "list, any word searched",
] as const;
