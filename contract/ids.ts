import { z } from "zod";

/** The largest id PostgreSQL's `integer` (and `serial`) holds: a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

/** A row id from a query string or a body: a whole number from 1 to MAX_ID, else `message`. */
export const idField = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });

/**
 * An id as a page's path writes it (`/products/42`): digits without a leading zero, so that one thing has one
 * address, read as `idField` reads it.
 */
export const pathIdField = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: message })
    .transform(Number)
    .pipe(z.number().max(MAX_ID, { error: message }));
