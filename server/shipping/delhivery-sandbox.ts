import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { lookUpPincode } from "../addresses/pincode-directory";
import type { Database } from "../db/client";
import { DELHIVERY_PATHS, type PincodeAnswer } from "./delhivery-protocol";
import { createSandboxParcels } from "./delhivery-sandbox-parcels";
import { delhiverySandbox, delhiverySandboxFailure } from "./shipping.tables";

/**
 * A stand-in for Delhivery B2C on the store's own server, used when no Delhivery token is configured (never in
 * production). It speaks the protocol of ../shared/reference/delhivery.md: `Authorization: Token`, the pincode
 * answer (an empty list where nothing is served, "Embargo", Y/N per service) and the expected transit time.
 * Its pincodes are India Post's (the store's directory), served by these rules, so that tests and a person
 * trying the store meet each case:
 * - a pincode India Post does not list is not served (an empty list, as Delhivery answers);
 * - Ladakh (GST state 38, e.g. 194101) is under an embargo;
 * - the Andaman and Nicobar Islands (35, e.g. 744101) and Lakshadweep (31, e.g. 682551) take prepaid parcels
 *   but no Cash on Delivery;
 * - transit: 2 days within a state, 3 within a region (the pincode's first digit), 5 across India, 2 more to the
 *   islands and the North-East (first digits 78 and 79).
 * Its token is made at random on the first start and kept in the database, so every store process answers to
 * the same one and no one knows it from the source. How it fails (HTTP 502 pages, answers too slow, JSON cut
 * short) is a setting in the database too, changed through its own route with the token.
 */
export type DelhiverySandboxFailure = (typeof delhiverySandboxFailure.enumValues)[number];

const NO_COD_STATES = new Set(["35", "31"]);
const EMBARGOED_STATES = new Set(["38"]);

/** The sandbox's transit days between two pincodes, by the rules above. */
export function sandboxTransitDays(origin: string, destination: string): number {
  const originState = lookUpPincode(origin)?.districts[0]?.stateCode;
  const destinationState = lookUpPincode(destination)?.districts[0]?.stateCode;
  const remote = /^7[89]/.test(destination) || NO_COD_STATES.has(destinationState ?? "") ? 2 : 0;
  if (originState && originState === destinationState) return 2 + remote;
  if (origin[0] === destination[0]) return 3 + remote;
  return 5 + remote;
}

/** The pincode answer Delhivery would give for `pincode` under the sandbox's rules. */
export function sandboxPincodeAnswer(pincode: string): PincodeAnswer {
  const place = /^\d{6}$/.test(pincode) ? lookUpPincode(pincode) : undefined;
  const district = place?.districts[0];
  if (!district) return { delivery_codes: [] };
  return {
    delivery_codes: [
      {
        postal_code: {
          pin: Number(pincode),
          district: district.district,
          state_code: district.stateCode,
          pre_paid: "Y",
          cod: NO_COD_STATES.has(district.stateCode) ? "N" : "Y",
          pickup: "Y",
          is_oda: "N",
          remarks: EMBARGOED_STATES.has(district.stateCode) ? "Embargo" : "",
        },
      },
    ],
  };
}

/** How long a "slow" sandbox waits before it answers: longer than any client of the store waits. */
const SLOW_ANSWER_MS = 30_000;

export async function createDelhiverySandbox({
  db,
  baseUrl,
  warehouse,
  pushUrl,
}: {
  db: Database;
  /** Where the sandbox answers (its label links point there). */
  baseUrl: string;
  /** The pickup warehouse registered with it. */
  warehouse: string;
  /** The store's scan-push route. */
  pushUrl: string;
}) {
  await db
    .insert(delhiverySandbox)
    .values({ id: 1, token: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ token: delhiverySandbox.token }).from(delhiverySandbox);
  const token = row!.token;
  const expected = Buffer.from(`Token ${token}`);
  const authorized = (header: string | undefined) => {
    const given = Buffer.from(header ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // The header the store gave "Delhivery" for its scan pushes: the install's own, made from the token.
  const pushToken = createHash("sha256").update(`push:${token}`).digest("base64url");

  async function currentFailure(): Promise<DelhiverySandboxFailure> {
    const [state] = await db.select({ failure: delhiverySandbox.failure }).from(delhiverySandbox);
    return state?.failure ?? "none";
  }

  async function setFailure(failure: DelhiverySandboxFailure) {
    await db.update(delhiverySandbox).set({ failure }).where(eq(delhiverySandbox.id, 1));
  }

  /** Answers as Delhivery would, or fails the way the sandbox is set to. */
  async function answer(reply: FastifyReply, body: unknown) {
    const failure = await currentFailure();
    if (failure === "server-error")
      return reply.code(502).type("text/html").send("<html><body><h1>502 Bad Gateway</h1></body></html>");
    if (failure === "truncated")
      return reply.type("application/json").send(JSON.stringify(body).slice(0, 20));
    if (failure === "slow") await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS).unref());
    return reply.send(body);
  }

  const parcels = createSandboxParcels({ db, token, baseUrl, warehouse, pushUrl, pushToken, answer });

  async function routes(app: FastifyInstance) {
    // Delhivery's stand-in is no part of the store's API: its calls stay out of /api/docs.
    app.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      // A label's link is pre-signed, as Delhivery's S3 links are: fetched without the token.
      if (request.routeOptions.url?.endsWith("/sandbox/labels/:file")) return;
      if (!authorized(request.headers.authorization))
        return reply.code(401).type("text/plain").send("Login or API Key Required");
    });

    app.get(DELHIVERY_PATHS.pincodes, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      return answer(reply, sandboxPincodeAnswer(String(query.filter_codes ?? "")));
    });

    app.get(DELHIVERY_PATHS.expectedTat, async (request, reply) => {
      const parsed = z
        .object({
          origin_pin: z.string().regex(/^\d{6}$/),
          destination_pin: z.string().regex(/^\d{6}$/),
          mot: z.enum(["S", "E", "N"]),
        })
        .safeParse(request.query);
      if (!parsed.success)
        return reply
          .code(400)
          .send({ success: false, msg: "origin_pin, destination_pin and mot are required" });
      const { origin_pin, destination_pin, mot } = parsed.data;
      const days = Math.max(1, sandboxTransitDays(origin_pin, destination_pin) - (mot === "S" ? 0 : 1));
      return answer(reply, { success: true, msg: "", data: { tat: days } });
    });

    // The sandbox's own: how it fails from now on, for every store process (not Delhivery's protocol).
    app.post("/sandbox/failure", async (request, reply) => {
      const parsed = z
        .object({ failure: z.enum(delhiverySandboxFailure.enumValues) })
        .safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: "failure must be one of the sandbox's" });
      await setFailure(parsed.data.failure);
      return { failure: parsed.data.failure };
    });
    await app.register(parcels.routes);
  }

  return { token, pushToken, routes, setFailure, move: parcels.move };
}

export type DelhiverySandbox = Awaited<ReturnType<typeof createDelhiverySandbox>>;
