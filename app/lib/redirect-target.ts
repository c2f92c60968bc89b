/** Any origin: only the part of a URL after it is kept. */
const THIS_SITE = "http://this-site.invalid";

/**
 * A redirect target taken from a URL or a form, kept on this site: the path it names as a browser reads it
 * (which drops tabs and newlines, takes `\` for `/` and resolves `.` and `..`), or undefined when that path
 * would leave the site (`//evil.example`, `/<TAB>/evil.example`, `/\evil.example`, `/.//evil.example`) or
 * the value is not a path at all.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || !URL.canParse(value, THIS_SITE))
    return undefined;
  const url = new URL(value, THIS_SITE);
  // A normalised path that starts with `//` would be read as another host when written into a link.
  if (url.origin !== THIS_SITE || url.pathname.startsWith("//")) return undefined;
  return url.pathname + url.search + url.hash;
}
