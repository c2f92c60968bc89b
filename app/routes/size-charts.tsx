import type { ComponentProps } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import { MEASUREMENT_UNITS, saveSizeChartCall, staffSizeChartsCall } from "#contract/size-charts";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import {
  chartOf,
  fieldErrors,
  measurementField,
  postedLayout,
  sizeField,
  valueField,
} from "~/admin/size-chart-form";
import { errorIdOf, FormNotice } from "~/components/form-field";
import { BUTTON_PRIMARY } from "~/components/styles";
import { formText, postedForm } from "~/lib/form-values";
import { privatePageHeaders } from "~/lib/page-headers";
import { actionOrFailure } from "~/lib/request-failure";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/size-charts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Size charts",
    description: "The size chart of each category.",
    url: absoluteUrl(matches, href("/admin/size-charts")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** Blank rows and one blank measurement the form offers for adding to a chart. */
const SPARE_ROWS = 2;
const SPARE_MEASUREMENTS = 1;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const result = await context.api(staffSizeChartsCall);
  if (!result.ok) throw new Response(result.message, { status: result.status || 502 });
  return { charts: result.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const form = await postedForm(request);
  const categoryId = formText(form, "categoryId");
  const layout = postedLayout(form);
  const { chart, columnAt, rowAt } = chartOf(layout);
  const result = await context.api(saveSizeChartCall, { categoryId, chart });
  const { cells, general } = fieldErrors(result.ok ? undefined : result.errors, { columnAt, rowAt });
  return data(
    {
      categoryId: Number(categoryId),
      ok: result.ok,
      message: result.message,
      cells,
      general,
      // What was sent, shown again in the form when it is refused (a page loaded anew shows the saved chart).
      layout: result.ok ? null : layout,
    },
    { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 },
  );
}

export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) => ({
    categoryId: Number(formText(form, "categoryId")),
    ok: false,
    message: "Something went wrong. Please try again.",
    cells: {},
    general: [],
    layout: null,
  }));

const CELL_INPUT = "w-full min-w-16 rounded border bg-white px-2 py-1.5";

/** The answer to a save: done, or how many cells are marked and any problem of no one cell. */
function noticeOf(answer: { ok: boolean; message: string; general: string[] }, badCells: number): string {
  if (answer.ok) return answer.message;
  const problems = [
    ...(badCells === 1 ? ["1 cell needs fixing: it is marked above."] : []),
    ...(badCells > 1 ? [`${badCells} cells need fixing: each is marked above.`] : []),
    ...answer.general,
  ];
  return problems.length > 0 ? problems.join(" ") : answer.message;
}

/** A cell of a chart's form, with its own problem under it when the server named one. */
function CellInput({
  error,
  className = "",
  ...input
}: ComponentProps<"input"> & { id: string; error: string | undefined }) {
  return (
    <>
      <input
        {...input}
        className={`${CELL_INPUT} ${error ? "border-2 border-red-700" : "border-muted/70"} ${className}`}
      />
      {error ? (
        <p id={errorIdOf(input.id)} className="mt-0.5 max-w-40 text-xs font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** Staff edit the size chart of each category, which every product of it shows in its Size Guide. */
export default function SizeCharts() {
  const { charts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={href("/admin-dashboard")} className="hover:text-brand-700">
          Admin Dashboard
        </Link>{" "}
        / Size charts
      </nav>
      <h1 className="mt-2 text-3xl font-bold">Size charts</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Each category's chart is what the Size Guide of its products shows. Give measurements in inches or
        centimetres (shoppers can read inches in centimetres too); a value is a number or a range such as
        92-98. To take out a size or a measurement, empty its name.
      </p>
      {charts.map(({ category, chart, charted }) => {
        const saving =
          navigation.state !== "idle" && navigation.formData?.get("categoryId") === String(category.id);
        const shown = answer?.categoryId === category.id ? answer : undefined;
        // A refused chart is shown as it was sent, each bad cell marked with its own message.
        const { measurements, rows } = shown?.layout ?? {
          measurements: [
            ...chart.measurements,
            ...Array.from({ length: SPARE_MEASUREMENTS }, () => ({ name: "", unit: "in" as const })),
          ],
          rows: [
            ...chart.rows,
            ...Array.from({ length: SPARE_ROWS }, () => ({ size: "", values: [] as string[] })),
          ],
        };
        const cells: Record<string, string> = shown?.cells ?? {};
        const badCells = Object.keys(cells).length;
        const headingId = `chart-${category.id}`;
        /** What a cell's control needs to show its problem: marked invalid, described by its message. */
        const cell = (field: string) => {
          const error = cells[field];
          const id = `${headingId}-${field}`;
          return {
            name: field,
            id,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorIdOf(id) : undefined,
            error,
          };
        };
        return (
          <section
            key={category.id}
            aria-labelledby={headingId}
            className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6"
          >
            <h2 id={headingId} className="text-xl font-bold">
              {category.name}{" "}
              {charted ? null : <span className="text-sm font-normal text-muted">(the default chart)</span>}
            </h2>
            <Form method="post" className="mt-4">
              <input type="hidden" name="categoryId" value={category.id} />
              <input type="hidden" name="measurementCount" value={measurements.length} />
              <input type="hidden" name="rowCount" value={rows.length} />
              <div className="overflow-x-auto">
                <table className="text-sm">
                  <caption className="sr-only">Size chart of {category.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="pr-2 pb-2 text-left">
                        Size
                      </th>
                      {measurements.map((measurement, column) => (
                        <th key={column} scope="col" className="pr-2 pb-2 text-left align-bottom font-normal">
                          <CellInput
                            {...cell(measurementField(column, "name"))}
                            defaultValue={measurement.name}
                            aria-label={`Measurement ${column + 1} of ${category.name}`}
                            placeholder="New measurement"
                            className="font-semibold"
                          />
                          <select
                            name={measurementField(column, "unit")}
                            defaultValue={measurement.unit}
                            aria-label={`Unit of measurement ${column + 1} of ${category.name}`}
                            className={`${CELL_INPUT} mt-1 border-muted/70`}
                          >
                            {MEASUREMENT_UNITS.map((unit) => (
                              <option key={unit} value={unit}>
                                {unit === "in" ? "inches" : "cm"}
                              </option>
                            ))}
                          </select>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, index) => (
                      <tr key={index}>
                        <td className="pr-2 pb-1 align-top">
                          <CellInput
                            {...cell(sizeField(index))}
                            defaultValue={row.size}
                            aria-label={`Size in row ${index + 1} of ${category.name}`}
                            placeholder="New size"
                            className="font-semibold"
                          />
                        </td>
                        {measurements.map((measurement, column) => (
                          <td key={column} className="pr-2 pb-1 align-top">
                            <CellInput
                              {...cell(valueField(index, column))}
                              defaultValue={row.values[column] ?? ""}
                              inputMode="decimal"
                              aria-label={`${measurement.name || `Measurement ${column + 1}`} ${row.size ? `of size ${row.size}` : `in row ${index + 1}`}, ${category.name}`}
                            />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {shown ? (
                <FormNotice tone={shown.ok ? "success" : "error"} className="mt-4">
                  <p role={shown.ok ? "status" : "alert"}>{noticeOf(shown, badCells)}</p>
                </FormNotice>
              ) : null}
              <button type="submit" disabled={saving} className={`${BUTTON_PRIMARY} mt-4`}>
                {saving ? "Saving..." : `Save ${category.name} chart`}
              </button>
            </Form>
          </section>
        );
      })}
    </div>
  );
}
