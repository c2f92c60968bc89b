import { and, count, desc, eq } from "drizzle-orm";
import {
  MAX_SAVED_MEASUREMENTS,
  TAILORING_MESSAGES,
  type SavedMeasurements,
  type SaveMeasurementsRequest,
} from "../../contract/tailoring";
import { canonicalCustomization } from "../../contract/tailoring-rules";
import type { Database } from "../db/client";
import { conflict, notFound } from "../lib/errors";
import { savedMeasurements as table } from "./tailoring.tables";

/** A shopper's saved sets of measurements: at most MAX_SAVED_MEASUREMENTS, one per label. */
export function createSavedMeasurements({ db }: { db: Database }) {
  async function list(userId: number): Promise<SavedMeasurements[]> {
    const rows = await db
      .select()
      .from(table)
      .where(eq(table.userId, userId))
      .orderBy(desc(table.updatedAt), desc(table.id));
    return rows.map(({ id, label, unit, measurements }) => ({ id, label, unit, measurements }));
  }

  /** Saves a set under its label, replacing the set of the same label; refused when the shopper has the most. */
  async function save(userId: number, request: SaveMeasurementsRequest): Promise<SavedMeasurements[]> {
    const { unit, measurements } = canonicalCustomization({ options: [], note: "", ...request });
    await db.transaction(async (tx) => {
      const [replaced] = await tx
        .update(table)
        .set({ unit, measurements, updatedAt: new Date() })
        .where(and(eq(table.userId, userId), eq(table.label, request.label)))
        .returning({ id: table.id });
      if (replaced) return;
      // Counted in the transaction that inserts; two saves at once may both pass: one set over, harmless.
      const [kept] = await tx.select({ sets: count() }).from(table).where(eq(table.userId, userId));
      if ((kept?.sets ?? 0) >= MAX_SAVED_MEASUREMENTS) throw conflict(TAILORING_MESSAGES.tooManySaved);
      await tx
        .insert(table)
        .values({ userId, label: request.label, unit, measurements })
        .onConflictDoUpdate({
          target: [table.userId, table.label],
          set: { unit, measurements, updatedAt: new Date() },
        });
    });
    return list(userId);
  }

  async function remove(userId: number, id: number): Promise<SavedMeasurements[]> {
    const [deleted] = await db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id });
    if (!deleted) throw notFound(TAILORING_MESSAGES.savedNotFound);
    return list(userId);
  }

  return { list, save, remove };
}

export type SavedMeasurementsService = ReturnType<typeof createSavedMeasurements>;
