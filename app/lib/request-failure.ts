import { isRouteErrorResponse } from "react-router";

/** How the page's own request to the store failed: no answer at all (the network), or a 5xx. */
export type RequestFailure = "network" | "server";

/**
 * Runs a route's server loader or action from the browser (a clientLoader's `serverLoader`, a
 * clientAction's `serverAction`) and turns a failed request into `onFailure`'s answer, which the page
 * shows in place, with what was typed still in it, instead of React Router's "Something went wrong".
 * A redirect, a refusal the server meant (a 4xx) and a request dropped for a newer one go on as before.
 */
export async function answerOrFailure<T, F>(
  request: Request,
  call: () => Promise<T>,
  onFailure: (failure: RequestFailure) => F,
): Promise<T | F> {
  try {
    return await call();
  } catch (error) {
    const refused = isRouteErrorResponse(error) && error.status < 500;
    if (request.signal.aborted || error instanceof Response || refused) throw error;
    return onFailure(error instanceof TypeError ? "network" : "server");
  }
}

/**
 * answerOrFailure for a clientAction: `onFailure` gets the form that was posted (read from a copy before
 * the server action sends it), to give back what was typed.
 */
export async function actionOrFailure<T, F>(
  args: { request: Request; serverAction: () => Promise<T> },
  onFailure: (form: FormData, failure: RequestFailure) => F,
): Promise<T | F> {
  const form = await args.request.clone().formData();
  return answerOrFailure(
    args.request,
    () => args.serverAction(),
    (failure) => onFailure(form, failure),
  );
}
