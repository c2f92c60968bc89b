import type { FastifyInstance } from "fastify";
import { categoriesCall, deleteProductCall, getProductCall, getProductsCall } from "../../contract/catalog";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import type { ResponseCache } from "../lib/response-cache";
import { tagsOfCategories, tagsOfListing, tagsOfProduct } from "./catalog-changes";
import type { CatalogService } from "./catalog.service";

export const CATALOG_CACHE = "public, max-age=30, stale-while-revalidate=300";

export async function catalogRoutes(
  app: FastifyInstance,
  {
    calls,
    catalog,
    guard,
    cache,
  }: { calls: Calls; catalog: CatalogService; guard: SessionGuard; cache: ResponseCache },
) {
  // Each kept answer says what it shows, so that a change drops only the answers showing it (catalog-changes.ts).
  const cached = { cache, cacheControl: CATALOG_CACHE };

  calls.serve(app, categoriesCall, {
    cached: { ...cached, tagsOf: tagsOfCategories },
    handler: async () => ({
      code: 200,
      message: "Categories fetched successfully",
      data: await catalog.listCategories(),
    }),
  });

  calls.serve(app, getProductsCall, {
    cached: { ...cached, tagsOf: (answer) => tagsOfListing(answer.data) },
    handler: async (query) => {
      const { items, total } = await catalog.listProducts(query);
      return {
        code: 200,
        message: "Products fetched successfully",
        data: items,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
  });

  calls.serve(app, getProductCall, {
    cached: { ...cached, tagsOf: (answer) => tagsOfProduct(answer.data) },
    handler: async (query) => ({
      code: 200,
      message: "Product fetched successfully",
      data: await catalog.getProduct(query.id),
    }),
  });

  // The spec's call is a GET; DELETE is the same call for clients that prefer the proper verb. Staff only,
  // and with a cookie only from the store's own pages, so a link on another site cannot delete. No HEAD:
  // it must never change anything.
  calls.serve(app, deleteProductCall, {
    alsoAt: [{ method: "DELETE", description: "The same call as GET /products/delete-product" }],
    exposeHeadRoute: false,
    onRequest: [guard.requireStaffWrite],
    handler: async (query, { reply }) => {
      await catalog.deleteProduct(query.id);
      reply.header("cache-control", PERSONAL_CACHE_CONTROL);
      return { code: 200, message: "The product has been removed from your account.", data: null };
    },
  });
}
