import { and, asc, eq, sql } from "drizzle-orm";
import {
  ADDRESS_MESSAGES,
  districtIn,
  pincodeProblem,
  type Address,
  type AddressInput,
} from "../../contract/addresses";
import { STATE_NAMES } from "../../contract/indian-states";
import type { Database } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import { addresses } from "./addresses.tables";
import { lookUpPincode } from "./pincode-directory";

/** A shopper keeps a handful of addresses; a cap keeps a script from filling the table. */
export const MAX_ADDRESSES = 20;
/** The first key of the per-shopper advisory lock that serialises adds (the second is the user id). */
const ADDRESS_LOCK = 1;

const columns = {
  id: addresses.id,
  name: addresses.name,
  phone: addresses.phone,
  address: addresses.address,
  city: addresses.city,
  district: addresses.district,
  state: addresses.state,
  country: addresses.country,
  pincode: addresses.pincode,
};
type Row = Omit<Address, "problem">;

/**
 * An address's place checked against the pincode directory: the pincode must exist and belong to the chosen
 * state (the contract's rule, pincodeProblem). Returns the district to keep; refuses with the field's message.
 */
export function checkedPlace(input: Pick<AddressInput, "pincode" | "state">): { district: string } {
  const place = lookUpPincode(input.pincode);
  const problem = pincodeProblem(place, input.pincode, input.state);
  if (problem) throw badRequest(problem, { pincode: problem });
  return { district: districtIn(place!, input.state) };
}

/** What stands between a saved address and an order: a state kept as free text, or a pincode of another state. */
export function problemOf(row: Pick<Row, "pincode" | "state">): string | null {
  if (!(STATE_NAMES as readonly string[]).includes(row.state)) return ADDRESS_MESSAGES.fixSaved;
  return pincodeProblem(lookUpPincode(row.pincode), row.pincode, row.state);
}

const withProblem = (row: Row): Address => ({ ...row, problem: problemOf(row) });

/** Each shopper's own delivery addresses; another shopper's address is never found. */
export function createAddressesService({ db }: { db: Database }) {
  async function list(userId: number): Promise<Address[]> {
    const rows = await db
      .select(columns)
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.id));
    return rows.map(withProblem);
  }

  async function add(userId: number, input: AddressInput): Promise<Address> {
    const { district } = checkedPlace(input);
    return db.transaction(async (tx) => {
      // One shopper's adds are serialised, so the cap holds however many arrive at once.
      await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, ${userId})`);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      if ((count?.n ?? 0) >= MAX_ADDRESSES)
        throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses. Edit one instead.`);
      const [row] = await tx
        .insert(addresses)
        .values({ ...input, district, country: "India", userId })
        .returning(columns);
      return withProblem(row!);
    });
  }

  async function update(userId: number, id: number, input: AddressInput): Promise<Address> {
    const { district } = checkedPlace(input);
    const [row] = await db
      .update(addresses)
      .set({ ...input, district, country: "India", updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning(columns);
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    return withProblem(row);
  }

  /** One of the shopper's addresses, for an order; 'Invalid Address' for anyone else's. */
  async function get(userId: number, id: number): Promise<Address> {
    const [row] = await db
      .select(columns)
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    return withProblem(row);
  }

  return { list, add, update, get };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
