import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { contactMessages } from "./contact.tables";
import { mailboxMessages, outboxEmails } from "../mail/mail.tables";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ storeEmail: "owner@boutique.test" }));
});
afterAll(() => close());

const valid = {
  name: "Lakshmi Rao",
  email: "lakshmi@example.in",
  phone: "+91 98480 00000",
  subject: "Blouse customisation",
  message: "Can the sleeves of the emerald anarkali be made elbow length?",
};

// Each test comes from its own address, so the rate limit only counts where a test means it to.
let nextIp = 1;
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/contact/get-contact",
    remoteAddress: `10.0.0.${nextIp++}`,
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

const countMessages = async () => (await app.services.db.select().from(contactMessages)).length;

describe("POST /api/contact/get-contact", () => {
  it("keeps the message and mails the store, with the customer as reply-to", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      message: "Thank you for your message. We'll get back to you within 24 hours.",
    });
    const [saved] = await app.services.db.select().from(contactMessages);
    expect(saved).toMatchObject({
      name: "Lakshmi Rao",
      email: "lakshmi@example.in",
      subject: "Blouse customisation",
    });

    const [queued] = await app.services.db.select().from(outboxEmails);
    expect(queued).toMatchObject({
      to: "owner@boutique.test",
      replyTo: "lakshmi@example.in",
      status: "pending",
    });
    expect(queued!.text).toContain("elbow length");
    expect(queued!.html).toContain("<html");

    expect(await app.services.mailWorker.runOnce()).toBe(1);
    const [delivered] = await app.services.db.select().from(mailboxMessages);
    expect(delivered).toMatchObject({
      to: "owner@boutique.test",
      subject: "Contact form: Blouse customisation",
    });
    const [sent] = await app.services.db.select().from(outboxEmails);
    expect(sent!.status).toBe("sent");
    expect(await app.services.mailWorker.runOnce()).toBe(0);
  });

  it("accepts a message without a phone number", async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect((await post(withoutPhone)).statusCode).toBe(200);
  });

  it("names every missing field and stores nothing", async () => {
    const before = await countMessages();
    const response = await post({ phone: "" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(400);
    expect(body.errors).toMatchObject({
      name: "Name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(await countMessages()).toBe(before);
  });

  it("refuses blank fields", async () => {
    const response = await post({ ...valid, name: "   ", message: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      name: "Name is required",
      message: "Message is required",
    });
  });

  it("refuses a bad e-mail address", async () => {
    const response = await post({ ...valid, email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "Please enter a valid email address" });
  });

  it("refuses malformed JSON with a 400 and stores nothing", async () => {
    const before = await countMessages();
    const response = await post('{"name": "Lakshmi",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: "Malformed JSON in the request body" });
    expect(await countMessages()).toBe(before);
  });

  it("refuses a body over 1 MB with a 413", async () => {
    const response = await post({ ...valid, message: "x".repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: "The request body is too large" });
  });

  it("refuses an over-long message", async () => {
    const response = await post({ ...valid, message: "x".repeat(5001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Message is too long (5000 characters at most)");
  });

  it("limits one address to five messages in ten minutes", async () => {
    const send = () =>
      app.inject({
        method: "POST",
        url: "/api/contact/get-contact",
        remoteAddress: "192.0.2.50",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(valid),
      });
    for (let i = 0; i < 5; i += 1) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in /);
  });
});
