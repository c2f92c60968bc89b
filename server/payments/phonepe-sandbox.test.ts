import { describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { SANDBOX_PREFIX } from "../config";
import { createUserAndLogin } from "../test-support/accounts";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, placedOrder, reconcileNow, shopperWithAddress } from "../test-support/checkout";
import { createTestApp, startTestApp } from "../test-support/test-app";
import { sandboxCredentials } from "./sandbox-credentials";

/**
 * The built-in PhonePe sandbox is no way in (issue 35, 2): its credentials are the install's own, its reads
 * and refunds need its token as PhonePe's do, and its page sends the shopper back only to the store's
 * callback page.
 */
const { app, api } = await startTestApp({}, { listen: true });
const address = app.server.address() as { port: number };
const origin = `http://127.0.0.1:${address.port}`;
const sandbox = `${origin}${SANDBOX_PREFIX}`;
const settings = () => app.services.phonePeSandbox!.settings;

/** The OAuth token call, as PhonePe's clients make it (a form). */
const token = (form: Record<string, string>) =>
  fetch(`${sandbox}/v1/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });

async function bearer() {
  const answer = await token({
    client_id: settings().clientId,
    client_secret: settings().clientSecret,
    client_version: settings().clientVersion,
    grant_type: "client_credentials",
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { access_token: string; token_type: string };
  return `${body.token_type} ${body.access_token}`;
}

const pay = (authorization: string, redirectUrl: string, merchantOrderId: string) =>
  fetch(`${sandbox}/checkout/v2/pay`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify({
      merchantOrderId,
      amount: 10_000,
      paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl } },
    }),
  });

describe("the sandbox's credentials", () => {
  it("are made per install, kept in its database and the same at every start", async () => {
    const mine = settings();
    expect(mine.clientId).toMatch(/^SANDBOX_[0-9A-F]{12}$/);
    expect(mine.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect(mine.webhookUsername).toMatch(/^\w{5,20}$/);
    expect(mine.webhookPassword).toMatch(/^(?=.*[a-z])(?=.*\d)[a-z\d]{8,20}$/);
    // Read again (another process, a restart): the same.
    expect(await sandboxCredentials(app.services.db, sandbox)).toEqual(mine);
    const other = await createTestApp();
    try {
      const theirs = await sandboxCredentials(other.app.services.db, sandbox);
      expect(theirs.clientId).not.toBe(mine.clientId);
      expect(theirs.clientSecret).not.toBe(mine.clientSecret);
      expect(theirs.webhookPassword).not.toBe(mine.webhookPassword);
    } finally {
      await other.close();
    }
  });

  it("the ones the source used to publish get no token", async () => {
    const answer = await token({
      client_id: "RANGOLI_SANDBOX",
      client_secret: "sandbox-secret-not-for-real-money",
      client_version: "1",
      grant_type: "client_credentials",
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: "INVALID_CLIENT" });
  });

  it("are shown to the super admin only", async () => {
    const owner = await createUserAndLogin(app, ROLE.superAdmin);
    const shown = await api.as(owner.token).paymentProvider();
    expect(shown.status).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(shown.body.data).toEqual({
      provider: "sandbox",
      sandbox: {
        baseUrl: sandbox,
        clientId: settings().clientId,
        clientSecret: settings().clientSecret,
        clientVersion: "1",
        webhookUsername: settings().webhookUsername,
        webhookPassword: settings().webhookPassword,
      },
    });
    const staff = await createUserAndLogin(app, ROLE.admin);
    expect((await api.as(staff.token).paymentProvider()).status).toBe(403);
    expect((await api.paymentProvider()).status).toBe(401);
  });

  it("a store on PhonePe itself shows which, and no credentials", async () => {
    const live = await createTestApp({
      phonePe: {
        sandbox: false,
        settings: { ...settings(), oauthBaseUrl: "http://127.0.0.1:9", pgBaseUrl: "http://127.0.0.1:9" },
      },
    });
    try {
      const owner = await createUserAndLogin(live.app, ROLE.superAdmin);
      const shown = await live.api.as(owner.token).paymentProvider();
      expect(shown.body.data).toEqual({ provider: "phonepe", sandbox: null });
    } finally {
      await live.close();
    }
  });
});

describe("the sandbox's calls need its token, as PhonePe's do", () => {
  it("an order's status, a refund and a refund's status: 401 without it or with a forged one", async () => {
    const [id] = await seedCatalog(app, [{ name: "Kanjivaram Silk Saree", price: 8999, categoryId: 1 }]);
    const shopper = await shopperWithAddress(app);
    const { merchantOrderId } = await placedOrder(app, shopper, [{ id: id!, size: "M", quantity: 1 }]);
    await decide(app, merchantOrderId, "approve");
    await reconcileNow(app);

    const requests = [
      { method: "GET", path: `/checkout/v2/order/${merchantOrderId}/status` },
      { method: "GET", path: `/payments/v2/refund/${merchantOrderId}-R1/status` },
      { method: "POST", path: "/payments/v2/refund" },
    ];
    const forged = `O-Bearer ${Math.floor(Date.now() / 1000) + 3600}.${"A".repeat(43)}`;
    for (const authorization of [undefined, "", forged, "Bearer x", "O-Bearer 1.abc"])
      for (const { method, path } of requests) {
        const answer = await fetch(`${sandbox}${path}`, {
          method,
          headers: {
            "content-type": "application/json",
            ...(authorization === undefined ? {} : { authorization }),
          },
          ...(method === "POST"
            ? {
                body: JSON.stringify({
                  merchantRefundId: `${merchantOrderId}-X1`,
                  originalMerchantOrderId: merchantOrderId,
                  amount: 100,
                }),
              }
            : {}),
        });
        expect(answer.status, `${method} ${path} with ${authorization}`).toBe(401);
      }

    // The store's own client, with the token: the status reads.
    const status = await fetch(`${sandbox}/checkout/v2/order/${merchantOrderId}/status`, {
      headers: { authorization: await bearer() },
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ merchantOrderId, state: "COMPLETED" });
  });
});

describe("the sandbox's page sends the shopper back to the store's callback page only", () => {
  it("refuses any other redirectUrl when the payment is made", async () => {
    const authorization = await bearer();
    let n = 0;
    for (const redirectUrl of [
      "https://evil.example/payment/callback",
      `${origin}/api/products/delete-product?id=1`,
      `${origin}/`,
      `${origin}/payment/callback/../api/users/logout`,
      `http://localhost:${address.port}/payment/callback`,
      "javascript:alert(1)",
    ]) {
      const answer = await pay(authorization, redirectUrl, `OUTSIDER-${++n}`);
      expect(answer.status, redirectUrl).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    const good = await pay(authorization, `${origin}/payment/callback?orderId=RB1`, "STORE-1");
    expect(good.status).toBe(200);
  });

  it("Place Order takes no other return address of the store", async () => {
    const [id] = await seedCatalog(app, [{ name: "Banarasi Dupatta", price: 1499, categoryId: 1 }]);
    const shopper = await shopperWithAddress(app);
    const placed = await api.as(shopper.token).placeOrder({
      items: [{ id: id!, size: "M", quantity: 1 }],
      addressId: shopper.addressId,
      paymentMethod: "phonePe",
      redirectUrl: `${origin}/api/products/delete-product?id=${id!}`,
    });
    expect(placed.status).toBe(400);
    expect(placed.error.message).toBe(
      "The redirect URL must be this store's payment page, /payment/callback.",
    );
  });
});
