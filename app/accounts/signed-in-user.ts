import { useRouteLoaderData } from "react-router";
import type { RoleId } from "#contract/accounts-rules";

/** The signed-in user as every page knows it (the root loader's `user`); null for a guest. */
export type SignedInUser = { fullName: string; roleId: RoleId };

/** The signed-in user, from the root loader's data. */
export function useSignedInUser(): SignedInUser | null {
  return useRouteLoaderData<{ user: SignedInUser | null }>("root")?.user ?? null;
}
