import { useEffect } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation, href, Link } from "react-router";
import { ROLE } from "#contract/accounts-rules";
import {
  NUMBER_SETTINGS,
  RUPEE_SETTINGS,
  STORE_SETTING_CHOICES,
  STORE_SETTING_GROUPS,
  STORE_SETTING_LABELS,
  storeSettings,
  storeSettingsCall,
  updateStoreSettingsCall,
  type StoreSettingName,
} from "#contract/store-settings";
import { formatRupeesExact } from "#contract/money";
import { categoryParcelsCall, saveCategoryParcelCall } from "#contract/courier-parcels";
import {
  CATEGORY_PARCEL_INTENT,
  categoryParcelFromForm,
  CategoryParcelsSection,
  type CategoryParcelAnswer,
} from "~/shipping/category-parcels-section";
import { requireUser } from "~/accounts/guards";
import { keepThroughLogout } from "~/accounts/revalidation";
import { FormField, FormNotice } from "~/components/form-field";
import { parseWithZod } from "@conform-to/zod/v4";
import { errorOf, inputOf, selectOf, textareaOf, useContractForm, refusalOf } from "~/lib/forms";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { formText, postedForm } from "~/lib/form-values";
import { privatePageHeaders } from "~/lib/page-headers";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/store-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Store settings",
    description:
      "The delivery charge, the dispatch time, the seller's GST details, customer care and the grievance officer.",
    url: absoluteUrl(matches, href("/admin/settings")),
    noindex: true,
  });

export const headers = privatePageHeaders;
export const shouldRevalidate = keepThroughLogout;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, [ROLE.superAdmin]);
  const [result, parcels] = await Promise.all([
    context.api(storeSettingsCall),
    context.api(categoryParcelsCall),
  ]);
  const categoryParcels = parcels.ok ? parcels.data : [];
  return result.ok
    ? { ...result.data, categoryParcels, error: null }
    : { settings: null, history: [], categoryParcels, error: result.message };
}

const INPUT_TYPES: Partial<Record<StoreSettingName, "tel" | "email">> = {
  carePhone: "tel",
  careEmail: "email",
  grievanceOfficerEmail: "email",
  grievanceOfficerPhone: "tel",
};
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  if (formText(form, "intent") === CATEGORY_PARCEL_INTENT) return saveCategoryParcel(form, context);
  const submission = parseWithZod(form, { schema: storeSettings });
  if (submission.status !== "success")
    return data({ ok: false as const, message: "", reply: submission.reply() }, { status: 400 });
  const result = await context.api(updateStoreSettingsCall, submission.value);
  if (result.ok) return { ok: true as const, message: result.message, reply: submission.reply() };
  return data(
    { ok: false as const, message: result.message, reply: refusalOf(submission, result) },
    { status: result.status >= 400 ? result.status : 502 },
  );
}

/** A category's parcel form (app/shipping/category-parcels-section.tsx), through the API. */
async function saveCategoryParcel(
  form: FormData,
  context: Route.ActionArgs["context"],
): Promise<CategoryParcelAnswer> {
  const asked = categoryParcelFromForm(form);
  const kind = CATEGORY_PARCEL_INTENT;
  if (asked.errors) return { kind, ok: false, message: "Check the marked fields.", errors: asked.errors };
  const result = await context.api(saveCategoryParcelCall, asked);
  if (result.ok) return { kind, ok: true, message: result.message, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(result.errors ?? {}).map(([path, message]) => [path.replace(/^parcel\./, ""), message]),
  );
  return { kind, ok: false, message: result.message, errors };
}

const shown = (name: StoreSettingName, value: string | number) =>
  RUPEE_SETTINGS.has(name)
    ? formatRupeesExact(value as number)
    : (STORE_SETTING_CHOICES[name]?.[String(value)] ?? String(value));

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso));

