import type { FastifyInstance } from "fastify";
import { sendContactCall } from "../../contract/contact";
import type { Calls } from "../lib/calls";
import { tooManyRequests } from "../lib/errors";
import { rateLimitCheck, type AttemptCounts } from "../lib/rate-limits";
import type { ContactService } from "./contact.service";

const waitText = (seconds: number) =>
  seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

export async function contactRoutes(
  app: FastifyInstance,
  { calls, contact, attempts }: { calls: Calls; contact: ContactService; attempts: AttemptCounts },
) {
  const perAddress = rateLimitCheck(
    attempts,
    "contact",
    { max: 5, windowMs: 10 * 60_000 },
    { refusal: (seconds) => tooManyRequests(`Too many requests. Please try again in ${waitText(seconds)}.`) },
  );
  calls.serve(app, sendContactCall, {
    onRequest: [(request, reply) => perAddress(request, reply, undefined)],
    handler: async (message) => {
      const saved = await contact.submit(message);
      return {
        code: 200,
        message: "Thank you for your message. We'll get back to you within 24 hours.",
        data: saved,
      };
    },
  });
}
