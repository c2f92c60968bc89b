import { MAX_PAGE_SIZE } from "#contract/catalog-options";
import { categoriesCall, getProductsCall } from "#contract/catalog";
import { INDEXED_PAGES } from "~/lib/indexed-pages";
import type { Route } from "./+types/sitemap";
import { href } from "react-router";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Every page a search engine should index: the information pages, each category and each product. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.api;
  const categories = await api(categoriesCall);
  const paths: string[] = [...INDEXED_PAGES];
  if (categories.ok)
    paths.push(...categories.data.map((category) => `${href("/products")}?category=${category.id}`));
  for (let page = 1; ; page += 1) {
    const result = await api(getProductsCall, { page, limit: MAX_PAGE_SIZE });
    if (!result.ok) break;
    paths.push(...result.data.map((product) => href("/products/:id", { id: String(product._id) })));
    if (page * MAX_PAGE_SIZE >= result.pagination.total) break;
  }
  const urls = paths.map((path) => `<url><loc>${escapeXml(context.publicUrl + path)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
