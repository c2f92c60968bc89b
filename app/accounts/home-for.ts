import { ROLE, type RoleId } from "#contract/accounts-rules";
import { href } from "react-router";

/** Where a user lands after logging in (spec section 4). */
export function homeFor(roleId: RoleId): string {
  if (roleId === ROLE.superAdmin) return href("/super-admin-dashboard");
  if (roleId === ROLE.admin) return href("/admin-dashboard");
  return "/";
}
