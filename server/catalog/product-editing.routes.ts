import type { FastifyInstance } from "fastify";
import {
  addProductCall,
  PRODUCT_MESSAGES,
  productForStaffCall,
  setVisibilityCall,
  updateProductCall,
} from "../../contract/product-editing";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import type { CatalogService } from "./catalog.service";

/** Staff's calls for adding and editing products (issue 17); each a thin layer over the catalog service. */
export async function productEditingRoutes(
  app: FastifyInstance,
  { calls, catalog, guard }: { calls: Calls; catalog: CatalogService; guard: SessionGuard },
) {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", PERSONAL_CACHE_CONTROL);
  });

  calls.serve(app, addProductCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async (draft) => {
      const { id } = await catalog.createProduct(draft);
      return { code: 200, message: PRODUCT_MESSAGES.added, data: { _id: id } };
    },
  });

  calls.serve(app, updateProductCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async (update) => {
      await catalog.updateProduct(update);
      return { code: 200, message: PRODUCT_MESSAGES.updated, data: { _id: update.id } };
    },
  });

  calls.serve(app, setVisibilityCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async ({ id, visible }) => {
      await catalog.setVisibility(id, visible);
      return {
        code: 200,
        message: visible ? "The product is in the shop." : "The product is hidden from the shop.",
        data: null,
      };
    },
  });

  calls.serve(app, productForStaffCall, {
    onRequest: [guard.requireStaff],
    handler: async (query) => ({
      code: 200,
      message: "Product fetched successfully",
      data: await catalog.staffView(query.id),
    }),
  });
}
