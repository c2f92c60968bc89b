import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "./errors";

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON in the request body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Invalid content length",
};

/**
 * Every error leaves in the envelope `{ code, message, errors? }`. Validation errors name each field with
 * the message of the contract schema; other client errors keep a clear message; a 5xx never says more than
 * that something went wrong.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
        errors[field] ??= issue.message ?? "Invalid value";
      }
      const message = error.validation[0]?.message ?? "Invalid request";
      return reply.code(400).send({ code: 400, message, errors });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        code: error.statusCode,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && CLIENT_ERROR_MESSAGES[error.code]) ?? error.message ?? "Bad request";
      return reply.code(status).send({ code: status, message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ code: 500, message: "Something went wrong. Please try again." });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ code: 404, message: `No such API call: ${request.method} ${request.url.split("?")[0]}` });
  });
}
