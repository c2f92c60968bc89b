import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import { Link } from "~/components/navigation";
import { ROLE, STAFF_ROLES } from "#contract/users-rules";
import { requireUser } from "~/account/guards";
import { keepThroughLogout, privatePageHeaders } from "~/account/private-page";
import { BagIcon, PlusIcon, TruckIcon, UserIcon } from "~/components/icons";
import { BUTTON_PRIMARY } from "~/components/styles";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin-dashboard";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Admin Dashboard",
    description: "Run the store: products, orders and staff.",
    url: absoluteUrl(matches, location.pathname),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** /admin-dashboard and /dashboard: the staff's start page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, STAFF_ROLES);
  return { fullName: user.fullName, roleId: user.roleId };
}

type Card = { to: string; title: string; text: string; icon: ReactNode };

export default function AdminDashboard() {
  const { fullName, roleId } = useLoaderData<typeof loader>();
  const cards: Card[] = [
    {
      to: "/admin/received-orders",
      title: "Received Orders",
      text: "See the orders shoppers have paid for and open their details.",
      icon: <TruckIcon />,
    },
    ...(roleId === ROLE.superAdmin
      ? [
          {
            to: "/super-admin-dashboard",
            title: "Staff and customers",
            text: "See every account, make a customer an admin or take it back.",
            icon: <UserIcon />,
          },
        ]
      : []),
    {
      to: "/products",
      title: "View the shop",
      text: "See the catalog as shoppers see it.",
      icon: <BagIcon />,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Staff area</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Namaste, {fullName}! What would you like to do today?</p>
        </div>
        <Link to="/addproduct" className={`${BUTTON_PRIMARY} shadow-sm sm:px-8`}>
          <PlusIcon size={20} />
          Add New Product
        </Link>
      </div>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="flex h-full gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 transition hover:shadow-md hover:ring-brand-200 sm:p-6"
            >
              <span
                aria-hidden="true"
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
              >
                {card.icon}
              </span>
              <div>
                <h2 className="text-lg font-bold text-ink">{card.title}</h2>
                <p className="mt-1 text-sm text-muted">{card.text}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
