import { sql } from "drizzle-orm";
import type { GstSummary } from "../../contract/books";
import { selectRows, type Database } from "../db/client";

/** A month's amounts in paise, as summed from the documents' own lines and totals. */
export type PaiseAmounts = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/** The summary in paise: GstSummary's tables before the amounts become rupees at the edge. */
export type GstSummaryPaise = {
  month: string;
  b2c: ({ placeOfSupply: string; rateBp: number } & PaiseAmounts)[];
  hsn: ({ hsn: string; rateBp: number; quantity: number } & PaiseAmounts)[];
  documents: ({
    kind: "invoice" | "credit-note";
    number: string;
    date: string;
    orderId: string;
    invoiceNumber: string | null;
    placeOfSupply: string;
  } & PaiseAmounts)[];
  series: GstSummary["series"];
  invoices: { count: number } & PaiseAmounts;
  creditNotes: { count: number } & PaiseAmounts;
  net: PaiseAmounts;
};

type AmountRow = { taxable: string; cgst: string; sgst: string; igst: string; total: string };
const amountsOf = (row: AmountRow): PaiseAmounts => ({
  taxablePaise: Number(row.taxable),
  cgstPaise: Number(row.cgst),
  sgstPaise: Number(row.sgst),
  igstPaise: Number(row.igst),
  totalPaise: Number(row.total),
});

/** A credit note's lines count against the month's supplies. */
const SIGN = sql`case d.kind when 'credit_note' then -1 else 1 end`;
/** The sums of a line field over the month's documents, signed. */
const lineSums = sql`
  coalesce(sum(${SIGN} * (l->>'taxablePaise')::bigint), 0) as taxable,
  coalesce(sum(${SIGN} * (l->>'cgstPaise')::bigint), 0) as cgst,
  coalesce(sum(${SIGN} * (l->>'sgstPaise')::bigint), 0) as sgst,
  coalesce(sum(${SIGN} * (l->>'igstPaise')::bigint), 0) as igst,
  coalesce(sum(${SIGN} * (l->>'totalPaise')::bigint), 0) as total`;

/**
 * The accountant's month (issue 38): every figure summed from the GST documents as they were issued and
 * stored (gst.tables.ts), line by line, so that any line a document holds (a delivery charge's SAC line as
 * much as a garment's) counts as it is printed, and the totals agree to the paisa with the PDFs, which are
 * drawn from the same rows. A month is India's calendar month of the document's issue; credit notes are
 * taken off in the month they are issued, as the monthly return nets them.
 */
export function createGstSummary({ db }: { db: Database }) {
  async function month(month: string): Promise<GstSummaryPaise> {
    const [year, monthNumber] = month.split("-").map(Number) as [number, number];
    const from = sql`make_timestamptz(${year}, ${monthNumber}, 1, 0, 0, 0, 'Asia/Kolkata')`;
    const inMonth = sql`d.issued_at >= ${from} and d.issued_at < ${from} + interval '1 month'`;
    const lines = sql`from gst_documents d cross join lateral jsonb_array_elements(d.lines) l where ${inMonth}`;

    const b2c = await selectRows<AmountRow & { place_of_supply: string; rate_bp: number }>(
      db,
      sql`select d.place_of_supply, (l->>'rateBp')::int as rate_bp, ${lineSums}
          ${lines}
          group by d.place_of_supply, rate_bp
          order by d.place_of_supply, rate_bp`,
    );
    const hsn = await selectRows<AmountRow & { hsn: string; rate_bp: number; quantity: string }>(
      db,
      sql`select l->>'hsn' as hsn, (l->>'rateBp')::int as rate_bp,
                 coalesce(sum(${SIGN} * (l->>'quantity')::int), 0) as quantity, ${lineSums}
          ${lines}
          group by hsn, rate_bp
          order by hsn, rate_bp`,
    );
    const documents = await selectRows<
      AmountRow & {
        kind: "invoice" | "credit_note";
        number: string;
        day: string;
        order_id: string;
        invoice_number: string | null;
        place_of_supply: string;
      }
    >(
      db,
      sql`select d.kind, d.number, to_char(d.issued_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day,
                 o.public_id as order_id, i.number as invoice_number, d.place_of_supply,
                 d.taxable_paise as taxable, d.cgst_paise as cgst, d.sgst_paise as sgst,
                 d.igst_paise as igst, d.total_paise as total
          from gst_documents d
          join orders o on o.id = d.order_id
          left join gst_documents i on i.id = d.invoice_id
          where ${inMonth}
          order by d.kind desc, d.financial_year, d.sequence`,
    );

    const rows = documents.map((row) => ({
      kind: row.kind === "invoice" ? ("invoice" as const) : ("credit-note" as const),
      number: row.number,
      date: row.day,
      orderId: row.order_id,
      invoiceNumber: row.invoice_number,
      placeOfSupply: row.place_of_supply,
      ...amountsOf(row),
    }));
    const totalOf = (kind: "invoice" | "credit-note") => {
      const own = rows.filter((row) => row.kind === kind);
      const sum = (key: keyof PaiseAmounts) => own.reduce((total, row) => total + row[key], 0);
      return {
        count: own.length,
        taxablePaise: sum("taxablePaise"),
        cgstPaise: sum("cgstPaise"),
        sgstPaise: sum("sgstPaise"),
        igstPaise: sum("igstPaise"),
        totalPaise: sum("totalPaise"),
      };
    };
    const invoices = totalOf("invoice");
    const creditNotes = totalOf("credit-note");
    const net = (key: keyof PaiseAmounts) => invoices[key] - creditNotes[key];
    return {
      month,
      b2c: b2c.map((row) => ({
        placeOfSupply: row.place_of_supply,
        rateBp: Number(row.rate_bp),
        ...amountsOf(row),
      })),
      hsn: hsn.map((row) => ({
        hsn: row.hsn,
        rateBp: Number(row.rate_bp),
        quantity: Number(row.quantity),
        ...amountsOf(row),
      })),
      documents: rows,
      series: (["invoice", "credit-note"] as const).flatMap((kind) => {
        const own = rows.filter((row) => row.kind === kind);
        return own.length === 0
          ? []
          : [{ kind, from: own[0]!.number, to: own.at(-1)!.number, count: own.length }];
      }),
      invoices,
      creditNotes,
      net: {
        taxablePaise: net("taxablePaise"),
        cgstPaise: net("cgstPaise"),
        sgstPaise: net("sgstPaise"),
        igstPaise: net("igstPaise"),
        totalPaise: net("totalPaise"),
      },
    };
  }

  return { month };
}

export type GstSummaryService = ReturnType<typeof createGstSummary>;
