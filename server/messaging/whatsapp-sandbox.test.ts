import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../test-support/test-app";
import { MessageNotSent, MessageUncertain, type MessagingProvider } from "./messaging-provider";
import { createWhatsAppClient } from "./whatsapp-client";
import type { WhatsAppSandbox } from "./whatsapp-sandbox";
import { TEMPLATES, templateComponents } from "./whatsapp-templates";

let app: FastifyInstance;
let sandbox: WhatsAppSandbox;
let client: MessagingProvider;

/** Where this store's sandbox answers. */
const sandboxUrl = () => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/whatsapp-sandbox`;
};

beforeAll(async () => {
  // Listening: the store's client asks the built-in sandbox over HTTP, as it would ask Meta.
  ({ app } = await startTestApp({}, { listen: true }));
  sandbox = app.services.messaging.connection!.sandbox!;
  client = app.services.messaging.connection!.provider;
  await sandbox.setStatuses("manual");
});

const shipped = (to: string) => ({
  to,
  kind: "template" as const,
  template: TEMPLATES.orderShipped.name,
  language: "en",
  components: templateComponents(TEMPLATES.orderShipped, {
    body: ["Asha", "ORD-1042", "Delhivery", "5793081", "https://track.example/5793081"],
    buttons: ["ORD-1042"],
  }),
  callbackData: "message:1",
});

/** The refusal a send met, or a failure of the test when it was taken. */
async function refusal(send: Promise<unknown>): Promise<MessageNotSent> {
  const error = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof MessageNotSent)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe("the built-in WhatsApp sandbox, through the store's own client", () => {
  it("takes a template message and shows the phone its text and buttons", async () => {
    const { wamid } = await client.send(shipped("919876500001"));
    expect(wamid).toMatch(/^wamid\./);
    const [received] = await sandbox.received("919876500001");
    expect(received).toMatchObject({ wamid, template: "order_shipped", status: "accepted" });
    expect(received!.text).toContain(
      "your order ORD-1042 is on its way with Delhivery (tracking number 5793081)",
    );
    expect(received!.buttons).toEqual([
      { text: "See your order", payload: null, url: expect.stringMatching(/\/orders\/ORD-1042$/) },
    ]);
  });

  it("refuses a template it does not know (132001) or with the wrong parameters (132000), to be given up", async () => {
    const unknown = await refusal(client.send({ ...shipped("919876500002"), template: "order_shipped_v9" }));
    expect(unknown).toMatchObject({ code: 132001, retryable: false });
    const otherLanguage = await refusal(client.send({ ...shipped("919876500002"), language: "hi" }));
    expect(otherLanguage.code).toBe(132001);
    const short = shipped("919876500002");
    short.components[0] = { type: "body", parameters: [{ type: "text", text: "Asha" }] };
    expect(await refusal(client.send(short))).toMatchObject({ code: 132000, retryable: false });
    expect(await sandbox.received("919876500002")).toEqual([]);
  });

  it("answers a wrong access token with 190, given up", async () => {
    const stranger = createWhatsAppClient({
      baseUrl: sandboxUrl(),
      version: "v23.0",
      phoneNumberId: sandbox.phoneNumberId,
      accessToken: "EAAnot-the-sandbox-token",
    });
    expect(await refusal(stranger.send(shipped("919876500003")))).toMatchObject({
      code: 190,
      retryable: false,
    });
  });

  it("fails the next sends as it is told, retryable or not, then takes them again", async () => {
    await sandbox.setFailure("throttled", 1);
    expect(await refusal(client.send(shipped("919876500004")))).toMatchObject({
      code: 130429,
      retryable: true,
    });
    await sandbox.setFailure("bad-gateway", 1);
    expect(await refusal(client.send(shipped("919876500004")))).toMatchObject({
      code: null,
      retryable: true,
    });
    await sandbox.setFailure("unavailable", 1);
    expect(await refusal(client.send(shipped("919876500004")))).toMatchObject({ code: 2, retryable: true });
    await sandbox.setFailure("token-expired", 1);
    expect(await refusal(client.send(shipped("919876500004")))).toMatchObject({
      code: 190,
      retryable: false,
    });
    await expect(client.send(shipped("919876500004"))).resolves.toHaveProperty("wamid");
    expect(await sandbox.received("919876500004")).toHaveLength(1);
  });

  it("refuses a number ending 0049 at once (131049), and fails one ending 0026 later (131026)", async () => {
    expect(await refusal(client.send(shipped("919876550049")))).toMatchObject({
      code: 131049,
      retryable: false,
    });
    const { wamid } = await client.send(shipped("919876550026"));
    expect((await sandbox.messageOf(wamid))?.failsWith).toBe(131026);
  });

  it("takes a text outside the 24-hour window, to fail it later (131047)", async () => {
    const { wamid } = await client.send({
      to: "919876500005",
      kind: "text",
      text: "Your order is confirmed.",
    });
    expect((await sandbox.messageOf(wamid))?.failsWith).toBe(131047);
  });

  it("can take a message and lose the answer: the client cannot know whether it went", async () => {
    const impatient = createWhatsAppClient({
      baseUrl: sandboxUrl(),
      version: "v23.0",
      phoneNumberId: sandbox.phoneNumberId,
      accessToken: sandbox.accessToken,
      timeoutMs: 300,
    });
    await sandbox.setFailure("lost-answer", 1);
    await expect(impatient.send(shipped("919876500006"))).rejects.toBeInstanceOf(MessageUncertain);
    expect(await sandbox.received("919876500006")).toHaveLength(1);
  });
});
