import { z } from "zod";
import { defineCall } from "./call";
import { envelope } from "./envelope";

export const contactMessage = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, { error: "Name is required" }).max(100),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .pipe(z.email({ error: "Please enter a valid email address" }).max(254)),
  phone: z
    .string()
    .trim()
    .max(20, { error: "Phone number is too long" })
    .regex(/^[0-9+\-\s()]*$/, { error: "Please enter a valid phone number" })
    .optional(),
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, { error: "Subject is required" })
    .max(200),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, { error: "Message is required" })
    .max(5000, { error: "Message is too long (5000 characters at most)" }),
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const contactResponse = envelope(z.object({ id: z.number().int() }));

export const sendContactCall = defineCall({
  method: "POST",
  path: "/contact/get-contact",
  tag: "contact",
  body: contactMessage,
  output: contactResponse,
});
