import { paiseToRupees } from "../../contract/money";
import {
  cancelAnswer,
  courierTime,
  createAnswer,
  DELHIVERY_PATHS,
  expectedTatAnswer,
  labelAnswer,
  ndrAnswer,
  pickupAnswer,
  pincodeAnswer,
  trackAnswer,
  type CreateRequest,
  type TrackAnswer,
} from "./delhivery-protocol";
import { delhiveryHttp, type DelhiverySettings } from "./delhivery-http";
import {
  CourierRefused,
  type CourierScan,
  type PincodeService,
  type ShippingProvider,
  type TrackedParcel,
} from "./shipping-provider";

/**
 * The shipping provider on Delhivery B2C (../shared/reference/delhivery.md): each of the store's questions as
 * Delhivery's call, its answer read into the provider's terms; the transport is delhivery-http.ts. The built-in
 * sandbox answers the same calls.
 */
export function createDelhiveryClient(settings: DelhiverySettings & { warehouse: string }): ShippingProvider {
  const call = delhiveryHttp(settings);

  const parcelsOf = (answer: TrackAnswer): TrackedParcel[] =>
    "Error" in answer
      ? []
      : answer.ShipmentData.map(({ Shipment }) => ({
          waybill: Shipment.AWB,
          reference: Shipment.ReferenceNo ?? null,
          scans: Shipment.Scans.flatMap(({ ScanDetail }): CourierScan[] => {
            const at = courierTime(ScanDetail.ScanDateTime);
            return at
              ? [
                  {
                    status: ScanDetail.Scan,
                    statusType: ScanDetail.ScanType,
                    statusCode: ScanDetail.StatusCode ?? "",
                    at,
                    location: ScanDetail.ScannedLocation,
                    instructions: ScanDetail.Instructions,
                  },
                ]
              : [];
          }),
        }));

  return {
    courier: "delhivery",

    async pincodeService(pincode): Promise<PincodeService> {
      const answer = await call(DELHIVERY_PATHS.pincodes, pincodeAnswer, {
        query: { filter_codes: pincode },
      });
      const code = answer.delivery_codes.find(
        (entry) => String(entry.postal_code.pin) === pincode,
      )?.postal_code;
      if (!code) return { pincode, serviceable: false, cod: false, embargoed: false };
      const embargoed = code.remarks.trim().toLowerCase() === "embargo";
      return {
        pincode,
        serviceable: !embargoed && code.pre_paid === "Y",
        cod: !embargoed && code.cod === "Y",
        embargoed,
      };
    },

    async transitDays(originPincode, pincode) {
      const answer = await call(DELHIVERY_PATHS.expectedTat, expectedTatAnswer, {
        query: { origin_pin: originPincode, destination_pin: pincode, mot: "S", pdt: "B2C" },
      });
      return answer.data.tat;
    },

    async createParcel(parcel) {
      const data: CreateRequest = {
        shipments: [
          {
            name: parcel.consignee.name,
            add: parcel.consignee.address,
            pin: parcel.consignee.pincode,
            city: parcel.consignee.city,
            state: parcel.consignee.state,
            country: "India",
            phone: parcel.consignee.phone,
            order: parcel.reference,
            payment_mode: parcel.reversePickup ? "Pickup" : parcel.codPaise === null ? "Prepaid" : "COD",
            ...(parcel.codPaise === null ? {} : { cod_amount: paiseToRupees(parcel.codPaise) }),
            total_amount: paiseToRupees(parcel.valuePaise),
            products_desc: parcel.description,
            quantity: parcel.quantity,
            weight: parcel.weightGrams,
            shipment_length: parcel.lengthCm,
            shipment_width: parcel.widthCm,
            shipment_height: parcel.heightCm,
            shipping_mode: "Surface",
            seller_name: parcel.seller.name,
            seller_gst_tin: parcel.seller.gstin,
          },
        ],
        pickup_location: { name: settings.warehouse },
      };
      // Delhivery's form body: `format=json&data=<JSON>`, and the JSON must not hold & % # ; or \.
      const json = JSON.stringify(data).replace(/[&%#;\\]/g, " ");
      const answer = await call(DELHIVERY_PATHS.create, createAnswer, {
        body: { form: { format: "json", data: json } },
      });
      const saved = answer.packages.find((entry) => entry.status === "Success" && entry.waybill);
      if (saved) return { waybill: saved.waybill };
      const remarks = answer.packages.flatMap((entry) =>
        Array.isArray(entry.remarks) ? entry.remarks : [entry.remarks ?? ""],
      );
      throw new CourierRefused(
        [...remarks, answer.rmk ?? ""].filter((text) => text.trim()).join(" ") || "refused",
      );
    },

    async findByReference(reference) {
      const answer = await call(DELHIVERY_PATHS.track, trackAnswer, { query: { ref_ids: reference } });
      return parcelsOf(answer).find((parcel) => parcel.reference === reference) ?? null;
    },

    async track(waybills) {
      if (waybills.length === 0) return [];
      const answer = await call(DELHIVERY_PATHS.track, trackAnswer, {
        query: { waybill: waybills.slice(0, 50).join(",") },
      });
      return parcelsOf(answer);
    },

    async label(waybill) {
      const answer = await call(DELHIVERY_PATHS.label, labelAnswer, {
        query: { wbns: waybill, pdf: "true", pdf_size: "4R" },
      });
      return answer.packages.find((entry) => entry.wbn === waybill)?.pdf_download_link ?? null;
    },

    async requestPickup(date, parcels) {
      // Field-keyed errors come with HTTP 400 (an open request for the day is `pr_exist`, which is as good).
      const answer = await call(DELHIVERY_PATHS.pickup, pickupAnswer, {
        body: {
          json: {
            pickup_time: "11:00:00",
            pickup_date: date,
            pickup_location: settings.warehouse,
            expected_package_count: parcels,
          },
        },
        statuses: [200, 201, 400],
      });
      if ("pickup_id" in answer && typeof answer.pickup_id === "number")
        return { pickupId: String(answer.pickup_id) };
      if ("pr_exist" in answer && answer.pr_exist) return { pickupId: null };
      throw new CourierRefused(
        Object.values(answer)
          .filter((value) => typeof value === "string")
          .join(" ") || "the pickup request was refused",
      );
    },

    async cancel(waybill) {
      const answer = await call(DELHIVERY_PATHS.edit, cancelAnswer, {
        body: { json: { waybill, cancellation: "true" } },
      });
      if (!answer.status) throw new CourierRefused(answer.remark ?? "the courier did not cancel the parcel");
    },

    async updateConsignee(waybill, change) {
      const answer = await call(DELHIVERY_PATHS.edit, cancelAnswer, {
        body: {
          json: {
            waybill,
            ...(change.phone ? { phone: change.phone } : {}),
            ...(change.address ? { add: change.address } : {}),
          },
        },
      });
      if (!answer.status) throw new CourierRefused(answer.remark ?? "the courier did not change the details");
    },

    async reattempt(waybill) {
      const answer = await call(DELHIVERY_PATHS.ndr, ndrAnswer, {
        body: { json: { data: [{ waybill, act: "RE-ATTEMPT" }] } },
      });
      if (answer.success === false || answer.error)
        throw new CourierRefused(answer.error ?? "the courier did not take the request");
    },
  };
}
