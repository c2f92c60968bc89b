import type { ReactNode } from "react";
import type { Order } from "#contract/orders";
import type { Profile } from "#contract/accounts";
import { formatMobile } from "~/accounts/format";
import { BagIcon } from "~/components/icons";
import { BUTTON_PRIMARY } from "~/components/styles";
import { OrderCard } from "~/orders/order-card";
import { href, Link } from "react-router";

/** The Profile tab: what the account holds, read-only. */
export function MyProfile({ user }: { user: Profile }) {
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-4 text-2xl font-bold">
        My Profile
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <InfoCard title="Personal Information">
          <dl>
            <dt className="text-sm text-muted">Full Name</dt>
            <dd className="mt-0.5 font-medium">{user.fullName}</dd>
          </dl>
        </InfoCard>
        <InfoCard title="Email Address">
          <p className="font-medium wrap-anywhere">{user.email}</p>
        </InfoCard>
        <InfoCard title="Mobile Number">
          <p className="font-medium">{formatMobile(user.phone)}</p>
        </InfoCard>
        <InfoCard title="Billing Address">
          {user.billingAddress ? (
            <p className="font-medium whitespace-pre-line">{user.billingAddress}</p>
          ) : (
            <p className="text-muted">No billing address yet</p>
          )}
        </InfoCard>
      </div>
    </section>
  );
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6">
      <h3 className="text-lg font-bold">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The Orders tab: one card per order, newest first; 'No orders found.' until the first. */
export function MyOrders({ orders }: { orders: Order[] }) {
  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="mb-4 text-2xl font-bold">
        My Orders
      </h2>
      {orders.length > 0 ? (
        <div className="grid gap-4">
          {orders.map((order) => (
            <OrderCard key={order.orderId} order={order} />
          ))}
        </div>
      ) : (
        <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-brand-100 sm:py-16">
          <span
            aria-hidden="true"
            className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-200"
          >
            <BagIcon size={26} />
          </span>
          <p className="mt-4 text-lg font-semibold">No orders found.</p>
          <p className="mt-1 text-muted">When you place an order, you can follow it here.</p>
          <Link to={href("/products")} className={`${BUTTON_PRIMARY} mt-6`}>
            Start shopping
          </Link>
        </div>
      )}
    </section>
  );
}
