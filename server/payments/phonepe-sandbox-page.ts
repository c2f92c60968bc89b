import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { formatPaise } from "../../contract/money";
import { PAYMENT_CALLBACK_PATH } from "../../contract/orders";
import { STORE } from "../../contract/store";
import { SANDBOX_PREFIX } from "../config";
import type { Database } from "../db/client";
import type { PhonePeSandbox, SandboxDecision, SandboxRefundOutcome } from "./phonepe-sandbox";
import { phonePeSandboxOrders } from "./payments.tables";

/** The hosted page's choices of what becomes of a payment's refunds. */
const SANDBOX_REFUND_OUTCOMES: Record<SandboxRefundOutcome, string> = {
  complete: "Refunds complete",
  pending: "Refunds stay pending",
  refuse: "Refunds are refused",
  fail: "Refunds fail after they are accepted",
};

/** The hosted page's form: its buttons' decision, and the test knobs for the webhook and the refunds. */
const pageForm = z.object({
  token: z.string().optional().catch(undefined),
  decision: z.enum(["approve", "decline", "pending"]).optional().catch(undefined),
  webhook: z.enum(["send", "drop", "duplicate"]).default("send").catch("send"),
  refunds: z
    .enum(Object.keys(SANDBOX_REFUND_OUTCOMES) as [SandboxRefundOutcome, ...SandboxRefundOutcome[]])
    .optional()
    .catch(undefined),
});

/**
 * The sandbox's hosted checkout page, where the shopper approves, declines or leaves a payment pending, and
 * is sent back only to the store's callback page.
 */
export function sandboxPaymentPage(
  app: FastifyInstance,
  { db, decide }: { db: Database; decide: PhonePeSandbox["decide"] },
) {
  // The hosted checkout page and its three buttons.
  app.get("/pay", async (request, reply) => {
    const { token } = request.query as { token?: string };
    const [order] = token
      ? await db.select().from(phonePeSandboxOrders).where(eq(phonePeSandboxOrders.token, token))
      : [];
    reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!order) return reply.code(404).send(hostedPage("This payment link is not valid.", null));
    return hostedPage(
      order.state === "PENDING"
        ? `Pay ${formatPaise(order.amountPaise)} to ${STORE.name}`
        : `This payment is ${order.state.toLowerCase()}.`,
      order.state === "PENDING" ? token! : null,
    );
  });

  app.post("/pay", async (request, reply) => {
    const form = pageForm.safeParse(request.body ?? {}).data ?? { webhook: "send" as const };
    const [order] = form.token
      ? await db.select().from(phonePeSandboxOrders).where(eq(phonePeSandboxOrders.token, form.token))
      : [];
    if (!order) return reply.code(404).type("text/html; charset=utf-8").send(hostedPage("Not found.", null));
    const { decision, webhook, refunds } = form;
    if (!decision) return reply.code(400).send({ success: false, code: "BAD_REQUEST" });
    await decide(order.merchantOrderId, decision, { webhook, ...(refunds ? { refunds } : {}) });
    // A record written before redirects were checked is not followed to any other page either. (Its origin was
    // checked by the process that took the payment: processes of one store on other addresses, as in the
    // multi-process tests, share these records.)
    if (URL.parse(order.redirectUrl)?.pathname !== PAYMENT_CALLBACK_PATH)
      return reply
        .type("text/html; charset=utf-8")
        .send(hostedPage("Done. You may close this page and return to the store.", null));
    return reply.redirect(order.redirectUrl, 303);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);

function hostedPage(heading: string, token: string | null) {
  const button = (decision: SandboxDecision, label: string, colour: string) =>
    `<button name="decision" value="${decision}" style="display:block;width:100%;margin:12px 0;padding:14px;border:0;border-radius:8px;font-size:16px;font-weight:bold;color:#fff;background:${colour}">${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PhonePe sandbox</title></head>
<body style="margin:0;font-family:Arial,sans-serif;background:#f3eefb;color:#1d1233">
<main style="max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px">
<p style="margin:0;color:#5f259f;font-weight:bold">PhonePe sandbox: no real money moves</p>
<h1 style="font-size:22px">${escapeHtml(heading)}</h1>
${
  token
    ? `<form method="post" action="${SANDBOX_PREFIX}/pay">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="refunds" style="display:block;margin:16px 0 4px;font-size:14px;font-weight:bold">If the store refunds this payment</label>
<select id="refunds" name="refunds" style="display:block;width:100%;padding:10px;border:1px solid #b9a8d6;border-radius:8px;font-size:15px;background:#fff">
${Object.entries(SANDBOX_REFUND_OUTCOMES)
  .map(([outcome, label]) => `<option value="${outcome}">${label}</option>`)
  .join("")}
</select>
${button("approve", "Approve payment", "#1b7a3a")}
${button("decline", "Decline payment", "#b3261e")}
${button("pending", "Leave it pending", "#5b5670")}
</form>`
    : ""
}
</main></body></html>`;
}
