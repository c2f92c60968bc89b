import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactMessage, contactResponse } from "../../contract/contact";
import type { ContactService } from "./contact.service";

export async function contactRoutes(server: FastifyInstance, { contact }: { contact: ContactService }) {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/contact/get-contact",
    {
      schema: { tags: ["contact"], body: contactMessage, response: { 200: contactResponse } },
      config: { rateLimit: { max: 5, timeWindow: "10 minutes" } },
    },
    async (request) => {
      const saved = await contact.submit(request.body);
      return {
        code: 200,
        message: "Thank you for your message. We'll get back to you within 24 hours.",
        data: saved,
      };
    },
  );
}
