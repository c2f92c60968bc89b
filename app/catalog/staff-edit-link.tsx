import { ROLE } from "#contract/accounts-rules";
import { useSignedInUser } from "~/accounts/signed-in-user";
import { href, Link } from "react-router";

/** The product page's way back to the product's edit page, for staff only. */
export function StaffEditLink({ id, name }: { id: number; name: string }) {
  const user = useSignedInUser();
  if (!user || user.roleId === ROLE.customer) return null;
  return (
    <Link
      to={href("/admin/products/:id/edit", { id: String(id) })}
      aria-label={`Edit ${name}`}
      className="shrink-0 rounded-full px-4 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
    >
      Edit
    </Link>
  );
}
