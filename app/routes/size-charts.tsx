import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { STAFF_ROLES } from "#contract/accounts-rules";
import {
  MEASUREMENT_UNITS,
  saveSizeChartCall,
  staffSizeChartsCall,
  type SizeChart,
} from "#contract/size-charts";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/private-page";
import { FormNotice } from "~/components/form-field";
import { Link } from "~/components/navigation";
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
    url: absoluteUrl(matches, "/admin/size-charts"),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

/** Blank rows and one blank measurement the form offers for adding to a chart. */
const SPARE_ROWS = 2;
const SPARE_MEASUREMENTS = 1;
const MAX_FIELDS = 40;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const result = await context.api(staffSizeChartsCall);
  if (!result.ok) throw new Response(result.message, { status: result.status || 502 });
  return { charts: result.data };
}

/** The chart a category's form posted: a measurement without a name and a row left blank are dropped. */
function chartFrom(form: FormData): SizeChart {
  const count = (name: string) => Math.min(MAX_FIELDS, Math.max(0, Number(formText(form, name)) || 0));
  const columns = [...Array(count("measurementCount")).keys()].filter(
    (column) => formText(form, `m${column}-name`).trim() !== "",
  );
  return {
    measurements: columns.map((column) => ({
      name: formText(form, `m${column}-name`),
      unit: formText(form, `m${column}-unit`) === "cm" ? "cm" : "in",
    })),
    rows: [...Array(count("rowCount")).keys()]
      .map((row) => ({
        size: formText(form, `r${row}-size`),
        values: columns.map((column) => formText(form, `r${row}-v${column}`)),
      }))
      .filter((row) => row.size.trim() !== "" || row.values.some((value) => value.trim() !== "")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context, STAFF_ROLES);
  const form = await postedForm(request);
  const categoryId = formText(form, "categoryId");
  const result = await context.api(saveSizeChartCall, { categoryId, chart: chartFrom(form) });
  return data(
    { categoryId: Number(categoryId), ok: result.ok, message: result.message },
    { status: result.ok ? 200 : result.status >= 400 ? result.status : 502 },
  );
}

export const clientAction = (args: Route.ClientActionArgs) =>
  actionOrFailure(args, (form) => ({
    categoryId: Number(formText(form, "categoryId")),
    ok: false,
    message: "Something went wrong. Please try again.",
  }));

const CELL_INPUT = "w-full min-w-16 rounded border border-muted/70 bg-white px-2 py-1.5";

/** Staff edit the size chart of each category, which every product of it shows in its Size Guide. */
export default function SizeCharts() {
  const { charts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin-dashboard" className="hover:text-brand-700">
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
        const measurements = [
          ...chart.measurements,
          ...Array.from({ length: SPARE_MEASUREMENTS }, () => ({ name: "", unit: "in" as const })),
        ];
        const rows = [
          ...chart.rows,
          ...Array.from({ length: SPARE_ROWS }, () => ({ size: "", values: [] as string[] })),
        ];
        const saving =
          navigation.state !== "idle" && navigation.formData?.get("categoryId") === String(category.id);
        const shown = answer?.categoryId === category.id ? answer : undefined;
        const headingId = `chart-${category.id}`;
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
                          <input
                            name={`m${column}-name`}
                            defaultValue={measurement.name}
                            aria-label={`Measurement ${column + 1} of ${category.name}`}
                            placeholder="New measurement"
                            className={`${CELL_INPUT} font-semibold`}
                          />
                          <select
                            name={`m${column}-unit`}
                            defaultValue={measurement.unit}
                            aria-label={`Unit of measurement ${column + 1} of ${category.name}`}
                            className={`${CELL_INPUT} mt-1`}
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
                        <td className="pr-2 pb-1">
                          <input
                            name={`r${index}-size`}
                            defaultValue={row.size}
                            aria-label={`Size in row ${index + 1} of ${category.name}`}
                            placeholder="New size"
                            className={`${CELL_INPUT} font-semibold`}
                          />
                        </td>
                        {measurements.map((measurement, column) => (
                          <td key={column} className="pr-2 pb-1">
                            <input
                              name={`r${index}-v${column}`}
                              defaultValue={row.values[column] ?? ""}
                              inputMode="decimal"
                              aria-label={`${measurement.name || `Measurement ${column + 1}`} ${row.size ? `of size ${row.size}` : `in row ${index + 1}`}, ${category.name}`}
                              className={CELL_INPUT}
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
                  <p role={shown.ok ? "status" : "alert"}>{shown.message}</p>
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
