import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_UPLOAD_FILES, PRODUCT_MESSAGES, uploadImagesCall } from "../../contract/product-editing";
import { MAX_REVIEW_PHOTOS, REVIEW_MESSAGES, uploadReviewPhotosCall } from "../../contract/reviews";
import {
  GRIEVANCE_MESSAGES,
  MAX_GRIEVANCE_PHOTOS,
  uploadGrievancePhotosCall,
} from "../../contract/grievances";
import type { GrievanceFiling } from "../grievances/grievance-filing";
import type { SessionGuard } from "../accounts/session-guard";
import type { Reviews } from "../reviews/reviews.service";
import type { Calls } from "../lib/calls";
import { HttpError, tooManyRequests } from "../lib/errors";
import { HOUR_MS, rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import { PERSONAL_CACHE_CONTROL } from "../lib/personal-answers";
import { MAX_UPLOAD_BYTES, type MediaService } from "./media.service";
import { createUploads, type UploadedFile } from "./uploads";

/** @fastify/multipart's own errors, answered in the store's words. */
const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, "Each image must be at most 10 MB"],
  FST_FILES_LIMIT: [413, `At most ${MAX_UPLOAD_FILES} images at a time`],
  FST_PARTS_LIMIT: [413, "Too many parts in the request"],
  FST_FIELDS_LIMIT: [413, "Too many fields in the request"],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, "Send the images as multipart/form-data in the field files"],
  FST_PROTO_VIOLATION: [400, "Malformed multipart request"],
};

/** A file's name as the client gave it, fit for a message. */
const displayName = (name: string | undefined) =>
  [...(name ?? "")]
    .filter((character) => character >= " " && character !== "\u007f")
    .join("")
    .slice(0, 80) || "image";

/**
 * `POST /utils/upload-images` (staff), `POST /users/upload-review-photos` (shoppers) and
 * `POST /grievances/upload-photos` (anyone with a complaint): multipart with the
 * repeated field `files`. The multipart parser is registered in this plugin only, so every other route
 * keeps its own parsers. Each file is read as it
 * streams in and cut off past 10 MB (never more is held); the files are then checked by content and stored
 * re-encoded (uploads.ts). No transaction is open meanwhile. The answers name media ids: what add-product
 * and update-product take in `image` and `images` (a URL of one of the image's files works too), and what
 * write-review takes in `photos`.
 */
export async function uploadRoutes(
  server: FastifyInstance,
  {
    calls,
    media,
    guard,
    attempts,
    reviews,
    grievances,
  }: {
    calls: Calls;
    media: MediaService;
    guard: SessionGuard;
    attempts: AttemptCounts;
    /** Keeps a shopper's review photos as theirs: a review attaches only its writer's uploads. */
    reviews: Pick<Reviews, "keepUploads">;
    /** Keeps a complaint's photos under a token its sender (a guest too) files them with. */
    grievances: Pick<GrievanceFiling, "keepUploads">;
  },
) {
  await server.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_UPLOAD_FILES,
      fields: 10,
      parts: MAX_UPLOAD_FILES + 10,
      headerPairs: 100,
    },
  });
  const uploads = createUploads({ media });

  /** The request's files, read as they stream in (each cut off past 10 MB); at most `max` of them. */
  async function filesOf(call: unknown, max: number): Promise<UploadedFile[]> {
    // A form call is served over HTTP only (calls.ts): its request is Fastify's, with the multipart parser.
    const request = call as FastifyRequest;
    const files: UploadedFile[] = [];
    try {
      for await (const part of request.files()) {
        if (part.fieldname !== "files") throw new HttpError(400, "Send the images in the field files");
        if (files.length === max) throw new HttpError(413, `At most ${max} images at a time`);
        files.push({ filename: displayName(part.filename), data: await part.toBuffer() });
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      const known = code ? MULTIPART_ERRORS[code] : undefined;
      if (known) throw new HttpError(known[0], known[1]);
      // Anything else here is the body itself failing to parse (busboy's "Unexpected end of multipart
      // data" has no code) or the client leaving: only the request's own stream is read in this loop.
      throw new HttpError(400, MULTIPART_ERRORS.FST_PROTO_VIOLATION![1]);
    }
    return files;
  }

  // Browsers only: the multipart body is read from the request as it streams, never in-process.
  calls.serve(server, uploadImagesCall, {
    onRequest: [guard.requireStaffWrite],
    handler: async (_input, { request, reply }) => {
      const files = await filesOf(request, MAX_UPLOAD_FILES);
      const stored = await uploads.storeAll(files);
      reply.header("cache-control", PERSONAL_CACHE_CONTROL);
      return {
        code: 200,
        message: PRODUCT_MESSAGES.uploaded,
        files: stored.map((asset) => asset.id),
        data: stored.map((asset) => ({
          id: asset.id,
          src: media.toPicture(asset, "").src,
          width: asset.width,
          height: asset.height,
        })),
      };
    },
  });

  // Shoppers' photos for a review (contract/reviews.ts): at most 3 a time, and a few dozen an hour each.
  const perShopper = rateLimitCheck(
    attempts,
    "review-photos:user",
    { max: 30, windowMs: HOUR_MS },
    {
      refusal: () => tooManyRequests(REVIEW_MESSAGES.tooMany),
      keyOf: (request) => String(request.user!.userId),
    },
  );
  calls.serve(server, uploadReviewPhotosCall, {
    onRequest: [guard.requireUser, (request, reply) => perShopper(request, reply, undefined)],
    handler: async (_input, { request, reply }) => {
      const stored = await uploads.storeAll(await filesOf(request, MAX_REVIEW_PHOTOS));
      await reviews.keepUploads(
        request.user!.userId,
        stored.map((asset) => asset.id),
      );
      reply.header("cache-control", PERSONAL_CACHE_CONTROL);
      return { code: 200, message: "Photos uploaded", data: { photos: stored.map((asset) => asset.id) } };
    },
  });

  // Photos for a complaint (contract/grievances.ts): guests may send them too, so they count per address.
  const perAddress = rateLimitCheck(
    attempts,
    "grievance-photos:ip",
    { max: 30, windowMs: HOUR_MS },
    { refusal: () => tooManyRequests(GRIEVANCE_MESSAGES.tooMany) },
  );
  calls.serve(server, uploadGrievancePhotosCall, {
    onRequest: [(request, reply) => perAddress(request, reply, undefined)],
    handler: async (_input, { request, reply }) => {
      const stored = await uploads.storeAll(await filesOf(request, MAX_GRIEVANCE_PHOTOS));
      const uploadToken = await grievances.keepUploads(stored.map((asset) => asset.id));
      reply.header("cache-control", PERSONAL_CACHE_CONTROL);
      return {
        code: 200,
        message: "Photos uploaded",
        data: { photos: stored.map((asset) => asset.id), uploadToken },
      };
    },
  });
}
