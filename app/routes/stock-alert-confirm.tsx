import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { confirmStockAlertCall } from "#contract/stock-alerts";
import { FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY, TEXT_LINK } from "~/components/styles";
import { privatePageHeaders } from "~/lib/page-headers";
import { actionOrFailure } from "~/lib/request-failure";
import { pageMeta } from "~/lib/seo";
import { callWithForm } from "~/lib/form-reading";
import type { Route } from "./+types/stock-alert-confirm";

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Confirm your alert", description: "Confirm a back-in-stock alert.", noindex: true });

const FAILURE_TEXT = "Something went wrong. Please try again.";

/**
 * The page of the link in the confirmation e-mail. Opening it changes nothing (mail scanners open links);
 * the shopper's button confirms.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await callWithForm(context.api, request, confirmStockAlertCall);
  return data(
    {
      ok: result.ok,
      message: result.message || FAILURE_TEXT,
      productId: result.ok ? result.data.productId : null,
    },
    { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 },
  );
}

export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, () => ({ ok: false, message: FAILURE_TEXT, productId: null }));

export default function StockAlertConfirm() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">Confirm your back-in-stock alert</h1>
      {answer ? (
        <FormNotice tone={answer.ok ? "success" : "error"} className="mt-6">
          <p role={answer.ok ? "status" : "alert"}>{answer.message}</p>
        </FormNotice>
      ) : null}
      {answer?.ok ? (
        <p className="mt-6">
          <Link
            to={
              answer.productId ? href("/products/:id", { id: String(answer.productId) }) : href("/products")
            }
            className={TEXT_LINK}
          >
            Back to the product
          </Link>
        </p>
      ) : (
        <Form method="post" className="mt-6">
          <p className="text-muted">
            Confirm that this is your e-mail address, and we'll write once when the size is back in stock.
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} mt-4`}>
            {busy ? "Confirming..." : "Confirm my alert"}
          </button>
        </Form>
      )}
    </section>
  );
}
