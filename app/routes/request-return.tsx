import { data, redirect, useLoaderData, href } from "react-router";
import { ANY_ROLE } from "#contract/accounts-rules";
import { getOrderCall } from "#contract/orders";
import { MAX_RETURN_PHOTOS, RETURN_MESSAGES } from "#contract/returns-rules";
import { photosUpload } from "~/admin/compress-images";
import { requireUser } from "~/accounts/guards";
import { browserApi } from "~/lib/api-client";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageMeta } from "~/lib/seo";
import { loadReturnForm, ReturnForm, type ReturnAnswer } from "~/returns/return-form";
import { failedReply, firstErrorOf, readFormInBrowser } from "~/lib/forms";
import { postedForm } from "~/lib/form-values";
import type { Route } from "./+types/request-return";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({
    title: `Return a piece of order #${params.id}`,
    description: "Ask to return a piece.",
    noindex: true,
  });

export const headers = privatePageHeaders;

const FAILURE = "Something went wrong. Please try again.";

/** The shopper's delivered order, with its lines not yet returned. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireUser(request, context, ANY_ROLE);
  const result = await context.api(getOrderCall, { id: params.id });
  if (result.ok) return { order: result.data };
  if (result.status === 404 || result.status === 400) return data({ order: null }, { status: 404 });
  throw new Response(result.message, { status: result.status || 502 });
}

/** Without scripts there is no photo to send, and a return needs one. */
export async function action({ request }: Route.ActionArgs) {
  const answer: ReturnAnswer = {
    ok: false,
    message: "Adding photos needs JavaScript: please turn it on to ask for a return.",
    reply: failedReply(await postedForm(request)),
  };
  return data(answer, { status: 400 });
}

/** The photos are compressed and uploaded first (as a complaint's), then the return names them. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const failed = (message: string, photosError?: string) =>
    data<ReturnAnswer>(
      { ok: false, message, reply: failedReply(form), ...(photosError ? { photosError } : {}) },
      { status: 400 },
    );
  const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
  if (files.length === 0 || files.length > MAX_RETURN_PHOTOS)
    return failed(RETURN_MESSAGES.photosRequired, RETURN_MESSAGES.photosRequired);
  // The form's check let it through: read it again the same way for the call.
  const submission = await readFormInBrowser(form, loadReturnForm);
  if (submission.status !== "success") return failed(firstErrorOf(submission));
  const prepared = await photosUpload(files);
  if ("refused" in prepared) return failed(prepared.refused);
  const { uploadGrievancePhotosCall } = await import("#contract/grievances");
  const uploaded = await browserApi(uploadGrievancePhotosCall, prepared.upload);
  if (!uploaded.ok) return failed(uploaded.status === 0 ? FAILURE : uploaded.message, uploaded.message);
  const { requestReturnCall } = await import("#contract/returns");
  const asked = await browserApi(requestReturnCall, { ...submission.value, ...uploaded.data });
  if (asked.ok) return redirect(href("/orders/:id", { id: submission.value.orderId }));
  return data<ReturnAnswer>(
    {
      ok: false,
      message: asked.status === 0 || asked.status >= 500 ? FAILURE : asked.message,
      reply: failedReply(form, asked),
    },
    { status: 400 },
  );
}

export default function RequestReturn() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold break-all sm:text-3xl">
        {order ? `Return a piece of order #${order.orderId}` : "Order not found."}
      </h1>
      {order ? <ReturnForm order={order} /> : null}
    </div>
  );
}
