import { useState } from "react";
import { DialogHeader, ModalDialog } from "~/components/modal-dialog";

const WOMEN = [
  ["XS", "32", "26", "34"],
  ["S", "34", "28", "36"],
  ["M", "36", "30", "38"],
  ["L", "38", "32", "40"],
  ["XL", "40", "34", "42"],
  ["XXL", "42", "36", "44"],
  ["XXXL", "44", "38", "46"],
];
const KIDS = [
  ["2-3", "22", "20", "92-98"],
  ["4-5", "23", "21", "104-110"],
  ["6-7", "25", "22", "116-122"],
  ["8-9", "27", "23", "128-134"],
  ["10-11", "29", "24", "140-146"],
  ["12-13", "31", "25", "152-158"],
  ["14+", "33", "26", "164+"],
];

export function SizeGuide({ kids }: { kids: boolean }) {
  const [open, setOpen] = useState(false);
  const rows = kids ? KIDS : WOMEN;
  const headings = kids
    ? ["Size (years)", "Chest (in)", "Waist (in)", "Height (cm)"]
    : ["Size", "Bust (in)", "Waist (in)", "Hip (in)"];
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-semibold text-brand-700 underline"
        aria-haspopup="dialog"
      >
        Size Guide
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="size-guide-title"
        className="m-auto w-[min(92vw,520px)] rounded-lg bg-white p-0"
      >
        <div className="p-5">
          <DialogHeader
            id="size-guide-title"
            title="Size Guide"
            closeLabel="Close size guide"
            onClose={() => setOpen(false)}
          />
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Body measurements for each size</caption>
            <thead>
              <tr className="border-b border-brand-200">
                {headings.map((heading) => (
                  <th key={heading} scope="col" className="py-2 pr-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([size, ...values]) => (
                <tr key={size} className="border-b border-brand-100">
                  <th scope="row" className="py-2 pr-2 font-semibold">
                    {size}
                  </th>
                  {values.map((value, index) => (
                    <td key={index} className="py-2 pr-2">
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-muted">
            Between two sizes? Pick the larger one: our tailors can take in the fit for free before dispatch.
          </p>
        </div>
      </ModalDialog>
    </>
  );
}
