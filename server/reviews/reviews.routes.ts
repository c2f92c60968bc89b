import type { FastifyInstance } from "fastify";
import {
  moderateReviewCall,
  myReviewCall,
  productReviewsCall,
  REVIEW_MESSAGES,
  staffReviewsCall,
  writeReviewCall,
} from "../../contract/reviews";
import type { SessionGuard } from "../accounts/session-guard";
import { tagsOfProduct } from "../catalog/catalog-changes";
import { CATALOG_CACHE } from "../catalog/catalog.routes";
import type { Calls } from "../lib/calls";
import { tooManyRequests } from "../lib/errors";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { HOUR_MS, rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import type { ResponseCache } from "../lib/response-cache";
import type { Reviews } from "./reviews.service";

export async function reviewsRoutes(
  app: FastifyInstance,
  {
    calls,
    reviews,
    guard,
    attempts,
    cache,
  }: { calls: Calls; reviews: Reviews; guard: SessionGuard; attempts: AttemptCounts; cache: ResponseCache },
) {
  // A product's reviews are public like its answer, and dropped with it when a moderation changes them.
  calls.serve(app, productReviewsCall, {
    cached: {
      cache,
      cacheControl: CATALOG_CACHE,
      tagsOf: (answer) => tagsOfProduct({ _id: answer.data.productId }),
    },
    handler: async ({ productId }) => ({
      code: 200,
      message: "Reviews fetched successfully",
      data: await reviews.forProduct(productId),
    }),
  });

  calls.serve(app, myReviewCall, {
    onRequest: [guard.requireUser],
    handler: async ({ productId }, { request, reply }) => {
      reply.header("cache-control", PERSONAL_CACHE_CONTROL);
      return {
        code: 200,
        message: "Review fetched successfully",
        data: await reviews.mine(request.user!.userId, productId),
      };
    },
  });

  const perShopper = rateLimitCheck(
    attempts,
    "reviews:user",
    { max: 20, windowMs: HOUR_MS },
    {
      refusal: () => tooManyRequests(REVIEW_MESSAGES.tooMany),
      keyOf: (request) => String(request.user!.userId),
    },
  );
  calls.serve(app, writeReviewCall, {
    onRequest: [guard.requireUser, (request, reply) => perShopper(request, reply, undefined)],
    handler: async (input, { request }) => ({
      code: 200,
      message: REVIEW_MESSAGES.submitted,
      data: await reviews.write(request.user!.userId, input),
    }),
  });

  calls.serve(app, staffReviewsCall, {
    onRequest: [guard.requireStaff],
    handler: async ({ status, page }, { reply }) => {
      reply.header("cache-control", PERSONAL_CACHE_CONTROL);
      return {
        code: 200,
        message: "Reviews fetched successfully",
        data: await reviews.forStaff(status, page),
      };
    },
  });

  calls.serve(app, moderateReviewCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async ({ id, status }, { request }) => ({
      code: 200,
      message: status === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.hidden,
      data: await reviews.moderate(request.user!.userId, id, status),
    }),
  });
}
