import { expect, test } from "@playwright/test";
import { addressOfItsOwn, productInStock, setVisibility, STAFF } from "./support";

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
