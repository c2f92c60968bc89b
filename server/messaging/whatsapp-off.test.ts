import { beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { WHATSAPP_MESSAGES, whatsAppSandboxMessagesCall } from "../../contract/whatsapp";
import type { PageRequest } from "../lib/calls";
import { createUserAndLogin } from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { startTestApp } from "../test-support/test-app";
import type { FastifyInstance } from "fastify";

let app: FastifyInstance;
let api: TestApi;

beforeAll(async () => {
  // As production without WHATSAPP_* credentials: WhatsApp is off, and the store writes e-mail only.
  ({ app, api } = await startTestApp({ whatsapp: null }));
});

describe("a store without WhatsApp", () => {
  it("has no provider, no outbox job, no webhook and no sandbox", async () => {
    expect(app.services.messaging.connection).toBeNull();
    expect(app.services.messaging.worker).toBeNull();
    expect((await api.whatsAppHandshake({ "hub.mode": "subscribe" })).status).toBe(404);
    expect((await api.whatsAppWebhook({ object: "whatsapp_business_account", entry: [] })).status).toBe(404);
    expect((await api.whatsAppSandboxMessages({ phone: "9848012345" })).status).toBe(404);
    // The sandbox's page asks without a phone: it is a 404 too.
    expect((await api.whatsAppSandboxMessages({})).status).toBe(404);
    const reply = await api.whatsAppSandboxReply({ phone: "9848012345", text: "STOP" });
    expect([reply.status, reply.error.message]).toEqual([404, WHATSAPP_MESSAGES.noSandbox]);
    expect((await app.inject({ method: "POST", url: "/whatsapp-sandbox/v23.0/1/messages" })).statusCode).toBe(
      404,
    );
  });

  it("answers the sandbox's phone page's call in-process as over HTTP: 404, so that /dev/whatsapp is a 404", async () => {
    const page: PageRequest = {
      headers: {},
      cookies: {},
      ip: "127.0.0.1",
      host: "localhost:3000",
      log: app.log,
    };
    const pageApi = app.services.calls.callerFor(page, { serializeCookie: app.serializeCookie });
    for (const input of [{}, { phone: "9848012345" }]) {
      const overHttp = await api.whatsAppSandboxMessages(input);
      expect(await pageApi(whatsAppSandboxMessagesCall, input)).toEqual({
        ok: false,
        status: 404,
        ...overHttp.response.json(),
      });
    }
  });

  it("tells the pages it is not available, refuses codes and new consents, and still takes a withdrawal", async () => {
    const her = await createUserAndLogin(app, ROLE.customer);
    expect((await api.as(her.token).whatsAppAccount()).body.data).toMatchObject({
      available: false,
      updates: false,
    });
    const given = await api.as(her.token).setWhatsAppConsent({ given: true });
    expect(given.status).toBe(503);
    expect(given.error.message).toBe(WHATSAPP_MESSAGES.unavailable);
    expect((await api.as(her.token).setWhatsAppConsent({ given: false })).status).toBe(200);
    expect((await api.requestWhatsAppLoginCode({ phone: "9848012345" })).status).toBe(503);
    expect((await api.as(her.token).requestPhoneVerification()).status).toBe(503);
  });
});
