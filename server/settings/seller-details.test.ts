import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { SETTINGS_MESSAGES } from "../../contract/store-settings";
import { createUserAndLogin } from "../test-support/accounts";
import type { TestApi } from "../test-support/api-client";
import { createTestApp } from "../test-support/test-app";
import { DEMO_GRIEVANCE_OFFICER } from "./store-settings";

let api: TestApi;
let close: () => Promise<void>;
let owner: { token: string };

beforeAll(async () => {
  const started = await createTestApp();
  ({ api, close } = started);
  owner = await createUserAndLogin(started.app, ROLE.superAdmin);
});
afterAll(() => close());

describe("the seller's details and grievance officer (E-Commerce Rules 2020)", () => {
  it("are public, from the settings' first values: the GST legal name and address, care, a demo officer", async () => {
    const answer = await api.sellerDetails();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      legalName: expect.stringContaining("Rangoli Boutique"),
      address: expect.stringContaining("Hyderabad"),
      carePhone: "+91 98480 12345",
      careEmail: "care@rangoli.example",
      grievanceOfficer: { ...DEMO_GRIEVANCE_OFFICER },
    });
  });

  it("follow the owner's change at once, each setting recorded", async () => {
    const changed = await api.as(owner.token).updateStoreSettings({
      grievanceOfficerName: " Meera Iyer ",
      grievanceOfficerDesignation: "Grievance Officer and Director",
      grievanceOfficerEmail: "Meera.Iyer@Rangoli.example",
      grievanceOfficerPhone: "040-2354 1234",
      carePhone: "+91 90000 11111",
      careEmail: "help@rangoli.example",
      gstLegalName: "Rangoli Boutique Private Limited",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.history).toHaveLength(7);
    const answer = await api.sellerDetails();
    expect(answer.body.data).toMatchObject({
      legalName: "Rangoli Boutique Private Limited",
      carePhone: "+91 90000 11111",
      careEmail: "help@rangoli.example",
      grievanceOfficer: {
        name: "Meera Iyer",
        designation: "Grievance Officer and Director",
        email: "meera.iyer@rangoli.example",
        phone: "040-2354 1234",
      },
    });
  });

  it.each([
    [{ carePhone: "12345" }, "carePhone", SETTINGS_MESSAGES.carePhone],
    [{ carePhone: "call 98480 12345" }, "carePhone", SETTINGS_MESSAGES.carePhone],
    [{ careEmail: "care at rangoli" }, "careEmail", SETTINGS_MESSAGES.careEmail],
    [{ grievanceOfficerName: "A" }, "grievanceOfficerName", SETTINGS_MESSAGES.officerName],
    [
      { grievanceOfficerDesignation: "" },
      "grievanceOfficerDesignation",
      SETTINGS_MESSAGES.officerDesignation,
    ],
    [{ grievanceOfficerEmail: "x@" }, "grievanceOfficerEmail", SETTINGS_MESSAGES.officerEmail],
    [{ grievanceOfficerPhone: "98480 12345 99999" }, "grievanceOfficerPhone", SETTINGS_MESSAGES.officerPhone],
  ])("refuses %j with the field's message", async (update, field, message) => {
    const answer = await api.as(owner.token).updateStoreSettings(update);
    expect(answer.status).toBe(400);
    expect(answer.error.errors).toMatchObject({ [field]: message });
  });

  it("are changed by the super admin only", async () => {
    expect((await api.updateStoreSettings({ grievanceOfficerName: "Someone Else" })).status).toBe(401);
  });
});
