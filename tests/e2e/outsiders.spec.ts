import { expect, test } from "@playwright/test";
import {
  addressOfItsOwn,
  CHENNAI,
  newVerifiedShopper,
  productInStock,
  setVisibility,
  signIn,
  STAFF,
} from "./support";

/*
 * What an outsider can make a signed-in member of staff's browser do (issue 35): open a link from outside
 * the store.
 */

test("a delete link opened from a mail or chat app deletes nothing, though staff are signed in", async ({
  page,
}) => {
  const login = await page.request.post("/api/users/login", {
    data: STAFF,
    headers: { "x-forwarded-for": addressOfItsOwn() },
  });
  expect(login.ok(), await login.text()).toBe(true);
  // The browser holds staff's session cookie, as after logging in on the store's page.
  await page.context().addCookies([
    {
      name: "__Host-session",
      value: (await login.json()).token as string,
      domain: "localhost",
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  const { id } = await productInStock(page);
  try {
    // A navigation the browser starts itself, as for a link another app opens: Sec-Fetch-Site: none.
    const answer = (await page.goto(`/api/products/delete-product?id=${id}`))!;
    expect(await answer.request().headerValue("sec-fetch-site")).toBe("none");
    expect(await answer.request().headerValue("cookie")).toContain("__Host-session=");
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toMatchObject({
      message: "This request must come from the store's own pages.",
    });
    expect((await page.request.get(`/api/products/get-product?id=${id}`)).status()).toBe(200);
  } finally {
    // On the code before issue 35 the link deleted the demo product the other specs use.
    await setVisibility(page.request, id, true);
  }
});

test("PhonePe's sandbox page sends whoever approves a payment to the store's callback page, never to an address an outsider chose", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { id } = await productInStock(page);
  const product = (await (await page.request.get(`/api/products/get-product?id=${id}`)).json()).data;
  const size = (product.sizes as Array<{ label: string; stock: number }>).find((s) => s.stock > 0)!.label;
  const origin = new URL(baseURL!).origin;
  // An outsider with an account of their own, signed in in this browser.
  await newVerifiedShopper(page, baseURL!, { signedIn: true });
  const address = await page.request.post("/api/addresses/add-address", {
    data: CHENNAI,
    headers: { origin, "x-forwarded-for": addressOfItsOwn() },
  });
  const addressId = (await address.json()).data.id as number;
  await page.goto("/");

  // From the store's own page, as the outsider's script would: orders whose payment page would send the one
  // who approves it to a store URL that deletes a product, or to another site.
  const answers = await page.evaluate(
    async ({ id, size, addressId, origin }) => {
      const results: Array<{ status: number; message: string }> = [];
      for (const redirectUrl of [
        `${origin}/api/products/delete-product?id=${id}`,
        "/admin/products",
        "https://evil.example/payment/callback",
      ]) {
        const response = await fetch("/api/orders/place-order", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            items: [{ id, size, quantity: 1 }],
            addressId,
            paymentMethod: "phonePe",
            redirectUrl,
          }),
        });
        results.push({
          status: response.status,
          message: ((await response.json()) as { message: string }).message,
        });
      }
      // Nor can it ask the sandbox itself: the credentials the source once published get no token, and a
      // payment without one is refused.
      const token = await fetch("/phonepe-sandbox/v1/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: "RANGOLI_SANDBOX",
          client_secret: "sandbox-secret-not-for-real-money",
          client_version: "1",
          grant_type: "client_credentials",
        }),
      });
      const pay = await fetch("/phonepe-sandbox/checkout/v2/pay", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          merchantOrderId: `OUTSIDER-${Date.now()}`,
          amount: 100,
          paymentFlow: {
            type: "PG_CHECKOUT",
            merchantUrls: { redirectUrl: `${origin}/api/products/delete-product?id=${id}` },
          },
        }),
      });
      results.push({ status: token.status, message: "token" }, { status: pay.status, message: "pay" });
      return results;
    },
    { id, size, addressId, origin },
  );
  const refused = "The redirect URL must be this store's payment page, /payment/callback.";
  expect(answers).toEqual([
    { status: 400, message: refused },
    { status: 400, message: refused },
    { status: 400, message: refused },
    { status: 401, message: "token" },
    { status: 401, message: "pay" },
  ]);

  // A genuine payment page, opened by staff signed in: approving it lands on the store's callback page.
  const placed = await page.request.post("/api/orders/place-order", {
    data: { items: [{ id, size, quantity: 1 }], addressId, paymentMethod: "phonePe" },
    headers: { origin, "x-forwarded-for": addressOfItsOwn() },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { checkoutUrl } = (await placed.json()).data.phonePe as { checkoutUrl: string };
  await signIn(page, STAFF.email, STAFF.password);
  await page.goto(checkoutUrl);
  await page.getByRole("button", { name: "Approve payment" }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/payment/callback(\\?|$)`));
  expect((await page.request.get(`/api/products/get-product?id=${id}`)).status()).toBe(200);
});
