import { data, useLoaderData, type HeadersFunction, href } from "react-router";
import {
  complaintForm,
  confirmGrievanceCall,
  fileGrievanceCall,
  guestGrievanceCall,
  MAX_GRIEVANCE_PHOTOS,
  uploadGrievancePhotosCall,
} from "#contract/grievances";
import { photosUpload } from "~/admin/compress-images";
import { FormNotice } from "~/components/form-field";
import { useSeller } from "~/content/seller";
import {
  COMPLAINT_FAILURE,
  complaintFiled,
  complaintRefused,
  loadComplaintForm,
} from "~/grievances/complaint-action";
import { ComplaintForm } from "~/grievances/complaint-form";
import { GuestTicket } from "~/grievances/guest-ticket";
import { SellerCards } from "~/grievances/seller-cards";
import { browserApi } from "~/lib/api-client";
import { answerOrFailure } from "~/lib/request-failure";
import { formText, postedForm } from "~/lib/form-values";
import { readForm } from "~/lib/form-reading";
import { failedReply, firstErrorOf, readFormInBrowser, refusalOf } from "~/lib/forms";
import { privatePageHeaders, sharedPageHeaders } from "~/lib/page-headers";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/grievances";

const PRIVATE = "private, no-store";

/** The page is every guest's; with a guest's link (?token=) it is hers, kept by no cache. */
export const headers: HeadersFunction = (args) =>
  args.loaderHeaders.get("Cache-Control") === PRIVATE ? privatePageHeaders(args) : sharedPageHeaders(args);

const FAILURE_TEXT = "Something went wrong. Please try again.";

/** With ?token= (the link e-mailed to a guest), her ticket. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { guest: null };
  const result = await context.api(guestGrievanceCall, { token });
  const guest = result.ok
    ? { token, ticket: result.data, error: null }
    : { token, ticket: null, error: result.status === 400 ? result.message : FAILURE_TEXT };
  return data({ guest }, { headers: { "Cache-Control": PRIVATE } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Grievances",
    description:
      "Our grievance officer, the seller's details, and how to file a complaint: a ticket number at once, an acknowledgement within 48 hours, a resolution within one month.",
    url: absoluteUrl(matches, href("/grievances")),
  });

/** A guest's confirmation; or, without scripts, the complaint without photos (a file needs the browser's upload). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  if (formText(form, "intent") === "confirm") {
    const result = await context.api(confirmGrievanceCall, { token: formText(form, "token") });
    return data(
      { ok: result.ok, message: result.message || FAILURE_TEXT },
      { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 },
    );
  }
  const submission = await readForm(form, complaintForm);
  if (submission.status !== "success")
    return complaintRefused({ status: 400, message: firstErrorOf(submission) }, submission.reply());
  const result = await context.api(fileGrievanceCall, submission.value);
  return result.ok ? complaintFiled(result) : complaintRefused(result, refusalOf(submission, result));
}

/** With scripts: the photos are compressed and uploaded first, then the complaint names them. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  if (formText(await request.clone().formData(), "intent") === "confirm")
    return answerOrFailure(request, serverAction, () => ({ ok: false, message: FAILURE_TEXT }));
  const form = await request.formData();
  const failed = (message: string) => complaintRefused({ status: 400, message }, failedReply(form), message);
  const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
  if (files.length > MAX_GRIEVANCE_PHOTOS) return failed(`At most ${MAX_GRIEVANCE_PHOTOS} photos.`);
  let photos: { photos?: string[]; uploadToken?: string } = {};
  if (files.length > 0) {
    const prepared = await photosUpload(files);
    if ("refused" in prepared) return failed(prepared.refused);
    const uploaded = await browserApi(uploadGrievancePhotosCall, prepared.upload);
    if (!uploaded.ok) return failed(uploaded.status === 0 ? COMPLAINT_FAILURE : uploaded.message);
    photos = uploaded.data;
  }
  // The form's check let it through: read it again the same way for the call.
  const submission = await readFormInBrowser(form, loadComplaintForm);
  if (submission.status !== "success")
    return complaintRefused({ status: 400, message: firstErrorOf(submission) }, failedReply(form));
  const result = await browserApi(fileGrievanceCall, { ...submission.value, ...photos });
  return result.ok ? complaintFiled(result) : complaintRefused(result, failedReply(form, result));
}

/**
 * /grievances: the grievance officer and the seller (every page links here from its footer), and the form;
 * with ?token=, a guest's ticket.
 */
export default function Grievances() {
  const { guest } = useLoaderData<typeof loader>();
  const seller = useSeller();
  if (guest) return <GuestTicket {...guest} />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Customer care</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Grievances</h1>
      <p className="mt-3 text-lg leading-relaxed text-muted">
        Something went wrong with an order, a payment, a delivery or a piece itself? Tell our grievance
        officer. Each complaint gets a ticket number at once; we acknowledge it within 48 hours and resolve it
        within one month of receiving it.
      </p>
      <div className="mt-8">
        {seller ? (
          <SellerCards seller={seller} />
        ) : (
          <FormNotice tone="error">
            The seller's details could not be loaded. Please try again in a moment.
          </FormNotice>
        )}
      </div>
      <div className="mt-8">
        <ComplaintForm />
      </div>
    </div>
  );
}
