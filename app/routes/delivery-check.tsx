import { data, useLoaderData } from "react-router";
import { checkDeliveryCall } from "#contract/shipping";
import { Link } from "~/components/navigation";
import { TEXT_LINK } from "~/components/styles";
import { DeliveryAnswer, type DeliveryCheckAnswer } from "~/shipping/delivery-check-form";
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

/** The product page's "Check delivery" (a GET form): the courier's answer for the pincode asked about. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const productId = /^\d{1,9}$/.test(params.get("product") ?? "") ? params.get("product")! : "";
  const pincode = params.get("pincode");
  if (pincode === null) return null;
  const result = await context.api(checkDeliveryCall, { pincode });
  const answer: DeliveryCheckAnswer = result.ok
    ? { ok: true, check: result.data, productId }
    : { ok: false, message: result.message || FAILURE_TEXT, productId };
  return data(answer, { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 });
}

/** What a pincode checked without JavaScript is answered with. */
export default function DeliveryCheckPage() {
  const answer = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">Check delivery</h1>
      <div className="mt-6" role="status">
        {answer ? (
          <DeliveryAnswer answer={answer} customisable={false} />
        ) : (
          <p className="text-muted">Open a product and give your pincode under "Check delivery".</p>
        )}
      </div>
      <p className="mt-6">
        <Link to={answer?.productId ? `/products/${answer.productId}` : "/products"} className={TEXT_LINK}>
          {answer?.productId ? "Back to the product" : "Browse the collection"}
        </Link>
      </p>
    </section>
  );
}
