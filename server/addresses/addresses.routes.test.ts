import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { bearer, createUserAndLogin, freshIp, post } from "../test-support/accounts";
import { HOME } from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(() => close());

const myAddresses = (token: string) =>
  app.inject({
    method: "GET",
    url: "/api/addresses/my-addresses",
    headers: bearer(token),
    remoteAddress: freshIp(),
  });

describe("the checkout's address book", () => {
  it("saves, lists and edits a shopper's own addresses, normalising phone and pincode", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const added = await post(
      app,
      "/api/addresses/add-address",
      { ...HOME, pincode: "500 034" },
      bearer(token),
    );
    expect(added.statusCode).toBe(200);
    const address = added.json().data;
    expect(address).toMatchObject({
      name: "Kavya Reddy",
      phone: "9848012345",
      pincode: "500034",
      country: "India",
    });
    expect(added.headers["cache-control"]).toBe("private, no-store");

    const edited = await post(
      app,
      "/api/addresses/update-address",
      { ...HOME, id: address.id, city: "Secunderabad" },
      bearer(token),
    );
    expect(edited.json().data.city).toBe("Secunderabad");
    expect((await myAddresses(token)).json().data).toEqual([{ ...address, city: "Secunderabad" }]);
  });

  it("names each missing field in the spec's words and saves nothing", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const response = await post(
      app,
      "/api/addresses/add-address",
      { ...HOME, city: " ", pincode: "" },
      bearer(token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      city: "City is required.",
      pincode: "Pincode is required.",
    });
    const missing = await post(app, "/api/addresses/add-address", {}, bearer(token));
    expect(Object.values(missing.json().errors)).toEqual(
      expect.arrayContaining(["Name is required.", "Phone is required.", "Address is required."]),
    );
    expect((await myAddresses(token)).json().data).toEqual([]);
  });

  it("refuses a pincode or mobile number that is not Indian, and a delivery outside India", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    for (const [field, value, message] of [
      ["pincode", "05003", "Enter a valid 6-digit pincode."],
      ["pincode", "5000341", "Enter a valid 6-digit pincode."],
      ["phone", "12345", "Enter a valid 10-digit mobile number."],
      ["phone", "5848012345", "Enter a valid 10-digit mobile number."],
      ["country", "Nepal", "We deliver within India only."],
    ] as const) {
      const response = await post(
        app,
        "/api/addresses/add-address",
        { ...HOME, [field]: value },
        bearer(token),
      );
      expect(response.statusCode, `${field} ${value}`).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    expect((await myAddresses(token)).json().data).toEqual([]);
  });

  it("never shows or edits another shopper's address", async () => {
    const owner = await createUserAndLogin(app, ROLE.customer);
    const stranger = await createUserAndLogin(app, ROLE.customer);
    const { id } = (await post(app, "/api/addresses/add-address", HOME, bearer(owner.token))).json().data;
    const response = await post(
      app,
      "/api/addresses/update-address",
      { ...HOME, id, city: "Pune" },
      bearer(stranger.token),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Invalid Address");
    expect((await myAddresses(stranger.token)).json().data).toEqual([]);
    expect((await myAddresses(owner.token)).json().data[0].city).toBe("Hyderabad");
  });

  it("needs a session", async () => {
    expect((await app.inject({ method: "GET", url: "/api/addresses/my-addresses" })).statusCode).toBe(401);
    expect((await post(app, "/api/addresses/add-address", HOME)).statusCode).toBe(401);
  });
});
