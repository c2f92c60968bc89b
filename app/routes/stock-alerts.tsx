import { data, useActionData, href, Link } from "react-router";
import { subscribeStockAlertCall } from "#contract/stock-alerts";
import type { StockAlertAnswer } from "~/catalog/stock-alert-form";
import { FormNotice } from "~/components/form-field";
import { TEXT_LINK } from "~/components/styles";
import { callWithForm } from "~/lib/form-reading";
import { formText, postedForm } from "~/lib/form-values";
import { privatePageHeaders } from "~/lib/page-headers";
import { actionOrFailure } from "~/lib/request-failure";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/stock-alerts";

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Back-in-stock alert",
    description: "Hear when a sold-out size is back.",
    noindex: true,
  });

const FAILURE_TEXT = "Something went wrong. Please try again.";

/** Asks for a back-in-stock alert (the product page's 'Notify me'); a plain form post works too. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const productId = formText(form, "productId");
  const result = await callWithForm(context.api, form, subscribeStockAlertCall);
  const answer: StockAlertAnswer = { ok: result.ok, message: result.message || FAILURE_TEXT, productId };
  return data(answer, { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 });
}

/** A request the network or the server failed says so in the form, which keeps what was typed. */
export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form): StockAlertAnswer => ({
    ok: false,
    message: FAILURE_TEXT,
    productId: formText(form, "productId"),
  }));

/** What a form posted without JavaScript is answered with. */
export default function StockAlerts() {
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">Back-in-stock alert</h1>
      {answer ? (
        <FormNotice tone={answer.ok ? "success" : "error"} className="mt-6">
          <p role={answer.ok ? "status" : "alert"}>{answer.message}</p>
        </FormNotice>
      ) : (
        <p className="mt-4 text-muted">Open a product with a sold-out size and choose 'Notify me'.</p>
      )}
      <p className="mt-6">
        <Link
          to={answer?.productId ? href("/products/:id", { id: answer.productId }) : href("/products")}
          className={TEXT_LINK}
        >
          {answer?.productId ? "Back to the product" : "Browse the collection"}
        </Link>
      </p>
    </section>
  );
}
