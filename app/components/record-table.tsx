import type { ReactNode } from "react";

const CELL = "py-2 pr-3 align-top";

type Column<Row> = { name: string; cell: (row: Row) => ReactNode; className?: string };

/** A wide table of records that scrolls sideways on a phone, in a region a keyboard can reach. */
export function RecordTable<Row>({
  className,
  label,
  rows,
  rowKey,
  columns,
}: {
  className: string;
  label: { "aria-labelledby": string } | { "aria-label": string };
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
}) {
  return (
    <div className={`${className} overflow-x-auto`} tabIndex={0} role="region" {...label}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.name} scope="col" className={`${CELL} font-semibold`}>
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.name} className={`${CELL} ${column.className ?? ""}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
