import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  categoriesResponse,
  productDetailResponse,
  productIdQuery,
  productListQuery,
  productListResponse,
} from "../../contract/catalog";
import { messageResponse } from "../../contract/envelope";
import type { AuthGuard } from "../auth/auth-guard";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { CACHED_ROUTE, type ResponseCache } from "../lib/response-cache";
import { tagsOfCategories, tagsOfListing, tagsOfProduct } from "./catalog-changes";
import type { CatalogService } from "./catalog.service";

const CATALOG_CACHE = "public, max-age=30, stale-while-revalidate=300";

export async function catalogRoutes(
  server: FastifyInstance,
  { catalog, guard, cache }: { catalog: CatalogService; guard: AuthGuard; cache: ResponseCache },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const sendCategories = cache.forRoute<z.input<typeof categoriesResponse>>(
    categoriesResponse,
    CATALOG_CACHE,
    tagsOfCategories,
  );
  const sendProducts = cache.forRoute<z.input<typeof productListResponse>>(
    productListResponse,
    CATALOG_CACHE,
    (answer) => tagsOfListing(answer.data),
  );
  const sendProduct = cache.forRoute<z.input<typeof productDetailResponse>>(
    productDetailResponse,
    CATALOG_CACHE,
    (answer) => tagsOfProduct(answer.data),
  );

  app.get(
    "/categories/category",
    { ...CACHED_ROUTE, schema: { tags: ["catalog"], response: { 200: categoriesResponse } } },
    (request, reply) =>
      sendCategories(request, reply, async () => ({
        code: 200,
        message: "Categories fetched successfully",
        data: await catalog.listCategories(),
      })),
  );

  app.get(
    "/products/get-products",
    {
      ...CACHED_ROUTE,
      schema: { tags: ["catalog"], querystring: productListQuery, response: { 200: productListResponse } },
    },
    (request, reply) =>
      sendProducts(request, reply, async () => {
        const { items, total } = await catalog.listProducts(request.query);
        return {
          code: 200,
          message: "Products fetched successfully",
          data: items,
          pagination: { page: request.query.page, limit: request.query.limit, total },
        };
      }),
  );

  app.get(
    "/products/get-product",
    {
      ...CACHED_ROUTE,
      schema: { tags: ["catalog"], querystring: productIdQuery, response: { 200: productDetailResponse } },
    },
    (request, reply) =>
      sendProduct(request, reply, async () => ({
        code: 200,
        message: "Product fetched successfully",
        data: await catalog.getProduct(request.query.id),
      })),
  );

  // The spec's call is a GET; DELETE is the same call for clients that prefer the proper verb. Staff only,
  // and with a cookie only from the store's own pages, so a link on another site cannot delete. No HEAD:
  // it must never change anything.
  for (const method of ["GET", "DELETE"] as const)
    app.route({
      method,
      url: "/products/delete-product",
      exposeHeadRoute: false,
      schema: {
        tags: ["catalog"],
        ...(method === "DELETE" ? { description: "The same call as GET /products/delete-product" } : {}),
        querystring: productIdQuery,
        response: { 200: messageResponse },
      },
      onRequest: guard.requireStaffWrite,
      handler: async (request, reply) => {
        await catalog.deleteProduct(request.query.id);
        reply.header("cache-control", PERSONAL_CACHE_CONTROL);
        return { code: 200, message: "The product has been removed from your account.", data: null };
      },
    });
}
