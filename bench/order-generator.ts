import { sql } from "drizzle-orm";
import { hashSecret } from "../server/accounts/credentials";
import type { Database } from "../server/db/client";

const FIRST_NAMES = [
  "Kavya",
  "Meera",
  "Ananya",
  "Priya",
  "Lakshmi",
  "Divya",
  "Sneha",
  "Pooja",
  "Aishwarya",
  "Nandini",
];
const LAST_NAMES = ["Reddy", "Iyer", "Sharma", "Nair", "Rao", "Menon", "Gupta", "Patel", "Verma", "Pillai"];

export const BENCH_STAFF = { email: "bench.staff@example.in", password: "bench-staff-2026" };
/** The owner (super admin), whose alone the books are. */
export const BENCH_OWNER = { email: "bench.owner@example.in", password: "bench-staff-2026" };

/** The phone of generated shopper `g`, as the orders' addresses hold it in one of three ways (below). */
export const benchShopperPhone = (g: number) => String(6_000_000_000 + g * 7919);

/**
 * `count` orders of `shoppers` generated shoppers, made by SQL in the database (seconds, not minutes): dates
 * spread over the last year, 1-3 lines of random products of the catalog (one in eight customised), statuses
 * as a running shop has them (most delivered, some to ship, a few pending or cancelled), paid orders with their
 * paid_at, phones written three ways. Also a staff account (BENCH_STAFF) and the owner's (BENCH_OWNER) for the
 * staff calls. Runs VACUUM ANALYZE at the end, as autovacuum would.
 */
export async function generateOrders({
  db,
  count,
  shoppers = 5000,
  firstProductId,
  lastProductId,
}: {
  db: Database;
  count: number;
  shoppers?: number;
  firstProductId: number;
  lastProductId: number;
}) {
  const passwordHash = await hashSecret(BENCH_STAFF.password);
  await db.execute(sql`select setseed(0.2026)`);
  await db.execute(sql`
    insert into users (email, full_name, phone, password_hash, role_id, verified_at)
    values (${BENCH_STAFF.email}, 'Bench Staff', '9876543210', ${passwordHash}, 2, now()),
           (${BENCH_OWNER.email}, 'Bench Owner', '9876543211', ${passwordHash}, 1, now())`);
  await db.execute(sql`
    insert into users (email, full_name, phone, password_hash, role_id, verified_at)
    select 'shopper' || g || '@example.in',
           (${sql.raw(`array['${FIRST_NAMES.join("','")}']`)})[1 + g % 10] || ' ' ||
           (${sql.raw(`array['${LAST_NAMES.join("','")}']`)})[1 + (g / 10) % 10],
           (6000000000 + g * 7919)::text, ${passwordHash}, 3, now()
    from generate_series(1, ${shoppers}) g`);
  await db.execute(sql`
    with shopper as (select min(id) as first from users where role_id = 3),
    planned as (
      select g, now() - random() * interval '365 days' as created,
             case when random() < 0.02 then 'Pending' when random() < 0.05 then 'Cancelled'
                  when random() < 0.06 then 'Processing' when random() < 0.12 then 'Shipped' else 'Delivered' end as status
      from generate_series(1, ${count}) g
    )
    insert into orders (public_id, user_id, status, payment_status, subtotal_paise, delivery_paise, total_paise,
                        shipping_address, reserved_until, stock_released_at, paid_at, created_at, updated_at)
    select 'RBX' || lpad(g::text, 9, '0'),
           (select first from shopper) + g % ${shoppers},
           p.status,
           case p.status when 'Pending' then 'Initiated' when 'Cancelled' then 'Failed' else 'Success' end,
           0, 0, 0,
           jsonb_build_object(
             'fullName', u.full_name, 'address', 'Flat ' || g % 90 || ', Lotus Apartments', 'street', '',
             'city', 'Hyderabad', 'state', 'Telangana', 'postalCode', '500034', 'country', 'India',
             -- The phone as addresses have held it: "+91 60097 72046", "06009772046" or "6009772046".
             'phone', case g % 3 when 0 then '+91 ' || substr(u.phone, 1, 5) || ' ' || substr(u.phone, 6)
                                 when 1 then '0' || u.phone else u.phone end,
             'email', u.email),
           p.created + interval '20 minutes',
           case when p.status = 'Cancelled' then p.created + interval '20 minutes' end,
           case when p.status not in ('Pending', 'Cancelled') then p.created + interval '2 minutes' end,
           p.created, p.created
    from planned p
    join users u on u.id = (select first from shopper) + g % ${shoppers}`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, size, quantity, unit_price_paise, name, image)
    select o.id, pr.id, 'M', 1 + (random() * 2)::int, pr.price_paise, pr.name, null
    from orders o
    cross join lateral generate_series(1, 1 + (o.id % 3)) line
    join products pr on pr.id = ${firstProductId} + ((o.id * 7 + line * 131) % ${lastProductId - firstProductId + 1})`);
  // One line in eight customised: stitched once its order has shipped, with the tailor while it is to ship.
  await db.execute(sql`
    update order_items i
    set customization = '{"options":[{"name":"Blouse Fit","chargePaise":35000}],"unit":"in","measurements":{"bust":34},"note":""}'::jsonb,
        tailoring_done_at = case when o.status in ('Shipped', 'Delivered') then o.paid_at + interval '2 days' end
    from orders o
    where o.id = i.order_id and i.id % 8 = 0`);
  await db.execute(sql`
    update orders o set subtotal_paise = s.total, total_paise = s.total
    from (select order_id, sum(quantity * unit_price_paise)::int as total from order_items group by order_id) s
    where s.order_id = o.id`);
  await db.execute(sql`vacuum analyze`);
}
