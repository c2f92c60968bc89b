import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { codLinkCall, confirmCodByLinkCall } from "#contract/cash-on-delivery";
import { COD_MESSAGES } from "#contract/cash-on-delivery-rules";
import { formatRupees } from "#contract/money";
import { FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { privatePageHeaders } from "~/lib/page-headers";
import { postedForm } from "~/lib/form-values";
import { pageMeta } from "~/lib/seo";
import { callWithForm } from "~/lib/form-reading";
import type { Route } from "./+types/confirm-cash-order";

export const meta = () =>
  pageMeta({
    title: "Confirm your order",
    description: "Confirm your Cash on Delivery order.",
    noindex: true,
  });

export const headers = privatePageHeaders;

/** The link in a cash order's mail (decision 048): the order it confirms, shown before the one tap. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await context.api(codLinkCall, { orderId: params.id, token });
  if (result.ok) return { view: result.data, token };
  return data({ view: null, token: "" }, { status: result.status === 400 ? 404 : result.status || 502 });
}

/** The tap: the order is confirmed without signing in (the link's token is the key). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await postedForm(request);
  form.set("orderId", params.id);
  const result = await callWithForm(context.api, form, confirmCodByLinkCall);
  if (result.ok) return { ok: true as const, message: result.message };
  return data({ ok: false as const, message: result.message }, { status: result.status || 502 });
}

export default function ConfirmCashOrder() {
  const { view, token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (!view)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Confirm your order</h1>
        <p className="mt-4 text-muted">{COD_MESSAGES.linkInvalid}</p>
        <Link to={href("/orders")} className={`${BUTTON_SECONDARY} mt-8`}>
          My Orders
        </Link>
      </section>
    );
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold break-all sm:text-3xl">Confirm your order #{view.orderId}</h1>
      <p className="mt-2 text-muted">To be paid in cash when it arrives: {formatRupees(view.totalAmount)}.</p>
      <ul className="mt-4 divide-y divide-brand-100 rounded-2xl bg-white px-5 ring-1 ring-brand-100">
        {view.items.map((item, index) => (
          <li key={`${item.name}-${item.size}-${index}`} className="py-3">
            {item.name}{" "}
            <span className="text-muted">
              · Size {item.size} · Quantity {item.quantity}
            </span>
          </li>
        ))}
      </ul>
      <div role="status">
        {answer ? (
          <FormNotice tone={answer.ok ? "success" : "error"} className="mt-4">
            {answer.message}
          </FormNotice>
        ) : null}
      </div>
      {answer?.ok ? null : view.orderStatus !== "Pending" ? (
        <p className="mt-6">
          {view.orderStatus === "Cancelled"
            ? COD_MESSAGES.cannotConfirm(view.orderStatus)
            : COD_MESSAGES.alreadyConfirmed}
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" disabled={busy} className={BUTTON_PRIMARY}>
            Confirm my order
          </button>
        </Form>
      )}
    </section>
  );
}
