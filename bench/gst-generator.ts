import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";

/** The financial year (April to March, India's time) of a moment, as the store writes it: 2026-27. */
const FINANCIAL_YEAR = (moment: ReturnType<typeof sql>) => sql`
  (case when extract(month from ${moment} at time zone 'Asia/Kolkata') >= 4
        then extract(year from ${moment} at time zone 'Asia/Kolkata')::int
        else extract(year from ${moment} at time zone 'Asia/Kolkata')::int - 1 end)::text || '-' ||
  lpad(((case when extract(month from ${moment} at time zone 'Asia/Kolkata') >= 4
              then extract(year from ${moment} at time zone 'Asia/Kolkata')::int
              else extract(year from ${moment} at time zone 'Asia/Kolkata')::int - 1 end + 1) % 100)::text, 2, '0')`;

/**
 * The GST documents of the generated orders, made by SQL as gst-documents.ts would have issued them: a tax
 * invoice for every paid order (issued when it was paid), its lines taxed at 5 % up to ₹2,500 a piece and 18 %
 * above; a fifth delivered to Karnataka (IGST), the rest in Telangana, the store's state (CGST + SGST); and a
 * credit note, a day later, for one paid order in 40. Numbered in each series and financial year in the order
 * of issue. For the accountant's month (bench/staff-calls.ts).
 */
export async function generateGstDocuments(db: Database) {
  const supplier = sql`jsonb_build_object('legalName', 'Rangoli Boutique', 'address', 'Hyderabad',
    'gstin', '36AABCR1234Q1Z5', 'stateCode', '36', 'state', 'Telangana')`;
  const lines = sql`(
    select jsonb_agg(jsonb_build_object(
             'description', i.name, 'size', i.size, 'hsn', '6204', 'quantity', i.quantity,
             'unitPricePaise', i.unit_price_paise, 'customisationPaise', 0, 'totalPaise', t.total,
             'rateBp', t.rate, 'taxablePaise', t.taxable,
             'cgstPaise', case when o.id % 5 = 0 then 0 else (t.total - t.taxable) / 2 end,
             'sgstPaise', case when o.id % 5 = 0 then 0 else t.total - t.taxable - (t.total - t.taxable) / 2 end,
             'igstPaise', case when o.id % 5 = 0 then t.total - t.taxable else 0 end) order by i.id)
    from order_items i
    cross join lateral (select i.quantity * i.unit_price_paise as total,
                               case when i.unit_price_paise <= 250000 then 500 else 1800 end as rate) r
    cross join lateral (select r.total, r.rate, round(r.total * 10000.0 / (10000 + r.rate))::int as taxable) t
    where i.order_id = o.id)`;
  await db.execute(sql`
    insert into gst_documents (kind, number, financial_year, sequence, order_id, issued_at, supplier, recipient,
                               place_of_supply, intra_state, lines, total_paise, taxable_paise, cgst_paise,
                               sgst_paise, igst_paise)
    select 'invoice', 'INV/' || substr(fy, 3) || '/' || lpad(seq::text, 6, '0'), fy, seq, id, paid_at,
           ${supplier}, recipient, place, intra, lines, total, taxable, cgst, sgst, igst
    from (
      select o.id, o.paid_at, f.fy, row_number() over (partition by f.fy order by o.paid_at, o.id) as seq,
             jsonb_build_object('name', o.shipping_address->>'fullName', 'address', o.shipping_address->>'address',
               'state', o.shipping_address->>'state', 'phone', o.shipping_address->>'phone',
               'email', o.shipping_address->>'email') as recipient,
             case when o.id % 5 = 0 then '29-Karnataka' else '36-Telangana' end as place,
             o.id % 5 <> 0 as intra, l.lines,
             (select sum((x->>'totalPaise')::int) from jsonb_array_elements(l.lines) x)::int as total,
             (select sum((x->>'taxablePaise')::int) from jsonb_array_elements(l.lines) x)::int as taxable,
             (select sum((x->>'cgstPaise')::int) from jsonb_array_elements(l.lines) x)::int as cgst,
             (select sum((x->>'sgstPaise')::int) from jsonb_array_elements(l.lines) x)::int as sgst,
             (select sum((x->>'igstPaise')::int) from jsonb_array_elements(l.lines) x)::int as igst
      from orders o
      cross join lateral (select ${FINANCIAL_YEAR(sql`o.paid_at`)} as fy) f
      cross join lateral (select ${lines} as lines) l
      where o.paid_at is not null
    ) issued`);
  await db.execute(sql`
    insert into gst_documents (kind, number, financial_year, sequence, order_id, invoice_id, issued_at, supplier,
                               recipient, place_of_supply, intra_state, lines, total_paise, taxable_paise,
                               cgst_paise, sgst_paise, igst_paise, reason)
    select 'credit_note', 'CN/' || substr(fy, 3) || '/' || lpad(seq::text, 6, '0'), fy, seq, order_id, id,
           issued, supplier, recipient, place_of_supply, intra_state, lines, total_paise, taxable_paise,
           cgst_paise, sgst_paise, igst_paise, 'the order was cancelled by the store and its payment refunded'
    from (
      select d.*, c.issued, f.fy, row_number() over (partition by f.fy order by c.issued, d.id) as seq
      from gst_documents d
      cross join lateral (select least(d.issued_at + interval '1 day', now()) as issued) c
      cross join lateral (select ${FINANCIAL_YEAR(sql`c.issued`)} as fy) f
      where d.kind = 'invoice' and d.order_id % 40 = 0
    ) cancelled`);
  await db.execute(sql`vacuum analyze gst_documents`);
}
