import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import {
  SETTINGS_MESSAGES,
  gstinCheckCharacter,
  updateStoreSettingsCall,
} from "../../contract/store-settings";
import { DEMO_GST } from "../config";
import { bearer, createUserAndLogin, post } from "../test-support/accounts";
import { malformed, type TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { decide, orderOf, placedOrder, reconcileNow, shopperWithAddress } from "../test-support/checkout";
import { pdfText } from "../test-support/pdf-text";
import { createTestApp } from "../test-support/test-app";
import { gstDocuments } from "../gst/gst.tables";
import { storeSettingChanges } from "./settings.tables";
import { createStoreSettings, DEMO_GRIEVANCE_OFFICER } from "./store-settings";
import { STORE } from "../../contract/store";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let owner: { id: number; token: string; email: string };
let staff: { token: string };
let kurti: number;

/** A true GSTIN of Maharashtra (27) and one of Karnataka (29). */
const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
const KARNATAKA_GSTIN = "29AABCR5555M1ZT";

beforeAll(async () => {
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  owner = await createUserAndLogin(app, ROLE.superAdmin);
  staff = await createUserAndLogin(app, ROLE.admin);
  [kurti] = (await seedCatalog(app, [
    { name: "Saffron Cotton Kurti", price: 1499, categoryId: 4, sizes: { M: 50 } },
  ])) as [number];
});
afterAll(() => close());

const settingsNow = async () => (await api.as(owner.token).storeSettings()).body.data.settings;
const changeRows = () => app.services.db.select().from(storeSettingChanges);

describe("the GSTIN's check character", () => {
  it("is the mod-36 check digit of the first 14 characters", () => {
    expect(gstinCheckCharacter(MAHARASHTRA_GSTIN)).toBe("V");
    expect(gstinCheckCharacter(KARNATAKA_GSTIN)).toBe("T");
    expect(gstinCheckCharacter(DEMO_GST.gstin)).toBe(DEMO_GST.gstin[14]);
  });
});

describe("the settings", () => {
  it("are the super admin's only", async () => {
    expect((await api.storeSettings()).status).toBe(401);
    expect((await api.as(staff.token).storeSettings()).status).toBe(403);
    expect((await api.as(staff.token).updateStoreSettings({ deliveryCharge: 1 })).status).toBe(403);
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect((await api.as(shopper.token).updateStoreSettings({ deliveryCharge: 1 })).status).toBe(403);
    expect(await changeRows()).toEqual([]);
  });

  it("start as the environment's values", async () => {
    const answer = await api.as(owner.token).storeSettings();
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.body.data).toEqual({
      settings: {
        deliveryCharge: 99,
        freeDeliveryFrom: 1999,
        gstLegalName: DEMO_GST.legalName,
        gstAddress: DEMO_GST.address,
        gstin: DEMO_GST.gstin,
        dispatchDays: 15,
        carePhone: STORE.phone,
        careEmail: "care@rangoli.example",
        grievanceOfficerName: DEMO_GRIEVANCE_OFFICER.name,
        grievanceOfficerDesignation: DEMO_GRIEVANCE_OFFICER.designation,
        grievanceOfficerEmail: DEMO_GRIEVANCE_OFFICER.email,
        grievanceOfficerPhone: DEMO_GRIEVANCE_OFFICER.phone,
        codMaxOrder: 10_000,
        codOpenOrders: 2,
        codConfirmHours: 48,
        codCustomised: "no",
        codFee: 0,
        prepaidDiscount: 0,
        returnDays: 7,
        parcelWeightGrams: 500,
        parcelLengthCm: 30,
        parcelWidthCm: 25,
        parcelHeightCm: 5,
        whatsappMessageCost: 0.12,
      },
      history: [],
    });
  });

  it.each([
    [{ gstin: "27AAPFU0939F1ZA" }, "gstin", SETTINGS_MESSAGES.gstinChecksum],
    [{ gstin: "00AAPFU0939F1ZB" }, "gstin", SETTINGS_MESSAGES.gstinState],
    [{ gstin: "27AAPFU0939F1Z" }, "gstin", SETTINGS_MESSAGES.gstinFormat],
    [{ gstin: "27-APFU0939F1ZV" }, "gstin", SETTINGS_MESSAGES.gstinFormat],
    [{ deliveryCharge: -1 }, "deliveryCharge", SETTINGS_MESSAGES.deliveryCharge],
    [{ deliveryCharge: 10_000.01 }, "deliveryCharge", SETTINGS_MESSAGES.deliveryCharge],
    [{ deliveryCharge: 99.999 }, "deliveryCharge", SETTINGS_MESSAGES.deliveryCharge],
    [{ freeDeliveryFrom: 10_00_001 }, "freeDeliveryFrom", SETTINGS_MESSAGES.freeDeliveryFrom],
    [{ gstLegalName: " " }, "gstLegalName", SETTINGS_MESSAGES.gstLegalName],
    [{ gstAddress: "Hyd" }, "gstAddress", SETTINGS_MESSAGES.gstAddress],
    [{ dispatchDays: 0 }, "dispatchDays", SETTINGS_MESSAGES.dispatchDays],
    [{ dispatchDays: 2.5 }, "dispatchDays", SETTINGS_MESSAGES.dispatchDays],
    [{ codMaxOrder: 1_00_001 }, "codMaxOrder", SETTINGS_MESSAGES.codMaxOrder],
    [{ codOpenOrders: 0 }, "codOpenOrders", SETTINGS_MESSAGES.codOpenOrders],
    [{ codConfirmHours: 169 }, "codConfirmHours", SETTINGS_MESSAGES.codConfirmHours],
    [{ codCustomised: "maybe" }, "codCustomised", SETTINGS_MESSAGES.codCustomised],
    [{ codFee: 500.01 }, "codFee", SETTINGS_MESSAGES.codFee],
    [{ codFee: -1 }, "codFee", SETTINGS_MESSAGES.codFee],
    [{ parcelWeightGrams: 49 }, "parcelWeightGrams", SETTINGS_MESSAGES.parcelWeight],
    [{ parcelHeightCm: 0 }, "parcelHeightCm", SETTINGS_MESSAGES.parcelSide],
    [{ whatsappMessageCost: 10.01 }, "whatsappMessageCost", SETTINGS_MESSAGES.whatsappMessageCost],
    [{ whatsappMessageCost: 0.115 }, "whatsappMessageCost", SETTINGS_MESSAGES.whatsappMessageCost],
  ])("refuses %j with the field's message and changes nothing", async (update, field, message) => {
    const before = await settingsNow();
    const answer = await api.as(owner.token).updateStoreSettings(malformed(update));
    expect(answer.status).toBe(400);
    expect(answer.error.errors).toMatchObject({ [field]: message });
    expect(await settingsNow()).toEqual(before);
    expect(await changeRows()).toEqual([]);
  });

  it("refuses several bad fields at once, each with its message, and an update of nothing", async () => {
    const answer = await api
      .as(owner.token)
      .updateStoreSettings({ deliveryCharge: -5, gstin: "36AAACR0000D1Z5", dispatchDays: 99 });
    expect(answer.status).toBe(400);
    expect(answer.error.errors).toEqual({
      deliveryCharge: SETTINGS_MESSAGES.deliveryCharge,
      gstin: SETTINGS_MESSAGES.gstinChecksum,
      dispatchDays: SETTINGS_MESSAGES.dispatchDays,
    });
    expect((await api.as(owner.token).updateStoreSettings({})).status).toBe(400);
    const unknown = await api.send(
      updateStoreSettingsCall,
      malformed({ deliveryCharge: 10, theme: "dark" }),
      {
        token: owner.token,
      },
    );
    expect(unknown.status).toBe(400);
    expect(await changeRows()).toEqual([]);
  });
});

