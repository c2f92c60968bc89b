import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { SANDBOX_PREFIX } from "../config";
import { seedCatalog } from "../test-support/catalog-fixture";
import {
  decide,
  historyOf,
  orderOf,
  orderStatus,
  paymentOf,
  placedOrder,
  reconcileNow,
  shopperWithAddress,
} from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";
import { createPhonePeClient, PhonePeError } from "./phonepe-client";

/**
 * PhonePe's answers are read through the protocol's schemas (phonepe-protocol.ts): an answer that is not as
 * documented is PhonePe failing, never a 500 and never a change of an order or a payment.
 */

/** A stand-in for PhonePe's HTTP side between the store and its sandbox: passes calls on, or answers itself. */
async function phonePeBetween() {
  let target = "";
  type Answer = { status: number; body: string };
  let answer: ((path: string) => Answer | undefined) | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const own = answer?.(request.url!);
      const passed: Answer =
        own ??
        (await fetch(`${target}${request.url}`, {
          method: request.method!,
          headers: {
            ...(request.headers["content-type"] ? { "content-type": request.headers["content-type"] } : {}),
            ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
          },
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        }).then(async (reply) => ({ status: reply.status, body: await reply.text() })));
      response.writeHead(passed.status, { "content-type": "application/json" }).end(passed.body);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    passTo: (url: string) => (target = url),
    answer: (with_: typeof answer) => (answer = with_),
  };
}

const between = await phonePeBetween();
const { app } = await startTestApp({ phonePe: { sandbox: true, baseUrl: between.url } }, { listen: true });
between.passTo(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}${SANDBOX_PREFIX}`);

const isStatus = (path: string) => path.startsWith("/checkout/v2/order/");
const malformedStatuses = [
  "not json",
  JSON.stringify({ orderId: "OMO1", state: "PAID", amount: 630000 }),
  JSON.stringify({ orderId: "OMO1", state: "COMPLETED", amount: "630000" }),
  JSON.stringify({ state: "COMPLETED", amount: 630000 }),
  JSON.stringify({ orderId: "OMO1", state: "COMPLETED", amount: 630000, paymentDetails: "UPI" }),
  "[]",
];

describe("PhonePe's Order Status answer not as documented", () => {
  it.each(malformedStatuses)(
    "changes nothing, and the shopper's status check is no 500: %s",
    async (body) => {
      const [id] = await seedCatalog(app, [
        { name: "Mint Half Saree", price: 3150, categoryId: 3, sizes: { M: 4 } },
      ]);
      const shopper = await shopperWithAddress(app);
      const { orderId, merchantOrderId } = await placedOrder(app, shopper, [
        { id: id!, size: "M", quantity: 1 },
      ]);
      await decide(app, merchantOrderId, "approve", { webhook: "drop" });
      const history = (await historyOf(app, orderId)).length;

      between.answer((path) => (isStatus(path) ? { status: 200, body } : undefined));
      try {
        await reconcileNow(app);
        const checked = await orderStatus(app, shopper.token, orderId);
        expect(checked.statusCode).toBe(200);
        expect(checked.json().data).toMatchObject({ orderStatus: "Pending", paymentStatus: "Initiated" });
        expect(await orderOf(app, orderId)).toMatchObject({
          status: "Pending",
          paidAt: null,
          stockReleasedAt: null,
        });
        expect(await paymentOf(app, orderId)).toMatchObject({ state: "PENDING", settledAt: null });
        expect(await historyOf(app, orderId)).toHaveLength(history);
      } finally {
        between.answer(undefined);
      }

      // PhonePe answering as documented again: the payment counts.
      await reconcileNow(app);
      expect(await orderOf(app, orderId)).toMatchObject({ status: "Processing", paymentStatus: "Success" });
    },
  );
});

describe("the client reads each answer through its schema", () => {
  const client = () =>
    createPhonePeClient({ ...app.services.phonePeSandbox!.settings, pgBaseUrl: between.url });

  it("a pay answer without its checkout page is PhonePe's failure (502)", async () => {
    between.answer((path) =>
      path === "/checkout/v2/pay"
        ? { status: 200, body: JSON.stringify({ orderId: "OMO1", state: "PENDING" }) }
        : undefined,
    );
    try {
      const failure = await client()
        .pay({
          merchantOrderId: "TEST-PAY-1",
          amountPaise: 10_000,
          redirectUrl: "http://127.0.0.1/payment/callback",
          expireAfterSeconds: 600,
          udf1: "TEST",
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PhonePeError);
      expect(failure).toMatchObject({ status: 502 });
      expect((failure as Error).message).toContain("redirectUrl");
    } finally {
      between.answer(undefined);
    }
  });

  it("a refund answer with an unknown state, or a refund status without one, is PhonePe's failure", async () => {
    between.answer((path) =>
      path === "/payments/v2/refund"
        ? { status: 200, body: JSON.stringify({ refundId: "OMR1", state: "DONE" }) }
        : path.startsWith("/payments/v2/refund/")
          ? { status: 200, body: JSON.stringify({ refundId: "OMR1" }) }
          : undefined,
    );
    try {
      const refund = client().refund({
        merchantRefundId: "R-1",
        originalMerchantOrderId: "O-1",
        amountPaise: 100,
      });
      await expect(refund).rejects.toMatchObject({ status: 502 });
      await expect(client().refundStatus("R-1")).rejects.toMatchObject({ status: 502 });
    } finally {
      between.answer(undefined);
    }
  });

  it("PhonePe's 404 is 'no such order', and its error answer's code is kept only when it is text", async () => {
    between.answer((path) =>
      isStatus(path)
        ? { status: 404, body: JSON.stringify({ code: "ORDER_NOT_FOUND" }) }
        : path === "/payments/v2/refund"
          ? { status: 400, body: JSON.stringify({ code: 42, message: "Bad amount" }) }
          : undefined,
    );
    try {
      expect(await client().orderStatus("NOPE-1")).toBeNull();
      const refused = await client()
        .refund({ merchantRefundId: "R-2", originalMerchantOrderId: "O-1", amountPaise: 100 })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 400, code: undefined, phonePeMessage: "Bad amount" });
    } finally {
      between.answer(undefined);
    }
  });
});
