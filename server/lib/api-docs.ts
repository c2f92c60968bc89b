import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { errorEnvelope } from "../../contract/envelope";

const SECURITY_SCHEMES = { bearer: "bearerToken", cookie: "sessionCookie" } as const;

const clientError = errorEnvelope.meta({
  description: "The request was refused: `code` is the status, `errors` names each invalid field",
});
const serverError = errorEnvelope.meta({ description: "Something went wrong on the server" });

/**
 * The OpenAPI document at /api/docs, made from the routes' Zod schemas: every route that has a schema and
 * is not hidden (`schema: { hide: true }`) is in it, whichever module registers it. Each call is documented
 * with the error envelope as its 4XX and 5XX answers, and a call behind one of `sessionGuards` (an
 * `onRequest` hook) with the session's two security schemes. Only the document is changed: the routes'
 * own schemas, which validate and serialize, stay as they are. Registered before the routes.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { sessionGuards, cookieName }: { sessionGuards: readonly unknown[]; cookieName: string },
) {
  const needsSession = (route: RouteOptions) =>
    [route.onRequest ?? []].flat().some((hook) => sessionGuards.includes(hook));

  await app.register(swagger, {
    openapi: {
      info: { title: "Store API", version: "1.0.0" },
      servers: [{ url: "/api" }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.bearer]: {
            type: "http",
            scheme: "bearer",
            description: "`Authorization: Bearer <token>`, the token login answers (body and header)",
          },
          [SECURITY_SCHEMES.cookie]: {
            type: "apiKey",
            in: "cookie",
            name: cookieName,
            description: "The session cookie login sets, for the store's own pages",
          },
        },
      },
    },
    transform(document) {
      const { schema, route } = document;
      if (!schema || schema.hide) return jsonSchemaTransform(document);
      // A multipart call's fields (calls.ts): the document's request body, which the route never validates.
      const { multipartBody, ...routeSchema } = schema as FastifySchema & { multipartBody?: unknown };
      const documented: FastifySchema = {
        ...routeSchema,
        ...(multipartBody ? { body: multipartBody } : {}),
        response: { ...(schema.response as object), "4XX": clientError, "5XX": serverError },
        ...(needsSession(route)
          ? { security: [{ [SECURITY_SCHEMES.bearer]: [] }, { [SECURITY_SCHEMES.cookie]: [] }] }
          : {}),
      };
      return jsonSchemaTransform({ ...document, schema: documented });
    },
  });

  app.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
}
