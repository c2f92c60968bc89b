import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { productIdQuery } from "../../contract/catalog";
import { messageResponse } from "../../contract/envelope";
import {
  PRODUCT_MESSAGES,
  productDraft,
  productSavedResponse,
  productUpdate,
  productVisibility,
  staffProductResponse,
} from "../../contract/product-editing";
import type { AuthGuard } from "../auth/auth-guard";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import type { CatalogService } from "./catalog.service";

/** Staff's calls for adding and editing products (issue 17); each a thin layer over the catalog service. */
export async function productEditingRoutes(
  server: FastifyInstance,
  { catalog, guard }: { catalog: CatalogService; guard: AuthGuard },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });

  app.post(
    "/products/add-product",
    {
      schema: {
        tags: ["catalog"],
        description:
          "Staff only. The spec's product draft; `image` and `images` are references from upload-images. " +
          "Each size in `size` starts with `stock[size]` or `availableQunatity` (default 50).",
        body: productDraft,
        response: { 200: productSavedResponse },
      },
      onRequest: guard.requireStaffWrite,
    },
    async (request) => {
      const { id } = await catalog.createProduct(request.body);
      return { code: 200, message: PRODUCT_MESSAGES.added, data: { _id: id } };
    },
  );

  app.post(
    "/products/update-product",
    {
      schema: {
        tags: ["catalog"],
        description:
          "Staff only. Every field of the product: its images in order (from get-product-for-staff or new " +
          "uploads), its sizes, and the stock of each size in `stock`.",
        body: productUpdate,
        response: { 200: productSavedResponse },
      },
      onRequest: guard.requireStaffWrite,
    },
    async (request) => {
      await catalog.updateProduct(request.body);
      return { code: 200, message: PRODUCT_MESSAGES.updated, data: { _id: request.body.id } };
    },
  );

  app.post(
    "/products/set-visibility",
    {
      schema: {
        tags: ["catalog"],
        description: "Staff only. Hides a product from the shop (as delete-product does) or shows it again.",
        body: productVisibility,
        response: { 200: messageResponse },
      },
      onRequest: guard.requireStaffWrite,
    },
    async (request) => {
      await catalog.setVisibility(request.body.id, request.body.visible);
      return {
        code: 200,
        message: request.body.visible
          ? "The product is in the shop."
          : "The product is hidden from the shop.",
        data: null,
      };
    },
  );

  app.get(
    "/products/get-product-for-staff",
    {
      schema: {
        tags: ["catalog"],
        description:
          "Staff only. A product, hidden or not, as the edit page needs it: image ids, stock per size and " +
          "what unpaid orders hold of each size (`reserved`).",
        querystring: productIdQuery,
        response: { 200: staffProductResponse },
      },
      onRequest: guard.requireStaff,
    },
    async (request) => ({
      code: 200,
      message: "Product fetched successfully",
      data: await catalog.staffView(request.query.id),
    }),
  );
}
