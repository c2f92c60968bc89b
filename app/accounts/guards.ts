/*
 * The page side of the API's guards, for loaders: they ask the API (contract/accounts.ts, with its schemas),
 * so components import what they need from modules of their own (home-for.ts), not from here.
 */
import { redirect, type AppLoadContext, href } from "react-router";
import type { CallResult } from "#contract/call";
import { getMeCall, type Profile } from "#contract/accounts";
import type { RoleId } from "#contract/accounts-rules";
import { homeFor } from "./home-for";
import { safeRedirectTo } from "~/lib/redirect-target";

type SessionAnswer = Promise<CallResult<typeof getMeCall>>;

const answers = new WeakMap<AppLoadContext, SessionAnswer>();

/**
 * The API's answer about the signed-in user of this request. The root and a guarded page both want it in
 * the same request: it is asked for once (React Router gives every loader of a request the same context).
 */
export function sessionAnswer(context: AppLoadContext): SessionAnswer {
  let answer = answers.get(context);
  if (!answer) {
    answer = context.api(getMeCall);
    answers.set(context, answer);
  }
  return answer;
}

/**
 * The page side of the API's guards (the API enforces them whatever a page does): without a session the
 * shopper goes to /login and comes back after logging in; with the wrong role, to /not-available.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  roles: readonly RoleId[],
): Promise<Profile> {
  const result = await sessionAnswer(context);
  if (!result.ok || !result.data[0]) {
    if (result.ok || result.status === 401) {
      const url = new URL(request.url);
      throw redirect(`${href("/login")}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
    }
    throw new Response(result.message, { status: result.status || 502 });
  }
  const user = result.data[0];
  if (!roles.includes(user.roleId)) throw redirect(href("/not-available"));
  return user;
}

/**
 * For the login and registration pages: a shopper who is signed in already goes where logging in would
 * take them (the page's redirectTo, else their home) instead of seeing the form.
 */
export async function redirectSignedIn(request: Request, context: AppLoadContext): Promise<null> {
  const result = await sessionAnswer(context);
  const user = result.ok ? result.data[0] : undefined;
  if (user)
    throw redirect(
      safeRedirectTo(new URL(request.url).searchParams.get("redirectTo")) ?? homeFor(user.roleId),
    );
  return null;
}
