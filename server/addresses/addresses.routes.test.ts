import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses } from "./addresses.tables";
import { placeOrder } from "../test-support/checkout";
import { seedCatalog } from "../test-support/catalog-fixture";
import { ROLE } from "../../contract/accounts-rules";
import { createUserAndLogin } from "../test-support/accounts";
import { malformed } from "../test-support/api-client";
import { HOME } from "../test-support/checkout";
import { startTestApp } from "../test-support/test-app";

const { app, api } = await startTestApp({}, { listen: true });

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
      district: "Hyderabad",
      state: "Telangana",
      country: "India",
      problem: null,
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

describe("addresses that are right", () => {
  it("the pincode directory gives a pincode's city, district and state, for anyone", async () => {
    const found = await api.pincode({ pincode: "500 034" });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      pincode: "500034",
      city: "Hyderabad",
      district: "Hyderabad",
      state: "Telangana",
      stateCode: "36",
    });
    // A pincode across a state border names both.
    const border = (await api.pincode({ pincode: "160003" })).body.data;
    expect(border.districts.map((entry) => entry.state)).toEqual(["Chandigarh", "Punjab"]);
    // Ladakh is a union territory of its own since 2019.
    expect((await api.pincode({ pincode: "194101" })).body.data).toMatchObject({
      state: "Ladakh",
      stateCode: "38",
    });
    const unknown = await api.pincode({ pincode: "999999" });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      message: "We could not find pincode 999999. Please check it.",
      errors: { pincode: "We could not find pincode 999999. Please check it." },
    });
    expect((await api.pincode(malformed({ pincode: "5000" }))).error.errors).toEqual({
      pincode: "Enter a valid 6-digit pincode.",
    });
  });

  it("refuses a pincode of another state, and one the directory does not know, and saves nothing", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const mismatch = await api.as(token).addAddress({ ...HOME, state: "Maharashtra" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.error).toMatchObject({
      message: "Pincode 500034 is in Telangana, not Maharashtra. Check the pincode or the state.",
      errors: { pincode: "Pincode 500034 is in Telangana, not Maharashtra. Check the pincode or the state." },
    });
    const unknown = await api.as(token).addAddress({ ...HOME, pincode: "999999" });
    expect(unknown.status).toBe(400);
    expect(unknown.error.errors).toEqual({ pincode: "We could not find pincode 999999. Please check it." });
    const { id } = (await api.as(token).addAddress(HOME)).body.data;
    const moved = await api.as(token).updateAddress({ ...HOME, id, state: "Karnataka" });
    expect(moved.status).toBe(400);
    expect(await myAddresses(token)).toEqual([expect.objectContaining({ id, state: "Telangana" })]);
  });

  it("takes the state from the list (a written name as the list names it) and sensible names and address lines", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const mumbai = { ...HOME, city: "Mumbai", pincode: "400001" };
    const written = await api.as(token).addAddress({ ...mumbai, state: "maharastra" });
    expect(written.status).toBe(200);
    expect(written.body.data).toMatchObject({ state: "Maharashtra", district: "Mumbai" });
    for (const [field, value, message] of [
      ["state", "Atlantis", "Choose your state or union territory from the list."],
      ["name", "A", "Name must have at least 2 letters."],
      ["name", "1 2 3", "Name must have at least 2 letters."],
      ["address", "x", "Address must be at least 6 characters: house or flat, street and area."],
      ["address", "12 b", "Address must be at least 6 characters: house or flat, street and area."],
      ["city", "H", "City must have at least 2 letters."],
    ] as const) {
      const response = await api.as(token).addAddress({ ...mumbai, state: "Maharashtra", [field]: value });
      expect(response.status, `${field} ${value}`).toBe(400);
      expect(response.error.errors?.[field]).toBe(message);
    }
    expect(await myAddresses(token)).toHaveLength(1);
  });

  it("maps saved free-text states it knows (migration 0018) and asks the shopper to correct the rest before ordering", async () => {
    const { id: userId, token } = await createUserAndLogin(app, ROLE.customer);
    const { db } = app.services;
    const saved = (state: string) => ({ ...HOME, userId, state, country: "India" });
    await db
      .insert(addresses)
      .values([saved("  telangana "), saved("T.S."), saved("Telengana"), saved("Hyd state")]);
    const migration = readdirSync("drizzle").find((name) => name.startsWith("0018_"))!;
    const mapping = readFileSync(`drizzle/${migration}`, "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes("-- Saved addresses"))!;
    await db.execute(sql.raw(mapping));
    const listed = await myAddresses(token);
    expect(listed.map((address) => [address.state, address.problem])).toEqual([
      ["Telangana", null],
      ["Telangana", null],
      ["Telangana", null],
      [
        "Hyd state",
        "Please correct this address before using it: edit it and choose its state from the list.",
      ],
    ]);
    const [product] = await seedCatalog(app, [{ name: "Lotus Anarkali", price: 2999, categoryId: 1 }]);
    const refused = await placeOrder(app, token, {
      items: [{ id: product, size: "S", quantity: 1 }],
      addressId: listed[3]!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      addressId: "Please correct this address before using it: edit it and choose its state from the list.",
    });
    // Corrected, it is used.
    await api.as(token).updateAddress({ ...HOME, id: listed[3]!.id });
    const placed = await placeOrder(app, token, {
      items: [{ id: product, size: "S", quantity: 1 }],
      addressId: listed[3]!.id,
    });
    expect(placed.statusCode, placed.body).toBe(200);
  });

  it("checks the spec's shippingAddress of Place Order the same way", async () => {
    const { token } = await createUserAndLogin(app, ROLE.customer);
    const [product] = await seedCatalog(app, [{ name: "Coral Anarkali", price: 2999, categoryId: 1 }]);
    const given = {
      fullName: "Kavya Reddy",
      address: "Flat 4B, Lotus Apartments",
      city: "Hyderabad",
      state: "Maharashtra",
      country: "India",
      postalCode: "500034",
      phone: "9848012345",
    };
    const refused = await placeOrder(app, token, {
      items: [{ id: product, size: "S", quantity: 1 }],
      shippingAddress: given,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      pincode: "Pincode 500034 is in Telangana, not Maharashtra. Check the pincode or the state.",
    });
  });
});
