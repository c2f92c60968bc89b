import { useState } from "react";
import type { SizeChart } from "#contract/size-charts";
import { DialogHeader, ModalDialog, openerProps } from "~/components/modal-dialog";
import { SizeChartTable } from "./size-chart-table";

/** The Size Guide's dialog, which opens as a popover before the page's scripts run (or without them). */
const SIZE_GUIDE_POPOVER = "size-guide";

/** The Size Guide link and its dialog: the chart of the product's category. */
export function SizeGuide({ chart }: { chart: SizeChart }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        {...openerProps(SIZE_GUIDE_POPOVER, () => setOpen(true))}
        className="text-sm font-semibold text-brand-700 underline"
        aria-haspopup="dialog"
      >
        Size Guide
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="size-guide-title"
        popoverId={SIZE_GUIDE_POPOVER}
        className="m-auto w-[min(92vw,520px)] rounded-lg bg-white p-0"
      >
        <div className="p-5">
          <DialogHeader
            id="size-guide-title"
            title="Size Guide"
            closeLabel="Close size guide"
            onClose={() => setOpen(false)}
            popoverId={SIZE_GUIDE_POPOVER}
          />
          <div className="mt-4">
            <SizeChartTable chart={chart} />
          </div>
          <p className="mt-3 text-sm text-muted">
            Between two sizes? Pick the larger one: our tailors can take in the fit for free before dispatch.
          </p>
        </div>
      </ModalDialog>
    </>
  );
}
