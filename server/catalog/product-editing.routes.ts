import type { FastifyInstance } from "fastify";
import {
  addProductCall,
  PRODUCT_MESSAGES,
  productForStaffCall,
  setVisibilityCall,
  updateProductCall,
} from "../../contract/product-editing";
import { setStockCall, STOCK_MESSAGES, staffProductsCall } from "../../contract/staff-products";
import { SIZE_CHART_MESSAGES, saveSizeChartCall, staffSizeChartsCall } from "../../contract/size-charts";
import type { SessionGuard } from "../accounts/session-guard";
import type { Calls } from "../lib/calls";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import type { CatalogService } from "./catalog.service";

/**
 * Staff's calls for adding and editing products (issue 17), their list and stock (issue 38) and the
 * categories' size charts; each a thin layer
 * over the catalog service.
 */
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

  calls.serve(app, staffSizeChartsCall, {
    onRequest: [guard.requireStaff],
    handler: async () => ({
      code: 200,
      message: "Size charts fetched successfully",
      data: await catalog.sizeCharts.list(),
    }),
  });

  calls.serve(app, saveSizeChartCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async ({ categoryId, chart }) => ({
      code: 200,
      message: SIZE_CHART_MESSAGES.saved,
      data: await catalog.sizeCharts.save(categoryId, chart),
    }),
  });

  calls.serve(app, staffProductsCall, {
    onRequest: [guard.requireStaff],
    handler: async (query) => {
      const { items, total } = await catalog.staffList.list(query);
      return {
        code: 200,
        message: "Products fetched successfully",
        data: items,
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
  });

  calls.serve(app, setStockCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async (request) => ({
      code: 200,
      message: STOCK_MESSAGES.saved,
      data: { _id: request.id, ...(await catalog.setStock(request)) },
    }),
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
