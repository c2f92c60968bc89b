import { Form } from "react-router";
import type { UserSummary } from "#contract/accounts";
import { ROLE, type RoleId } from "#contract/accounts-rules";
import { formatDate, formatMobile, ROLE_LABELS } from "~/accounts/format";

const ROLE_BADGE: Record<RoleId, string> = {
  [ROLE.superAdmin]: "bg-amber-50 text-amber-900 ring-amber-200",
  [ROLE.admin]: "bg-brand-50 text-brand-700 ring-brand-200",
  [ROLE.customer]: "bg-stone-100 text-stone-700 ring-stone-200",
};

// A table from laptops up; below that each row is a card whose cells name their column.
const CELL =
  "flex items-baseline justify-between gap-4 py-1 text-sm before:shrink-0 before:font-semibold before:text-muted before:content-[attr(data-label)] lg:table-cell lg:px-4 lg:py-3 lg:align-middle lg:before:content-none";

/** The accounts of one page, each with the role change that fits it. */
export function UsersTable({
  users,
  caption,
  savingUserId,
}: {
  users: UserSummary[];
  caption: string;
  savingUserId: number | undefined;
}) {
  return (
    <div className="mt-4 lg:overflow-hidden lg:rounded-2xl lg:bg-white lg:shadow-sm lg:ring-1 lg:ring-brand-100">
      <table className="block w-full text-left lg:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-brand-50 text-xs tracking-wide text-muted uppercase lg:table-header-group">
          <tr>
            {["Name", "Email", "Mobile", "Role", "Verified", "Joined"].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-3 sm:grid-cols-2 lg:table-row-group">
          {users.map((user) => (
            <tr
              key={user.id}
              className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 lg:table-row lg:rounded-none lg:p-0 lg:shadow-none lg:ring-0 lg:border-t lg:border-brand-100"
            >
              <th
                scope="row"
                className="block pb-2 text-base font-semibold text-ink lg:table-cell lg:px-4 lg:py-3 lg:text-sm"
              >
                {user.fullName}
              </th>
              <td data-label="Email" className={CELL}>
                <span className="min-w-0 text-right wrap-anywhere lg:text-left">{user.email}</span>
              </td>
              <td data-label="Mobile" className={`${CELL} lg:whitespace-nowrap`}>
                {formatMobile(user.phone)}
              </td>
              <td data-label="Role" className={CELL}>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${ROLE_BADGE[user.roleId]}`}
                >
                  {ROLE_LABELS[user.roleId]}
                </span>
              </td>
              <td data-label="Verified" className={CELL}>
                {user.verified ? "Yes" : "No"}
              </td>
              <td data-label="Joined" className={`${CELL} lg:whitespace-nowrap`}>
                {formatDate(user.createdAt)}
              </td>
              <td className="block pt-3 lg:table-cell lg:px-4 lg:py-2 lg:text-right">
                <RoleChange user={user} saving={savingUserId === user.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 'Make admin' for a customer, 'Remove admin' for an admin, each asked to be confirmed first (a disclosure,
 * so it works before the page's scripts); the super admin's role is not changed here.
 */
function RoleChange({ user, saving }: { user: UserSummary; saving: boolean }) {
  if (user.roleId === ROLE.superAdmin) return null;
  const makeAdmin = user.roleId === ROLE.customer;
  const action = makeAdmin ? "Make admin" : "Remove admin";
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-full px-4 py-2 text-center font-semibold whitespace-nowrap text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50">
        {action}…<span className="sr-only"> for {user.fullName}</span>
      </summary>
      <Form method="post" preventScrollReset className="mt-2 max-w-xs rounded-xl bg-brand-50 p-3 text-left">
        <p>
          {makeAdmin
            ? `${user.fullName} will be able to add and edit products and handle every order.`
            : `${user.fullName} will no longer reach the staff pages.`}
        </p>
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="roleId" value={makeAdmin ? ROLE.admin : ROLE.customer} />
        <button
          type="submit"
          disabled={saving}
          className="mt-2 w-full rounded-full bg-brand-600 px-4 py-2 font-semibold whitespace-nowrap text-white hover:bg-brand-700 disabled:cursor-wait"
        >
          {saving ? "Saving..." : `Yes, ${action.toLowerCase()}`}
          <span className="sr-only"> for {user.fullName}</span>
        </button>
      </Form>
    </details>
  );
}
