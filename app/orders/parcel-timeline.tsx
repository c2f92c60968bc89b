import type { ParcelScan } from "#contract/parcel-tracking";
import { PARCEL_MILESTONES } from "#contract/parcel-tracking-rules";
import { formatMoment } from "~/accounts/format";

/**
 * The parcel's journey with the courier, newest first: each scan in the shopper's words, with the courier's
 * own words and place beneath, and when.
 */
export function ParcelTimeline({ scans, label }: { scans: ParcelScan[]; label: string }) {
  if (scans.length === 0) return null;
  return (
    <ol aria-label={label} className="mt-3 border-l-2 border-brand-200 pl-4">
      {[...scans].reverse().map((scan, index) => (
        <li key={`${scan.at}-${scan.status}-${index}`} className="relative pb-3 last:pb-0">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full ${index === 0 ? "bg-brand-600" : "bg-brand-200"}`}
          />
          <p className={index === 0 ? "font-semibold" : ""}>{PARCEL_MILESTONES[scan.milestone]}</p>
          <p className="text-sm text-muted">
            <time dateTime={scan.at}>{formatMoment(scan.at)}</time>
            {scan.location ? ` · ${scan.location}` : ""}
          </p>
          {scan.instructions && scan.milestone === "failed-attempt" ? (
            <p className="text-sm">{scan.instructions}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
