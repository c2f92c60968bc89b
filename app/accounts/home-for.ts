import { ROLE, type RoleId } from "#contract/accounts-rules";

/** Where a user lands after logging in (spec section 4). */
export function homeFor(roleId: RoleId): string {
  if (roleId === ROLE.superAdmin) return "/super-admin-dashboard";
  if (roleId === ROLE.admin) return "/admin-dashboard";
  return "/";
}
