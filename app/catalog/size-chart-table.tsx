import { useEffect, useId, useRef, useState, type RefObject } from "react";
import type { SizeChart } from "#contract/size-charts";

/** A measurement in inches (or an inch range such as 20-22, or 14+) in whole centimetres. */
const inCentimetres = (value: string) =>
  value.replace(/\d+(\.\d+)?/g, (inches) => String(Math.round(Number(inches) * 2.54)));

// Shown while the chart's "Centimetres" radio is checked, and hidden then: CSS alone, so the switch works
// before the page's scripts run, and a screen reader reads only the unit that shows.
const WHEN_CM = "hidden group-has-[[value=cm]:checked]/units:inline";
const WHEN_INCHES = "group-has-[[value=cm]:checked]/units:hidden";

/** Whether the element is narrower than what it holds (it scrolls sideways), as its size changes. */
function useScrollsSideways(element: RefObject<HTMLElement | null>) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = element.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

/**
 * Shadows at the sides that have more of the table to scroll to: the covers scroll with the content
 * (`local`) and hide the shadows (`scroll`) at an end, so the shadows show only where there is more. CSS
 * alone: it works before the page's scripts run.
 */
const SCROLL_SHADOWS =
  "bg-[linear-gradient(to_right,white_30%,transparent),linear-gradient(to_left,white_30%,transparent),radial-gradient(farthest-side_at_0_50%,rgb(0_0_0/0.18),transparent),radial-gradient(farthest-side_at_100%_50%,rgb(0_0_0/0.18),transparent)] bg-[length:40px_100%,40px_100%,14px_100%,14px_100%] bg-[position:left_center,right_center,left_center,right_center] bg-no-repeat [background-attachment:local,local,scroll,scroll]";

/**
 * A category's size chart (contract/size-charts.ts) as a table with a header row and a header cell per
 * size; measurements kept in inches can be read in centimetres too.
 */
export function SizeChartTable({ chart }: { chart: SizeChart }) {
  const id = useId();
  const region = useRef<HTMLDivElement>(null);
  const scrollsSideways = useScrollsSideways(region);
  const inches = chart.measurements.some((measurement) => measurement.unit === "in");
  return (
    <div className="group/units">
      {inches ? (
        <fieldset className="flex gap-5 text-sm">
          <legend className="sr-only">Units</legend>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" name={`${id}-units`} value="in" defaultChecked className="accent-brand-600" />
            Inches
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" name={`${id}-units`} value="cm" className="accent-brand-600" />
            Centimetres
          </label>
        </fieldset>
      ) : null}
      {scrollsSideways ? (
        <p className="mt-3 text-xs text-muted" id={`${id}-hint`}>
          Swipe the table sideways to see every measurement →
        </p>
      ) : null}
      {/* A phone scrolls the wide table sideways: focusable so the keyboard can scroll it too. */}
      <div
        ref={region}
        className={`mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 ${SCROLL_SHADOWS}`}
        {...(scrollsSideways ? { "aria-describedby": `${id}-hint` } : {})}
        tabIndex={0}
        role="region"
        aria-label="Size chart"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Body measurements for each size</caption>
          <thead>
            <tr className="border-b border-brand-200">
              <th scope="col" className="py-2 pr-3">
                Size
              </th>
              {chart.measurements.map((measurement) => (
                <th key={measurement.name} scope="col" className="py-2 pr-3 whitespace-nowrap">
                  {measurement.unit === "in" ? (
                    <>
                      <span className={WHEN_INCHES}>{measurement.name} (in)</span>
                      <span className={WHEN_CM}>{measurement.name} (cm)</span>
                    </>
                  ) : (
                    `${measurement.name} (cm)`
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.size} className="border-b border-brand-100">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {row.size}
                </th>
                {row.values.map((value, index) => (
                  <td key={index} className="py-2 pr-3 tabular-nums">
                    {chart.measurements[index]?.unit === "in" ? (
                      <>
                        <span className={WHEN_INCHES}>{value}</span>
                        <span className={WHEN_CM}>{inCentimetres(value)}</span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
