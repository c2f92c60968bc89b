import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { STOCK_ALERT_MESSAGES, type StockAlertRequest } from "../../contract/stock-alerts";
import { hashToken, newToken } from "../accounts/credentials";
import { products, productSizes } from "../catalog/catalog.tables";
import type { Database, Executor } from "../db/client";
import { badRequest, conflict, notFound } from "../lib/errors";
import { brandedMail } from "../mail/mail-layout";
import { enqueueMail, type Mail } from "../mail/mail.service";
import { stockAlerts } from "./stock-alerts.tables";

/** How long the link that confirms a guest's address works. */
export const CONFIRM_LINK_DAYS = 7;

/**
 * Back-in-stock alerts (contract/stock-alerts.ts). `notifyRestocked` runs in the transaction of every change
 * that can put a size back in stock (a staff edit, stock released by a cancelled order, a product shown
 * again): each confirmed alert of a size now in stock ends and queues its one e-mail, in that transaction.
 */
export function createStockAlerts({
  db,
  publicUrl,
  onMailQueued,
}: {
  db: Database;
  publicUrl: string;
  onMailQueued: () => void;
}) {
  /**
   * Asks for an alert. The signed-in shopper's own address is confirmed at once; another address gets a
   * link to confirm it (sent again, as a new link, when asked again). Asking again changes nothing else.
   */
  async function subscribe(
    request: StockAlertRequest,
    signedIn: { email: string } | null,
  ): Promise<{ email: string; confirmed: boolean }> {
    const email = (request.email || signedIn?.email || "").toLowerCase();
    if (!email)
      throw badRequest(STOCK_ALERT_MESSAGES.emailRequired, { email: STOCK_ALERT_MESSAGES.emailRequired });
    const own = signedIn !== null && email === signedIn.email.toLowerCase();

    const [product] = await db
      .select({ name: products.name, stock: productSizes.stock })
      .from(products)
      .leftJoin(
        productSizes,
        and(eq(productSizes.productId, products.id), eq(productSizes.size, request.size)),
      )
      .where(and(eq(products.id, request.productId), isNull(products.deletedAt)));
    if (!product) throw notFound(STOCK_ALERT_MESSAGES.productNotFound);
    if (product.stock === null)
      throw badRequest(STOCK_ALERT_MESSAGES.sizeNotOffered, { size: STOCK_ALERT_MESSAGES.sizeNotOffered });
    if (product.stock > 0) throw conflict(STOCK_ALERT_MESSAGES.inStock);

    const token = own ? null : newToken();
    const confirmed = await db.transaction(async (tx) => {
      const [alert] = await tx
        .insert(stockAlerts)
        .values({
          productId: request.productId,
          size: request.size,
          email,
          confirmTokenHash: token ? hashToken(token) : null,
          confirmedAt: own ? sql`now()` : null,
        })
        .onConflictDoUpdate({
          target: [stockAlerts.productId, stockAlerts.size, stockAlerts.email],
          targetWhere: sql`${stockAlerts.endedAt} is null`,
          set: {
            // Once confirmed, an alert stays so; until then, the newest link is the one that works.
            confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, excluded.confirmed_at)`,
            confirmTokenHash: sql`case when ${stockAlerts.confirmedAt} is null and excluded.confirmed_at is null
              then excluded.confirm_token_hash else ${stockAlerts.confirmTokenHash} end`,
            createdAt: sql`case when ${stockAlerts.confirmedAt} is null then now() else ${stockAlerts.createdAt} end`,
          },
        })
        .returning({ confirmedAt: stockAlerts.confirmedAt });
      if (alert?.confirmedAt) return true;
      await enqueueMail(
        tx,
        confirmMail(email, product.name, request.size, `${publicUrl}/stock-alerts/confirm?token=${token}`),
      );
      return false;
    });
    if (!confirmed) onMailQueued();
    return { email, confirmed };
  }

  /**
   * Confirms the alert of a link's token, within its days; the same link opened again says so again. An
   * alert that has ended (its e-mail sent) no longer has a working link.
   */
  async function confirm(token: string): Promise<{ productId: number; size: string }> {
    const [alert] = await db
      .update(stockAlerts)
      .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` })
      .where(
        and(
          eq(stockAlerts.confirmTokenHash, hashToken(token)),
          isNull(stockAlerts.endedAt),
          or(
            isNotNull(stockAlerts.confirmedAt),
            gt(stockAlerts.createdAt, sql`now() - make_interval(days => ${CONFIRM_LINK_DAYS})`),
          ),
        ),
      )
      .returning({ productId: stockAlerts.productId, size: stockAlerts.size });
    if (!alert) throw badRequest(STOCK_ALERT_MESSAGES.linkInvalid);
    // Confirmed after the size came back: the shopper hears at once rather than at the next restock.
    const sent = await db.transaction((tx) => notifyRestocked(tx, [alert.productId]));
    if (sent > 0) onMailQueued();
    return alert;
  }

  /**
   * Ends every confirmed alert of the products' sizes that are in stock now (the product shown in the shop)
   * and queues its e-mail; returns how many. Concurrent restocks end an alert once: the update claims it.
   */
  async function notifyRestocked(tx: Executor, productIds: readonly number[]): Promise<number> {
    if (productIds.length === 0) return 0;
    const ended = await tx
      .update(stockAlerts)
      .set({ endedAt: sql`now()` })
      .from(productSizes)
      .where(
        and(
          inArray(stockAlerts.productId, [...productIds]),
          isNull(stockAlerts.endedAt),
          isNotNull(stockAlerts.confirmedAt),
          eq(productSizes.productId, stockAlerts.productId),
          eq(productSizes.size, stockAlerts.size),
          gt(productSizes.stock, 0),
          sql`exists (select 1 from ${products} where ${products.id} = ${stockAlerts.productId}
            and ${products.deletedAt} is null)`,
        ),
      )
      .returning({ email: stockAlerts.email, productId: stockAlerts.productId, size: stockAlerts.size });
    if (ended.length === 0) return 0;
    const names = new Map(
      (
        await tx
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, [...new Set(ended.map((alert) => alert.productId))]))
      ).map((row) => [row.id, row.name]),
    );
    for (const alert of ended)
      await enqueueMail(
        tx,
        backInStockMail(
          alert.email,
          names.get(alert.productId) ?? "",
          alert.size,
          `${publicUrl}/products/${alert.productId}`,
        ),
      );
    return ended.length;
  }

  return { subscribe, confirm, notifyRestocked };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;

function confirmMail(to: string, productName: string, size: string, link: string): Mail {
  return {
    to,
    subject: `Confirm your back-in-stock alert for ${productName}`.slice(0, 200),
    ...brandedMail([
      "Namaste,",
      `You asked us to write when ${productName} in size ${size} is back in stock. Please confirm that this is your e-mail address:`,
      { label: "Confirm my alert", url: link },
      `The link works for ${CONFIRM_LINK_DAYS} days. We'll write once, when the size is back, and not again.`,
      "If you did not ask for this, ignore this e-mail: nothing will be sent to you.",
    ]),
  };
}

function backInStockMail(to: string, productName: string, size: string, link: string): Mail {
  return {
    to,
    subject: `Back in stock: ${productName} in size ${size}`.slice(0, 200),
    ...brandedMail([
      "Namaste,",
      `Good news: ${productName} is back in stock in size ${size}. Pieces go quickly, so do not wait too long.`,
      { label: "See it in the shop", url: link },
      "This was the one e-mail you asked for; your alert has ended.",
    ]),
  };
}
