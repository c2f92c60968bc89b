import { and, asc, eq, sql } from "drizzle-orm";
import { ADDRESS_MESSAGES, type Address, type AddressInput } from "../../contract/addresses";
import type { Database } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import { addresses } from "./addresses.tables";

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
  state: addresses.state,
  country: addresses.country,
  pincode: addresses.pincode,
};

/** Each shopper's own delivery addresses; another shopper's address is never found. */
export function createAddressesService({ db }: { db: Database }) {
  async function list(userId: number): Promise<Address[]> {
    return db.select(columns).from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  }

  async function add(userId: number, input: AddressInput): Promise<Address> {
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
        .values({ ...input, country: "India", userId })
        .returning(columns);
      return row!;
    });
  }

  async function update(userId: number, id: number, input: AddressInput): Promise<Address> {
    const [row] = await db
      .update(addresses)
      .set({ ...input, country: "India", updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning(columns);
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    return row;
  }

  /** One of the shopper's addresses, for an order; 'Invalid Address' for anyone else's. */
  async function get(userId: number, id: number): Promise<Address> {
    const [row] = await db
      .select(columns)
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    return row;
  }

  return { list, add, update, get };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
