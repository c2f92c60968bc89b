import { createHmac, randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import PDFDocument from "pdfkit";
import { z } from "zod";
import type { SandboxParcelEvent } from "../../contract/courier-parcels";
import type { Database } from "../db/client";
import {
  courierTimeText,
  createRequest,
  DELHIVERY_PATHS,
  ndrRequest,
  pickupRequest,
  type ScanPush,
  type ShipmentRequest,
} from "./delhivery-protocol";
import { sandboxPincodeAnswer } from "./delhivery-sandbox";
import { delhiverySandboxPickups, delhiverySandboxShipments, type SandboxScan } from "./shipping.tables";

/**
 * The built-in Delhivery sandbox's parcels (../shared/reference/delhivery.md §2.4-2.12, §5): create (a form
 * body of `format=json&data=`, failures answered with HTTP 200 and `success: false`), the label, the pickup
 * request, cancel, tracking by waybill or by the store's reference, the NDR "re-attempt", and the scan push.
 * A parcel moves only when told to, through the sandbox's own `POST /sandbox/scan` (a test, or a person
 * trying the store): each event adds Delhivery's scan and pushes it to the store, once, twice, out of order
 * (the previous scan pushed again after it) or not at all, as asked.
 */

/** The events a sandbox parcel can be moved by, each with the scan Delhivery would add. */
export const SANDBOX_EVENTS = {
  "picked-up": {
    Scan: "In Transit",
    ScanType: "UD",
    StatusCode: "X-PPOM",
    Instructions: "Shipment picked up",
  },
  "in-transit": {
    Scan: "In Transit",
    ScanType: "UD",
    StatusCode: "X-ILL2F",
    Instructions: "Shipment in transit to the destination",
  },
  "out-for-delivery": {
    Scan: "Dispatched",
    ScanType: "UD",
    StatusCode: "X-DDD3FD",
    Instructions: "Out for delivery",
  },
  "failed-attempt": {
    Scan: "Pending",
    ScanType: "UD",
    StatusCode: "EOD-11",
    Instructions: "Consignee unavailable",
  },
  delivered: {
    Scan: "Delivered",
    ScanType: "DL",
    StatusCode: "EOD-38",
    Instructions: "Delivered to consignee",
  },
  "return-started": {
    Scan: "In Transit",
    ScanType: "RT",
    StatusCode: "RT-101",
    Instructions: "Returned as per client instructions",
  },
  returned: { Scan: "RTO", ScanType: "DL", StatusCode: "RT-110", Instructions: "RTO delivered to origin" },
} as const satisfies Record<SandboxParcelEvent, Omit<SandboxScan, "ScanDateTime" | "ScannedLocation">>;
export type SandboxEvent = SandboxParcelEvent;

/** How the sandbox pushes a scan to the store: as Delhivery does, twice, after an older one, or not at all. */
export const PUSH_DELIVERIES = ["send", "twice", "out-of-order", "drop"] as const;
export type PushDelivery = (typeof PUSH_DELIVERIES)[number];

const MANIFESTED: Omit<SandboxScan, "ScanDateTime" | "ScannedLocation"> = {
  Scan: "Manifested",
  ScanType: "UD",
  StatusCode: "X-UCI",
  Instructions: "Manifest uploaded",
};
/** A reverse pickup's first scan: booked, the courier to collect it from the shopper (reference §2.11, §3). */
const PICKUP_OPEN: Omit<SandboxScan, "ScanDateTime" | "ScannedLocation"> = {
  Scan: "Open",
  ScanType: "PP",
  StatusCode: "X-PPOM",
  Instructions: "Pickup scheduled",
};
const SELLER_CANCELLED: Omit<SandboxScan, "ScanDateTime" | "ScannedLocation"> = {
  Scan: "Not Picked",
  ScanType: "UD",
  StatusCode: "DTUP-210",
  Instructions: "Seller cancelled the order",
};

/** What makes two create requests "the same order" to Delhivery (its six-field duplicate rule). */
const duplicateKey = (request: ShipmentRequest) =>
  JSON.stringify([
    request.order,
    request.total_amount,
    request.products_desc ?? "",
    request.payment_mode,
    request.name,
  ]);

/** A phone Delhivery accepts: ten digits after an optional 91, +91, 91-, +91- or 0. */
const acceptedPhone = (phone: string) => /^(?:\+?91-?|0)?[6-9]\d{9}$/.test(phone.replace(/\s/g, ""));

export function createSandboxParcels({
  db,
  token,
  baseUrl,
  warehouse,
  pushUrl,
  pushToken,
  answer,
}: {
  db: Database;
  token: string;
  /** Where the sandbox answers, for the label links it gives. */
  baseUrl: string;
  /** The one pickup warehouse registered with this sandbox (DELHIVERY_WAREHOUSE). */
  warehouse: string;
  /** Where scans are pushed (the store's push route), with the header the store gave the courier. */
  pushUrl: string;
  pushToken: string;
  answer: (reply: FastifyReply, body: unknown) => Promise<unknown>;
}) {
  const labelSignature = (waybill: string) =>
    createHmac("sha256", token).update(`label:${waybill}`).digest("base64url").slice(0, 24);

  const scanOf = (event: Omit<SandboxScan, "ScanDateTime" | "ScannedLocation">, at = new Date()) => ({
    ...event,
    ScanDateTime: courierTimeText(at),
    ScannedLocation: event.ScanType === "DL" ? "Destination_DC (Sandbox)" : "Hyderabad_Hub (Telangana)",
  });

  const pushOf = (waybill: string, reference: string, scan: SandboxScan): ScanPush => ({
    Shipment: {
      AWB: waybill,
      ReferenceNo: reference,
      NSLCode: scan.StatusCode,
      Status: {
        Status: scan.Scan,
        StatusType: scan.ScanType,
        StatusDateTime: scan.ScanDateTime,
        StatusLocation: scan.ScannedLocation,
        Instructions: scan.Instructions,
        StatusCode: scan.StatusCode,
      },
    },
  });

  async function push(body: ScanPush) {
    try {
      await fetch(pushUrl, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${pushToken}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      // Delhivery retries once, then the scan is lost: the store's poll must fill the gap.
    }
  }

  const shipmentAnswer = (row: typeof delhiverySandboxShipments.$inferSelect) => {
    const last = row.scans.at(-1)!;
    return {
      Shipment: {
        AWB: row.waybill,
        ReferenceNo: row.reference,
        OrderType: row.request.payment_mode === "COD" ? "COD" : "Pre-paid",
        CODAmount: row.request.cod_amount ?? 0,
        Status: {
          Status: last.Scan,
          StatusType: last.ScanType,
          StatusCode: last.StatusCode,
          StatusDateTime: last.ScanDateTime,
          StatusLocation: last.ScannedLocation,
          Instructions: last.Instructions,
        },
        Scans: row.scans.map((scan) => ({ ScanDetail: scan })),
      },
    };
  };

  async function create(form: Record<string, string>) {
    if (form.format !== "json") return { success: false, rmk: "format key missing in POST", packages: [] };
    let data: unknown;
    try {
      data = JSON.parse(form.data ?? "");
    } catch {
      return { success: false, rmk: "'unicode' object has no attribute 'get'", packages: [] };
    }
    const parsed = createRequest.safeParse(data);
    if (!parsed.success) return { success: false, rmk: "Invalid data provided", packages: [] };
    if (parsed.data.pickup_location.name !== warehouse)
      return { success: false, rmk: "ClientWarehouse matching query does not exist.", packages: [] };
    const packages = [];
    for (const shipment of parsed.data.shipments) {
      const fail = (remark: string) => ({
        waybill: "",
        refnum: shipment.order,
        status: "Fail",
        remarks: [remark],
        serviceable: false,
      });
      const served = sandboxPincodeAnswer(shipment.pin).delivery_codes[0]?.postal_code;
      if (!served || served.remarks === "Embargo" || served.pre_paid !== "Y") {
        packages.push(fail(`${shipment.pin} is non serviceable pincode`));
        continue;
      }
      if (shipment.payment_mode === "COD" && served.cod !== "Y") {
        packages.push(fail(`COD is not available at ${shipment.pin}`));
        continue;
      }
      if (shipment.payment_mode === "Pickup" && served.pickup !== "Y") {
        packages.push(fail(`Reverse pickup is not available at ${shipment.pin}`));
        continue;
      }
      if (!acceptedPhone(shipment.phone)) {
        packages.push(fail(`Incorrect phone number(s) for order ${shipment.order}`));
        continue;
      }
      const earlier = await db
        .select({ request: delhiverySandboxShipments.request })
        .from(delhiverySandboxShipments)
        .where(eq(delhiverySandboxShipments.reference, shipment.order));
      if (earlier.some((row) => duplicateKey(row.request) === duplicateKey(shipment))) {
        packages.push(fail("Duplicate Order Id"));
        continue;
      }
      const waybill = shipment.waybill ?? `857726${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
      await db.insert(delhiverySandboxShipments).values({
        waybill,
        reference: shipment.order,
        request: shipment,
        scans: [scanOf(shipment.payment_mode === "Pickup" ? PICKUP_OPEN : MANIFESTED)],
      });
      packages.push({
        waybill,
        refnum: shipment.order,
        status: "Success",
        remarks: [""],
        serviceable: true,
        payment:
          shipment.payment_mode === "COD"
            ? "COD"
            : shipment.payment_mode === "Pickup"
              ? "Pickup"
              : "Pre-paid",
        cod_amount: shipment.cod_amount ?? 0,
      });
    }
    const saved = packages.filter((entry) => entry.status === "Success").length;
    return {
      success: saved === packages.length,
      package_count: saved,
      upload_wbn: `UPL${randomInt(10 ** 9, 10 ** 10 - 1)}`,
      packages,
      ...(saved === packages.length ? {} : { rmk: "Some shipments could not be saved" }),
    };
  }

  /** Moves a parcel by `event` and pushes the new scan as `delivery` says. */
  async function move(waybill: string, event: SandboxEvent, delivery: PushDelivery = "send") {
    const [row] = await db
      .select()
      .from(delhiverySandboxShipments)
      .where(eq(delhiverySandboxShipments.waybill, waybill));
    if (!row) throw new Error(`no sandbox parcel ${waybill}`);
    const last = row.scans.at(-1)!;
    const ended = last.ScanType === "DL" || last.StatusCode === SELLER_CANCELLED.StatusCode;
    if (ended) throw new Error(`the sandbox parcel ${waybill} has ended its journey (${last.Scan})`);
    // A scan a millisecond after the last at least, so that the order of scans is the order of events.
    const at = new Date(Math.max(Date.now(), new Date(`${last.ScanDateTime}+05:30`).getTime() + 1));
    const scan = scanOf(SANDBOX_EVENTS[event], at);
    await db
      .update(delhiverySandboxShipments)
      .set({ scans: sql`${delhiverySandboxShipments.scans} || ${JSON.stringify([scan])}::jsonb` })
      .where(eq(delhiverySandboxShipments.waybill, waybill));
    if (delivery === "drop") return scan;
    await push(pushOf(waybill, row.reference, scan));
    if (delivery === "twice") await push(pushOf(waybill, row.reference, scan));
    if (delivery === "out-of-order") await push(pushOf(waybill, row.reference, last));
    return scan;
  }

  /** Edit: the consignee's phone or address, while the parcel is Manifested, In Transit or Pending. */
  async function editDetails({ waybill, phone, add }: { waybill: string; phone?: string; add?: string }) {
    const [row] = await db
      .select()
      .from(delhiverySandboxShipments)
      .where(eq(delhiverySandboxShipments.waybill, waybill));
    const last = row?.scans.at(-1);
    const editable =
      row &&
      !row.cancelledAt &&
      last?.ScanType === "UD" &&
      ["Manifested", "Not Picked", "In Transit", "Pending"].includes(last.Scan);
    if (!row || !editable) return { status: false, waybill, remark: "Package in incorrect status" };
    if (phone !== undefined && !acceptedPhone(phone))
      return { status: false, waybill, remark: "Incorrect phone number" };
    await db
      .update(delhiverySandboxShipments)
      .set({ request: { ...row.request, ...(phone ? { phone } : {}), ...(add ? { add } : {}) } })
      .where(eq(delhiverySandboxShipments.waybill, waybill));
    return { status: true, waybill, remark: "Shipment details updated" };
  }

  async function renderLabel(row: typeof delhiverySandboxShipments.$inferSelect): Promise<Buffer> {
    const document = new PDFDocument({ size: [288, 432], margin: 18 });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve) => document.on("end", () => resolve()));
    const { request } = row;
    document.fontSize(16).text("Delhivery (sandbox)");
    document.moveDown().fontSize(22).text(row.waybill);
    document.moveDown().fontSize(11).text(`Order ${request.order}`);
    document.text(request.payment_mode === "COD" ? `COD: collect Rs ${request.cod_amount}` : "Prepaid");
    document
      .moveDown()
      .text(`To: ${request.name}`)
      .text(request.add)
      .text(`${request.city ?? ""} ${request.pin}`);
    document.end();
    await done;
    return Buffer.concat(chunks);
  }

  async function routes(app: FastifyInstance) {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1_000_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post(DELHIVERY_PATHS.create, async (request, reply) => {
      const form = typeof request.body === "object" && request.body ? request.body : {};
      return answer(reply, await create(form as Record<string, string>));
    });

    app.get(DELHIVERY_PATHS.track, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const list = (value: string | undefined) => (value ? value.split(",").filter(Boolean) : []);
      const waybills = list(query.waybill).slice(0, 50);
      const references = list(query.ref_ids).slice(0, 50);
      const rows = await db
        .select()
        .from(delhiverySandboxShipments)
        .where(
          waybills.length
            ? inArray(delhiverySandboxShipments.waybill, waybills)
            : inArray(delhiverySandboxShipments.reference, references.length ? references : [""]),
        );
      if (rows.length === 0) return answer(reply, { Error: "No such waybill or Order Id found" });
      return answer(reply, { ShipmentData: rows.map(shipmentAnswer) });
    });

    app.get(DELHIVERY_PATHS.label, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const [row] = await db
        .select({ waybill: delhiverySandboxShipments.waybill })
        .from(delhiverySandboxShipments)
        .where(eq(delhiverySandboxShipments.waybill, query.wbns ?? ""));
      if (!row) return answer(reply, { packages_found: 0, packages: [] });
      const link = `${baseUrl}/sandbox/labels/${row.waybill}.pdf?sig=${labelSignature(row.waybill)}`;
      return answer(reply, { packages_found: 1, packages: [{ wbn: row.waybill, pdf_download_link: link }] });
    });

    app.post(DELHIVERY_PATHS.pickup, async (request, reply) => {
      const parsed = pickupRequest.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: "Invalid data provided" });
      const { pickup_location, pickup_date, pickup_time, expected_package_count } = parsed.data;
      if (pickup_location !== warehouse)
        return reply.code(400).send({ pickup_location: "ClientWarehouse matching query does not exist." });
      const today = courierTimeText(new Date()).slice(0, 10);
      if (pickup_date < today) return reply.code(400).send({ pickup_date: "Pickup date cannot be in past" });
      const [made] = await db
        .insert(delhiverySandboxPickups)
        .values({ location: pickup_location, pickupDate: pickup_date, packages: expected_package_count })
        .onConflictDoNothing()
        .returning();
      if (!made)
        return reply
          .code(400)
          .send({ pr_exist: true, error: "A pickup request is already open for this day" });
      return answer(reply, {
        pickup_id: made.id,
        pickup_location_name: pickup_location,
        pickup_date,
        pickup_time,
        expected_package_count,
        incoming_center_name: "Hyderabad_Hub (Telangana)",
      });
    });

    app.post(DELHIVERY_PATHS.edit, async (request, reply) => {
      const edit = z
        .object({ waybill: z.string(), phone: z.string().optional(), add: z.string().optional() })
        .strict()
        .safeParse(request.body);
      if (edit.success) return answer(reply, await editDetails(edit.data));
      const parsed = z
        .object({ waybill: z.string(), cancellation: z.literal("true") })
        .safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: "Invalid data provided" });
      const { waybill } = parsed.data;
      const [row] = await db
        .select()
        .from(delhiverySandboxShipments)
        .where(eq(delhiverySandboxShipments.waybill, waybill));
      const last = row?.scans.at(-1);
      const cancellable =
        row && last && (row.cancelledAt || (last.ScanType === "UD" && last.Scan !== "Dispatched"));
      const result = cancellable
        ? { status: true, waybill, order_id: row.reference, remark: "Shipment has been cancelled." }
        : { status: false, waybill, remark: "Package in incorrect status" };
      if (cancellable && !row.cancelledAt)
        await db
          .update(delhiverySandboxShipments)
          .set({
            cancelledAt: new Date(),
            scans: sql`${delhiverySandboxShipments.scans} || ${JSON.stringify([scanOf(SELLER_CANCELLED)])}::jsonb`,
          })
          .where(and(eq(delhiverySandboxShipments.waybill, waybill)));
      // Delhivery answers XML unless JSON is asked for.
      if (!String(request.headers.accept ?? "").includes("json"))
        return reply
          .type("application/xml")
          .send(
            `<?xml version="1.0" encoding="utf-8"?><root><status>${result.status ? "True" : "False"}</status>` +
              `<waybill>${waybill}</waybill><remark>${result.remark}</remark></root>`,
          );
      return answer(reply, result);
    });

    app.post(DELHIVERY_PATHS.ndr, async (request, reply) => {
      const parsed = ndrRequest.safeParse(request.body);
      if (!parsed.success) return answer(reply, { success: false, error: "Invalid data provided" });
      const waybills = parsed.data.data.map((entry) => entry.waybill);
      const rows = await db
        .select()
        .from(delhiverySandboxShipments)
        .where(inArray(delhiverySandboxShipments.waybill, waybills));
      const pending = rows.every((row) => row.scans.at(-1)?.StatusCode.startsWith("EOD-11"));
      if (rows.length !== waybills.length || !pending)
        return answer(reply, { success: false, error: "Package in incorrect status" });
      return answer(reply, { success: true, request_id: `UPL${randomInt(10 ** 9, 10 ** 10 - 1)}` });
    });

    // The sandbox's own, not Delhivery's: moves a parcel, as a courier's scans would.
    app.post("/sandbox/scan", async (request, reply) => {
      const parsed = z
        .object({
          waybill: z.string().min(1),
          event: z.enum(Object.keys(SANDBOX_EVENTS) as [SandboxEvent, ...SandboxEvent[]]),
          push: z.enum(PUSH_DELIVERIES).default("send"),
        })
        .safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: "waybill and event are required" });
      try {
        return { scan: await move(parsed.data.waybill, parsed.data.event, parsed.data.push) };
      } catch (error) {
        return reply.code(409).send({ error: error instanceof Error ? error.message : "refused" });
      }
    });

    app.get("/sandbox/labels/:file", async (request, reply) => {
      const { file } = request.params as { file: string };
      const waybill = file.replace(/\.pdf$/, "");
      const { sig } = request.query as { sig?: string };
      if (sig !== labelSignature(waybill)) return reply.code(403).type("text/plain").send("AccessDenied");
      const [row] = await db
        .select()
        .from(delhiverySandboxShipments)
        .where(eq(delhiverySandboxShipments.waybill, waybill));
      if (!row) return reply.code(404).type("text/plain").send("NoSuchKey");
      return reply.type("application/pdf").send(await renderLabel(row));
    });
  }

  return { routes, move };
}
