import type { MetaDescriptor } from "react-router";
import { STORE } from "#contract/store";

/** Title, description, canonical URL and Open Graph tags of a page. */
export function pageMeta({
  title,
  description,
  url,
  image,
  type = "website",
  noindex = false,
  titleAsGiven = false,
}: {
  title: string;
  /** The spec gives some pages their whole title (checkout): no store name is added. */
  titleAsGiven?: boolean;
  description: string;
  url?: string;
  image?: string | null;
  type?: string;
  noindex?: boolean;
}): MetaDescriptor[] {
  const fullTitle = titleAsGiven || title === STORE.name ? title : `${title} | ${STORE.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: STORE.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_IN" },
  ];
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (image) tags.push({ property: "og:image", content: image });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

type MatchLike = { id: string; data?: unknown } | undefined;

/**
 * A path on the store's public origin (from the root loader), for canonical URLs and Open Graph tags. A URL
 * that is already absolute (an image in a media bucket) is kept as it is.
 */
export function absoluteUrl(matches: MatchLike[], pathname: string): string {
  const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
  return onStore(root?.publicUrl ?? "", pathname);
}

/** A path on the store made absolute with its public URL; a URL that is absolute already is kept. */
export const onStore = (publicUrl: string, pathname: string): string =>
  pathname.startsWith("/") ? `${publicUrl}${pathname}` : pathname;
