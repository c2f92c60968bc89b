import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../../contract/accounts-rules";
import { GRIEVANCE_MESSAGES as M } from "../../contract/grievances";
import { createUserAndLogin, lastMailTo, mailCount, uniqueEmail } from "../test-support/accounts";
import { malformed, type TestApi } from "../test-support/api-client";
import { seedCatalog } from "../test-support/catalog-fixture";
import { placedOrder, shopperWithAddress } from "../test-support/checkout";
import { createTestApp } from "../test-support/test-app";
import { uploadGrievancePhotos } from "../test-support/uploads";
import { DEMO_GRIEVANCE_OFFICER } from "../settings/store-settings";
import { grievances } from "./grievances.tables";

let app: FastifyInstance;
let api: TestApi;
let close: () => Promise<void>;
let staff: { token: string };

beforeAll(async () => {
  ({ app, api, close } = await createTestApp({}, { listen: true }));
  staff = await createUserAndLogin(app, ROLE.admin);
});
afterAll(() => close());

const HOUR = 3_600_000;
const complaint = {
  category: "order-or-delivery",
  text: "My parcel has not arrived after three weeks.",
} as const;
const officerMails = () => mailCount(app, DEMO_GRIEVANCE_OFFICER.email);

/** The link's token of the newest mail to a guest. */
async function linkTokenOf(email: string) {
  const mail = await lastMailTo(app, email);
  return decodeURIComponent(/grievances\?token=([^\s"&]+)/.exec(mail!.text)![1]!);
}

/** Moves a ticket's clocks as if it had been received `hoursAgo` hours ago. */
async function receivedAgo(ticketNumber: string, hoursAgo: number) {
  await app.services.db
    .update(grievances)
    .set({
      receivedAt: sql`now() - make_interval(hours => ${hoursAgo})`,
      acknowledgeBy: sql`now() - make_interval(hours => ${hoursAgo}) + interval '48 hours'`,
      resolveBy: sql`now() - make_interval(hours => ${hoursAgo}) + interval '1 month'`,
    })
    .where(eq(grievances.ticketNumber, ticketNumber));
}

const uploadPhotos = (count: number) => uploadGrievancePhotos(app, count);

describe("a signed-in shopper's complaint", () => {
  it("gets its ticket number at once and by mail, the officer is told, and both limits start", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    const before = await officerMails();
    const filed = await api.as(shopper.token).fileGrievance(complaint);
    expect(filed.status).toBe(200);
    const { ticketNumber } = filed.body.data;
    expect(ticketNumber).toMatch(/^GR-\d{6}$/);
    expect(filed.body.data.status).toBe("open");
    expect(filed.body.message).toBe(M.filed(ticketNumber));
    expect((await lastMailTo(app, shopper.email))!.text).toContain(ticketNumber);
    expect(await officerMails()).toBe(before + 1);

    const [mine] = (await api.as(shopper.token).myGrievances()).body.data;
    expect(mine).toMatchObject({ ticketNumber, status: "open", messages: [] });
    const received = Date.parse(mine!.receivedAt!);
    expect(Date.parse(mine!.acknowledge!.dueAt) - received).toBe(48 * HOUR);
    const month = new Date(received);
    month.setUTCMonth(month.getUTCMonth() + 1);
    expect(Math.abs(Date.parse(mine!.resolve!.dueAt) - month.getTime())).toBeLessThan(2 * 24 * HOUR);
    expect(mine!.acknowledge!.state).toBe("due");
  });

  it("may name an order only of her own", async () => {
    const [kurti] = await seedCatalog(app, [
      { name: "Indigo Kurti", price: 999, categoryId: 4, sizes: { M: 5 } },
    ]);
    const owner = await shopperWithAddress(app);
    const { orderId } = await placedOrder(app, owner, [{ id: kurti!, size: "M", quantity: 1 }]);
    const other = await createUserAndLogin(app, ROLE.customer);
    const refused = await api.as(other.token).fileGrievance({ ...complaint, orderId });
    expect(refused.status).toBe(400);
    expect(refused.error.errors).toEqual({ orderId: M.orderNotFound });
    const filed = await api.as(owner.token).fileGrievance({ ...complaint, orderId });
    expect(filed.status).toBe(200);
    expect((await api.as(owner.token).myGrievances()).body.data[0]!.orderId).toBe(orderId);
  });

  it("refuses a missing category and a text too short, with the fields' messages", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    const refused = await api.as(shopper.token).fileGrievance(malformed({ text: "Bad" }));
    expect(refused.status).toBe(400);
    expect(refused.error.errors).toMatchObject({ category: M.categoryRequired, text: M.textLength });
  });
});

describe("a guest's complaint", () => {
  it("needs a name and an e-mail", async () => {
    const refused = await api.fileGrievance(complaint);
    expect(refused.status).toBe(400);
    expect(refused.error.errors).toEqual({ name: M.nameRequired, email: M.emailRequired });
  });

  it("has its ticket number at once, reaches the officer only once its e-mail is confirmed by the link", async () => {
    const email = uniqueEmail("guest");
    const before = await officerMails();
    const filed = await api.fileGrievance({ ...complaint, name: "Asha Guest", email });
    expect(filed.status).toBe(200);
    const { ticketNumber } = filed.body.data;
    expect(filed.body.data.status).toBe("unconfirmed");
    expect(filed.body.message).toBe(M.confirmSent(ticketNumber, email));
    expect((await lastMailTo(app, email))!.text).toContain(ticketNumber);
    expect(await officerMails()).toBe(before);
    expect((await api.as(staff.token).staffGrievance({ ticket: ticketNumber })).status).toBe(404);

    const token = await linkTokenOf(email);
    const confirmed = await api.confirmGrievance({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ ticketNumber, status: "open" });
    expect(confirmed.body.data.acknowledge?.state).toBe("due");
    expect(await officerMails()).toBe(before + 1);
    // Again: shown, not received twice.
    expect((await api.confirmGrievance({ token })).status).toBe(200);
    expect(await officerMails()).toBe(before + 1);
    expect((await api.guestGrievance({ token })).body.data.ticketNumber).toBe(ticketNumber);
    expect(
      (await api.as(staff.token).staffGrievance({ ticket: ticketNumber })).body.data.ticket,
    ).toMatchObject({ name: "Asha Guest", email, account: false });
  });

  it("is not confirmed by a wrong or an expired link", async () => {
    expect((await api.confirmGrievance({ token: "not-a-token" })).error.message).toBe(M.linkInvalid);
    const email = uniqueEmail("late");
    const filed = await api.fileGrievance({ ...complaint, name: "Late Guest", email });
    await app.services.db
      .update(grievances)
      .set({ confirmBefore: sql`now() - interval '1 minute'` })
      .where(eq(grievances.ticketNumber, filed.body.data.ticketNumber));
    const late = await api.confirmGrievance({ token: await linkTokenOf(email) });
    expect(late.status).toBe(400);
    expect(late.error.message).toBe(M.linkInvalid);
  });

  it("carries up to 3 photos its sender uploaded, each upload used once", async () => {
    const upload = await uploadPhotos(2);
    expect(upload.statusCode).toBe(200);
    const { photos, uploadToken } = upload.json().data as { photos: string[]; uploadToken: string };
    const email = uniqueEmail("photos");
    const withPhotos = {
      ...complaint,
      category: "damaged-defective-or-wrong" as const,
      name: "Photo Guest",
      email,
      photos,
    };
    expect((await api.fileGrievance({ ...withPhotos, uploadToken: "someone-else" })).error.errors).toEqual({
      photos: M.photoNotFound,
    });
    const filed = await api.fileGrievance({ ...withPhotos, uploadToken });
    expect(filed.status).toBe(200);
    const ticket = (await api.guestGrievance({ token: await linkTokenOf(email) })).body.data;
    expect(ticket.photos).toHaveLength(2);
    expect((await api.fileGrievance({ ...withPhotos, uploadToken })).error.errors).toEqual({
      photos: M.photoNotFound,
    });
    expect((await uploadPhotos(4)).statusCode).toBe(413);
  });
});

describe("staff's desk", () => {
  it("is staff's only", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    expect((await api.staffGrievances({ view: "open" })).status).toBe(401);
    expect((await api.as(shopper.token).staffGrievances({ view: "open" })).status).toBe(403);
    expect((await api.as(shopper.token).acknowledgeGrievance({ ticket: "GR-000001" })).status).toBe(403);
  });

  it("lists the tickets near or past a limit, most urgent first, and not the others", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    const file = async () => (await api.as(shopper.token).fileGrievance(complaint)).body.data.ticketNumber;
    const [fresh, near, past, ackNearResolve] = [await file(), await file(), await file(), await file()];
    await receivedAgo(near, 40);
    await receivedAgo(past, 50);
    await receivedAgo(ackNearResolve, 25 * 24);
    await api.as(staff.token).acknowledgeGrievance({ ticket: ackNearResolve });

    const { tickets, total } = (await api.as(staff.token).staffGrievances({ view: "attention" })).body.data;
    const numbers = tickets.map((ticket) => ticket.ticketNumber);
    expect(numbers).not.toContain(fresh);
    const ours = numbers.filter((number) => [near, past, ackNearResolve].includes(number));
    expect(ours).toEqual([past, near, ackNearResolve]);
    expect(total).toBeGreaterThanOrEqual(3);
    const state = (number: string) => tickets.find((ticket) => ticket.ticketNumber === number)!;
    expect(state(near).acknowledge!.state).toBe("near");
    expect(state(past).acknowledge!.state).toBe("past");
    expect(state(ackNearResolve)).toMatchObject({
      acknowledge: { state: "late" },
      resolve: { state: "near" },
    });
  });

  it("acknowledges once, answers and resolves once, the shopper mailed each time and seeing the thread", async () => {
    const shopper = await createUserAndLogin(app, ROLE.customer);
    const { ticketNumber: ticket } = (await api.as(shopper.token).fileGrievance(complaint)).body.data;
    const mails = () => mailCount(app, shopper.email);
    const start = await mails();

    const acknowledged = await api.as(staff.token).acknowledgeGrievance({ ticket });
    expect(acknowledged.body.message).toBe(M.acknowledged);
    expect(acknowledged.body.data.ticket).toMatchObject({
      status: "acknowledged",
      acknowledge: { state: "met" },
    });
    expect(await mails()).toBe(start + 1);
    expect((await api.as(staff.token).acknowledgeGrievance({ ticket })).body.message).toBe(
      M.alreadyAcknowledged,
    );
    expect(await mails()).toBe(start + 1);

    expect((await api.as(staff.token).answerGrievance({ ticket })).error.errors).toEqual({
      message: M.messageLength,
    });
    const answer = "The courier found your parcel; it reaches you tomorrow.";
    expect((await api.as(staff.token).answerGrievance({ ticket, message: answer })).status).toBe(200);
    expect((await api.as(staff.token).answerGrievance({ ticket, message: answer })).status).toBe(200);
    expect(await mails()).toBe(start + 2);
    expect((await lastMailTo(app, shopper.email))!.text).toContain(answer);

    const resolved = await api
      .as(staff.token)
      .resolveGrievance({ ticket, message: "Delivered on 12 March; thank you for your patience." });
    expect(resolved.body.data.ticket).toMatchObject({ status: "resolved", resolve: { state: "met" } });
    expect(await mails()).toBe(start + 3);
    expect((await api.as(staff.token).resolveGrievance({ ticket, message: "Again" })).status).toBe(409);
    expect((await api.as(staff.token).answerGrievance({ ticket, message: "More" })).error.message).toBe(
      M.resolved,
    );

    const [mine] = (await api.as(shopper.token).myGrievances()).body.data;
    expect(mine!.messages.map((message) => message.kind)).toEqual(["acknowledged", "answered", "resolved"]);
    const [row] = await app.services.db
      .select({ status: grievances.status })
      .from(grievances)
      .orderBy(desc(grievances.id))
      .limit(1);
    expect(row!.status).toBe("resolved");
  });
});
