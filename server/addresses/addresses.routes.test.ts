import { describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin } from "../test-support/accounts";
import { malformed } from "../test-support/api-client";
import { HOME } from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";

const { app, api } = await startTestApp();

const myAddresses = async (token: string) => (await api.as(token).myAddresses()).body.data;

describe("the checkout's address book", () => {
  it("saves, lists and edits a shopper's own addresses, normalising phone and pincode", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const added = await api.as(token).addAddress({ ...HOME, pincode: "500 034" });
    expect(added.status).toBe(200);
    const address = added.body.data;
    expect(address).toMatchObject({
      name: "Kavya Reddy",
      phone: "9848012345",
      pincode: "500034",
      country: "India",
    });
    expect(added.headers["cache-control"]).toBe("private, no-store");

    const edited = await api.as(token).updateAddress({ ...HOME, id: address.id, city: "Secunderabad" });
    expect(edited.body.data.city).toBe("Secunderabad");
    expect(await myAddresses(token)).toEqual([{ ...address, city: "Secunderabad" }]);
  });

  it("names each missing field in the spec's words and saves nothing", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const response = await api.as(token).addAddress({ ...HOME, city: " ", pincode: "" });
    expect(response.status).toBe(400);
    expect(response.error.errors).toMatchObject({
      city: "City is required.",
      pincode: "Pincode is required.",
    });
    const missing = await api.as(token).addAddress(malformed({}));
    expect(Object.values(missing.error.errors ?? {})).toEqual(
      expect.arrayContaining(["Name is required.", "Phone is required.", "Address is required."]),
    );
    expect(await myAddresses(token)).toEqual([]);
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
      const response = await api.as(token).addAddress({ ...HOME, [field]: value });
      expect(response.status, `${field} ${value}`).toBe(400);
      expect(response.error.errors?.[field]).toBe(message);
    }
    expect(await myAddresses(token)).toEqual([]);
  });

  it("never shows or edits another shopper's address", async () => {
    const owner = await createUserAndLogin(app, ROLE.customer);
    const stranger = await createUserAndLogin(app, ROLE.customer);
    const { id } = (await api.as(owner.token).addAddress(HOME)).body.data;
    const response = await api.as(stranger.token).updateAddress({ ...HOME, id, city: "Pune" });
    expect(response.status).toBe(404);
    expect(response.error.message).toBe("Invalid Address");
    expect(await myAddresses(stranger.token)).toEqual([]);
    expect((await myAddresses(owner.token))[0]!.city).toBe("Hyderabad");
  });

  it("needs a session", async () => {
    expect((await api.myAddresses()).status).toBe(401);
    expect((await api.addAddress(HOME)).status).toBe(401);
  });
});