describe("a change", () => {
  it("is recorded per setting, who, when, from and to; the same change again records nothing", async () => {
    const answer = await api.as(owner.token).updateStoreSettings({
      deliveryCharge: 149.5,
      dispatchDays: 15,
      gstLegalName: "  Rangoli Boutique Private Limited ",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.settings).toMatchObject({
      deliveryCharge: 149.5,
      dispatchDays: 15,
      gstLegalName: "Rangoli Boutique Private Limited",
    });
    const history = answer.body.data.history;
    expect(history.map(({ setting, from, to }) => ({ setting, from, to }))).toEqual([
      { setting: "gstLegalName", from: DEMO_GST.legalName, to: "Rangoli Boutique Private Limited" },
      { setting: "deliveryCharge", from: 99, to: 149.5 },
    ]);
    expect(history[0]!.changedBy).toEqual({ id: owner.id, name: expect.any(String), email: owner.email });
    expect(Date.now() - Date.parse(history[0]!.changedAt)).toBeLessThan(60_000);
    // Kept in paise.
    expect((await changeRows()).find((row) => row.name === "deliveryCharge")).toMatchObject({
      fromValue: 9_900,
      toValue: 14_950,
      changedBy: owner.id,
    });

    const again = await api.as(owner.token).updateStoreSettings({ deliveryCharge: 149.5 });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Nothing to change: the settings were already so");
    expect(await changeRows()).toHaveLength(2);

    await api.as(owner.token).updateStoreSettings({ deliveryCharge: 99 });
    expect((await api.as(owner.token).storeSettings()).body.data.history[0]).toMatchObject({
      setting: "deliveryCharge",
      from: 149.5,
      to: 99,
    });
  });
});

describe("the delivery charge", () => {
  it("at the bag, GET /store/delivery-charge and Place Order follows the setting at once", async () => {
    const bag = [{ id: kurti, size: "M" as const, quantity: 1 }];
    await api.as(owner.token).updateStoreSettings({ deliveryCharge: 149, freeDeliveryFrom: 2999 });
    expect((await api.deliveryRule()).body.data).toEqual({ freeFrom: 2999, charge: 149 });
    expect((await api.priceCart({ items: bag })).body.data).toMatchObject({
      deliveryCharge: 149,
      total: 1648,
    });
    const shopper = await shopperWithAddress(app);
    const placed = await placedOrder(app, shopper, bag);
    expect(await orderOf(app, placed.orderId)).toMatchObject({ deliveryPaise: 14_900, totalPaise: 164_800 });

    await api.as(owner.token).updateStoreSettings({ freeDeliveryFrom: 1000 });
    expect((await api.priceCart({ items: bag })).body.data).toMatchObject({ deliveryCharge: 0, total: 1499 });
    const another = await shopperWithAddress(app);
    const free = await placedOrder(app, another, bag);
    expect(await orderOf(app, free.orderId)).toMatchObject({ deliveryPaise: 0, totalPaise: 149_900 });

    const late = await shopperWithAddress(app);
    // A checkout still showing the old charge is refused with the total as it now stands.
    const stale = await post(
      app,
      "/api/orders/place-order",
      { items: bag, addressId: late.addressId, paymentMethod: "phonePe", totalAmount: 1648 },
      bearer(late.token),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual({ totalAmount: "The total is now ₹1,499." });
    await api.as(owner.token).updateStoreSettings({ deliveryCharge: 99, freeDeliveryFrom: 1999 });
  });
});

describe("the GST details", () => {
  async function paid(shopper: Awaited<ReturnType<typeof shopperWithAddress>>) {
    const placed = await placedOrder(app, shopper, [{ id: kurti, size: "M", quantity: 1 }]);
    await decide(app, placed.merchantOrderId, "approve");
    await reconcileNow(app);
    return placed.orderId;
  }
  async function documentOf(orderId: string, kind: "invoice" | "credit_note") {
    const order = await orderOf(app, orderId);
    const [row] = await app.services.db
      .select()
      .from(gstDocuments)
      .where(and(eq(gstDocuments.orderId, order.id), eq(gstDocuments.kind, kind)));
    return row!;
  }

  it("are on invoices issued after the change; documents issued before keep their own, credit notes too", async () => {
    const shopper = await shopperWithAddress(app);
    const before = await paid(shopper);
    const oldInvoice = await documentOf(before, "invoice");
    expect(oldInvoice.supplier).toMatchObject({ gstin: DEMO_GST.gstin, stateCode: "36", state: "Telangana" });
    expect(oldInvoice.intraState).toBe(true);

    const changed = await api.as(owner.token).updateStoreSettings({
      gstLegalName: "Rangoli Fashions LLP",
      gstAddress: "Unit 7, Lower Parel, Mumbai, Maharashtra 400013",
      gstin: MAHARASHTRA_GSTIN.toLowerCase(),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.settings.gstin).toBe(MAHARASHTRA_GSTIN);

    const after = await paid(shopper);
    const newInvoice = await documentOf(after, "invoice");
    expect(newInvoice.supplier).toEqual({
      legalName: "Rangoli Fashions LLP",
      address: "Unit 7, Lower Parel, Mumbai, Maharashtra 400013",
      gstin: MAHARASHTRA_GSTIN,
      stateCode: "27",
      state: "Maharashtra",
    });
    // Maharashtra to Telangana: IGST, no longer CGST and SGST.
    expect(newInvoice.intraState).toBe(false);
    const pdf = await pdfText(await app.services.gst.pdfOf(newInvoice));
    expect(pdf).toContain("Rangoli Fashions LLP");
    expect(pdf).toContain(`GSTIN ${MAHARASHTRA_GSTIN}`);

    expect(await documentOf(before, "invoice")).toEqual(oldInvoice);
    const oldPdf = await pdfText(await app.services.gst.pdfOf(oldInvoice));
    expect(oldPdf).toContain(`GSTIN ${DEMO_GST.gstin}`);
    expect(oldPdf).not.toContain("Rangoli Fashions LLP");

    // The old order's credit note, issued after the change, reverses its invoice under the invoice's supplier.
    const cancelled = await post(
      app,
      "/api/orders/update-order-status",
      { orderId: before, status: "Cancelled", cancelReason: "out-of-stock" },
      bearer(staff.token),
    );
    expect(cancelled.statusCode).toBe(200);
    const note = await documentOf(before, "credit_note");
    expect(note.supplier).toEqual(oldInvoice.supplier);
    expect(note.intraState).toBe(true);

    await api.as(owner.token).updateStoreSettings({
      gstLegalName: DEMO_GST.legalName,
      gstAddress: DEMO_GST.address,
      gstin: DEMO_GST.gstin,
    });
  });
});

describe("each process's copy of the settings", () => {
  it("is kept, then dropped at once by a change made here or by a peer's word", async () => {
    const defaults = {
      delivery: { chargePaise: 9_900, freeFromPaise: 199_900 },
      gst: { legalName: DEMO_GST.legalName, address: DEMO_GST.address, gstin: DEMO_GST.gstin },
      dispatchDays: 15,
      storeEmail: "care@rangoli.example",
    };
    let told = 0;
    let hearInB: () => void = () => {};
    let pagesDropped = 0;
    const a = createStoreSettings({
      db: app.services.db,
      defaults,
      peers: { tell: () => (told += 1), onChange: () => () => {} },
    });
    const b = createStoreSettings({
      db: app.services.db,
      defaults,
      cacheMs: 60_000,
      onChanged: () => (pagesDropped += 1),
      peers: { tell: () => {}, onChange: (forget) => ((hearInB = forget), () => {}) },
    });
    expect((await b.current()).delivery.chargePaise).toBe(9_900);

    expect(await a.update(owner.id, { deliveryCharge: 123 })).toBe(1);
    expect(told).toBe(1);
    expect((await a.current()).delivery.chargePaise).toBe(12_300);
    // b keeps its copy until it is told.
    expect((await b.current()).delivery.chargePaise).toBe(9_900);
    hearInB();
    expect(pagesDropped).toBe(1);
    expect((await b.current()).delivery.chargePaise).toBe(12_300);

    // Nothing changed: nobody is told.
    expect(await a.update(owner.id, { deliveryCharge: 123 })).toBe(0);
    expect(told).toBe(1);
    await a.update(owner.id, { deliveryCharge: 99 });
    app.services.settings.forget();
  });
});