export default function StoreSettingsPage() {
  const { settings, history, categoryParcels, error } = useLoaderData<typeof loader>();
  // The category parcels' forms post through fetchers of their own: this is the settings form's answer.
  const posted = useActionData<typeof action>();
  const answer = posted && !("kind" in posted) ? posted : undefined;
  const navigation = useNavigation();
  const { fields, formProps } = useContractForm(
    () => import("#contract/store-settings").then((m) => m.storeSettings),
    answer?.reply,
    {
      id: "settings",
      defaultValue: settings ?? undefined,
    },
  );

  useEffect(() => {
    if (answer?.ok) toast("success", answer.message);
  }, [answer]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-[0.15em] text-brand-700 uppercase">Super admin</p>
          <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Store settings</h1>
          <p className="mt-2 text-muted">
            Changes apply to new orders and new GST documents at once; documents already issued keep theirs.
          </p>
        </div>
        <Link to={href("/super-admin-dashboard")} className={`${BUTTON_SECONDARY} self-start sm:self-auto`}>
          Super Admin Dashboard
        </Link>
      </div>

      {error || !settings ? (
        <FormNotice tone="error" className="mt-6">
          {error ?? "The settings could not be loaded."}
        </FormNotice>
      ) : (
        <Form
          // A saved change shows the values as the store now keeps them.
          key={history[0]?.changedAt ?? "first"}
          method="post"
          {...formProps()}
          className="mt-8 space-y-5 rounded-2xl bg-white p-4 ring-1 ring-brand-100 sm:p-6"
        >
          {answer && !answer.ok && !answer.reply.error ? (
            <FormNotice tone="error">{answer.message}</FormNotice>
          ) : null}
          {STORE_SETTING_GROUPS.map((group) => (
            <fieldset key={group.legend} className="space-y-5">
              <legend className="mb-3 text-lg font-bold">{group.legend}</legend>
              {group.names.map((name) => (
                <FormField
                  key={name}
                  id={fields[name].id}
                  label={STORE_SETTING_LABELS[name]}
                  error={errorOf(fields[name])}
                >
                  {STORE_SETTING_CHOICES[name] ? (
                    <select {...selectOf(fields[name])}>
                      {Object.entries(STORE_SETTING_CHOICES[name]).map(([value, words]) => (
                        <option key={value} value={value}>
                          {words}
                        </option>
                      ))}
                    </select>
                  ) : name === "gstAddress" ? (
                    <textarea {...textareaOf(fields[name])} rows={3} />
                  ) : (
                    <input
                      {...inputOf(fields[name], INPUT_TYPES[name] ?? "text")}

                      inputMode={
                        NUMBER_SETTINGS.has(name)
                          ? RUPEE_SETTINGS.has(name)
                            ? "decimal"
                            : "numeric"
                          : undefined
                      }
                      autoCapitalize={name === "gstin" ? "characters" : undefined}
                    />
                  )}
                </FormField>
              ))}
            </fieldset>
          ))}
          <button type="submit" className={BUTTON_PRIMARY} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Saving…" : "Save settings"}
          </button>
        </Form>
      )}

      {settings ? <CategoryParcelsSection rows={categoryParcels} /> : null}

      <section aria-labelledby="history-title" className="mt-10">
        <h2 id="history-title" className="text-xl font-bold">
          Recent changes
        </h2>
        {history.length === 0 ? (
          <p className="mt-3 text-muted">
            No setting has been changed yet: the store runs on its first values.
          </p>
        ) : (
          <ol className="mt-3 space-y-2">
            {history.map((change, index) => (
              <li key={index} className="rounded-xl bg-white p-3 text-sm ring-1 ring-brand-100">
                <p className="font-semibold">{STORE_SETTING_LABELS[change.setting]}</p>
                <p className="break-words">
                  {shown(change.setting, change.from)} → {shown(change.setting, change.to)}
                </p>
                <p className="text-muted">
                  {change.changedBy.name} ({change.changedBy.email}), {when(change.changedAt)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
