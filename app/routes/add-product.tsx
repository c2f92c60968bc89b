import { STAFF_ROLES } from "#contract/users-rules";
import { requireUser } from "~/account/guards";
import { keepThroughLogout, privatePageHeaders } from "~/account/private-page";
import { AdminPlaceholder } from "~/admin/admin-placeholder";
import { PlusIcon } from "~/components/icons";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/add-product";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Add New Product",
    description: "Add a product to the catalog.",
    url: absoluteUrl(matches, "/addproduct"),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  return null;
}

export default function AddProduct() {
  return (
    <AdminPlaceholder
      title="Add New Product"
      text="Adding products is coming next."
      icon={<PlusIcon size={30} />}
    />
  );
}
