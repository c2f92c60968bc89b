import { z } from "zod";

/** Every answer of the API: `code` equals the HTTP status. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** An answer that has nothing to return but its message. */
export const messageResponse = envelope(z.null());
