import { data, useLoaderData, href, Link } from "react-router";
import { checkDeliveryCall } from "#contract/shipping";
import { TEXT_LINK } from "~/components/styles";
import { DeliveryAnswer, type DeliveryCheckAnswer, type DeliveryCheckData } from "~/shipping/delivery-answer";
import { DeliveryCheckForm } from "~/shipping/delivery-check-form";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/delivery-check";

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Check delivery",
    description: "Whether we deliver to a pincode, and by when.",
    noindex: true,
  });

const FAILURE_TEXT = "We could not check delivery just now. Please try again in a minute.";

/**
 * "Check delivery" (a GET form on the product page; the checkout asks it for the chosen address): the
 * courier's answer for the pincode, with the product it was asked from.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const product = /^\d{1,9}$/.test(params.get("product") ?? "") ? Number(params.get("product")) : null;
  const customisable = params.get("customised") === "1";
  const pincode = params.get("pincode");
  if (pincode === null) return data<DeliveryCheckData>({ answer: null, product, customisable, pincode: "" });
  const result = await context.api(checkDeliveryCall, { pincode });
  const answer: DeliveryCheckAnswer = result.ok
    ? { ok: true, check: result.data }
    : { ok: false, message: result.message || FAILURE_TEXT };
  return data<DeliveryCheckData>(
    { answer, product, customisable, pincode },
    { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 },
  );
}

/** The answer, the form to ask about another pincode, and the way back to the product. */
export default function DeliveryCheckPage() {
  const { answer, product, customisable, pincode } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">Check delivery</h1>
      <div className="mt-6" role="status">
        {answer ? <DeliveryAnswer answer={answer} customisable={customisable} /> : null}
      </div>
      <DeliveryCheckForm productId={product} customisable={customisable} pincode={pincode} />
      <p className="mt-6">
        <Link
          to={product === null ? href("/products") : href("/products/:id", { id: String(product) })}
          className={TEXT_LINK}
        >
          {product === null ? "Browse the collection" : "Back to the product"}
        </Link>
      </p>
    </section>
  );
}
