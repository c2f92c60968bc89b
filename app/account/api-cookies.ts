import type { ApiFetch } from "~/lib/api-client";

/**
 * Wraps the in-process API so that the session cookie it sets or clears reaches the browser: an action
 * returns `headers` with its answer.
 */
export function passingCookies(fetcher: ApiFetch) {
  const headers = new Headers();
  const wrapped: ApiFetch = async (path, init) => {
    const response = await fetcher(path, init);
    for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
    return response;
  };
  return { fetcher: wrapped, headers };
}
