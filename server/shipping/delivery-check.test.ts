import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { ADDRESS_MESSAGES } from "../../contract/addresses";
import { SHIPPING_MESSAGES } from "../../contract/shipping";
import { COURIER_SANDBOX_PREFIX } from "../config";
import { createUserAndLogin } from "../test-support/accounts";
import { malformed, type TestApi } from "../test-support/api-client";
import { startTestApp } from "../test-support/test-app";
import { createDelhiveryClient } from "./delhivery-client";
import { TAILORING_DAYS } from "./delivery-check";
import { estimateDelivery } from "./delivery-estimate";
import { CourierUnavailable } from "./shipping-provider";

let app: FastifyInstance;
let api: TestApi;
let sandboxUrl: string;

beforeAll(async () => {
  // Listening: the store asks the built-in Delhivery sandbox over HTTP, as it would ask Delhivery.
  ({ app, api } = await startTestApp({}, { listen: true }));
  const { port } = app.server.address() as AddressInfo;
  sandboxUrl = `http://127.0.0.1:${port}${COURIER_SANDBOX_PREFIX}`;
});
afterEach(() => app.services.shipping.sandbox!.setFailure("none"));

const check = async (pincode: string) => (await api.checkDelivery({ pincode })).body.data;
/** The date the store should give for an order placed now, whichever side of midnight the check fell. */
const expectedDates = (transitDays: number, dispatchDays = 15, tailoringDays = 0) =>
  [new Date(Date.now() - 60_000), new Date(Date.now() + 60_000)].map(
    (now) => estimateDelivery({ now, dispatchDays, tailoringDays, transitDays }).deliveryBy,
  );

describe("Check delivery", () => {
  it("gives a pincode the courier serves, with Cash on Delivery and the dates for a ready and a customised piece", async () => {
    const answer = await check("600004");
    expect(answer).toMatchObject({
      pincode: "600004",
      place: "Chennai, Tamil Nadu",
      serviceable: true,
      cod: true,
      reason: null,
      dispatchDays: 15,
    });
    // Hyderabad to Chennai: another state and region, five days in the sandbox.
    expect(expectedDates(5)).toContain(answer.deliveryBy);
    expect(expectedDates(5, 15, TAILORING_DAYS)).toContain(answer.customisedDeliveryBy);
  });

  it("reads a pincode typed with a space, and refuses one that is not six digits in the address form's words", async () => {
    expect((await check("600 004")).pincode).toBe("600004");
    const refused = await api.checkDelivery(malformed({ pincode: "6000" }));
    expect(refused.status).toBe(400);
    expect(refused.error.message).toBe(ADDRESS_MESSAGES.pincodeInvalid);
  });

  it("says where Cash on Delivery is not collected, where deliveries are paused, and where the courier does not go", async () => {
    expect(await check("744101")).toMatchObject({ serviceable: true, cod: false, reason: null });
    expect(await check("194101")).toMatchObject({
      serviceable: false,
      cod: false,
      reason: SHIPPING_MESSAGES.embargoed("194101"),
      deliveryBy: null,
      customisedDeliveryBy: null,
    });
    const unknown = await api.checkDelivery({ pincode: "999999" });
    expect(unknown.status).toBe(404);
    expect(unknown.error.message).toBe(SHIPPING_MESSAGES.notServed("999999"));
  });

  it("moves the date when the owner changes the dispatch time", async () => {
    const owner = (await createUserAndLogin(app, ROLE.superAdmin)).token;
    expect((await api.as(owner).updateStoreSettings({ dispatchDays: 3 })).status).toBe(200);
    try {
      expect(expectedDates(5, 3)).toContain((await check("600004")).deliveryBy);
    } finally {
      await api.as(owner).updateStoreSettings({ dispatchDays: 15 });
    }
  });

  it("keeps the courier's answer for a pincode: a second check does not ask it again", async () => {
    await check("110001");
    await app.services.shipping.sandbox!.setFailure("server-error");
    expect((await check("110001")).serviceable).toBe(true);
  });

  it.each(["server-error", "truncated"] as const)(
    "says it could not check, with 503, when the courier answers %s, and asks again next time",
    async (failure) => {
      const pincode = failure === "server-error" ? "560038" : "400001";
      await app.services.shipping.sandbox!.setFailure(failure);
      const failed = await api.checkDelivery({ pincode });
      expect(failed.status).toBe(503);
      expect(failed.error.message).toBe(SHIPPING_MESSAGES.unavailable);
      await app.services.shipping.sandbox!.setFailure("none");
      expect((await check(pincode)).serviceable).toBe(true);
    },
  );
});

describe("the Delhivery client", () => {
  const client = (token: string, timeoutMs?: number) =>
    createDelhiveryClient({
      baseUrl: sandboxUrl,
      token,
      warehouse: "RANGOLI-HYD",
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it("sends its token as Delhivery asks, and a wrong one is the courier unavailable, not a pincode unserved", async () => {
    const token = app.services.shipping.sandbox!.token;
    expect(await client(token).pincodeService("600004")).toEqual({
      pincode: "600004",
      serviceable: true,
      cod: true,
      embargoed: false,
    });
    await expect(client("not-the-token").pincodeService("600004")).rejects.toBeInstanceOf(CourierUnavailable);
  });

  it("gives up on a courier slower than its timeout", async () => {
    await app.services.shipping.sandbox!.setFailure("slow");
    await expect(
      client(app.services.shipping.sandbox!.token, 300).transitDays("500034", "600004"),
    ).rejects.toThrow(CourierUnavailable);
  });
});
