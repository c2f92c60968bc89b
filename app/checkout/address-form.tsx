import { useState, type FormEvent } from "react";
import {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  isPincode,
  type Address,
  type AddressField,
  type AddressInput,
} from "#contract/addresses";
import { normalizePhone } from "#contract/accounts-rules";
import { controlProps, FormField } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { addAddressCall, updateAddressCall } from "#contract/addresses";
import { useHydrated } from "~/lib/hydration";

const EMPTY: AddressInput = {
  name: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  country: "India",
  pincode: "",
};

/** The field checks the server makes too, in the spec's words: a missing field first, then its format. */
function problemsOf(values: AddressInput): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  for (const field of Object.keys(ADDRESS_FIELDS) as AddressField[])
    if (!values[field].trim()) problems[field] = ADDRESS_MESSAGES.required(field);
  if (!problems.phone && normalizePhone(values.phone) === null)
    problems.phone = ADDRESS_MESSAGES.phoneInvalid;
  if (!problems.pincode && !isPincode(values.pincode.replace(/\s/g, "")))
    problems.pincode = ADDRESS_MESSAGES.pincodeInvalid;
  return problems;
}

/** Adds a delivery address to the shopper's address book, or edits one. */
export function AddressForm({
  address,
  onSaved,
  onCancel,
}: {
  address?: Address;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<AddressInput>(address ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [saving, setSaving] = useState(false);
  // What is typed before the page's scripts run would be lost when they take over: wait for them.
  const hydrated = useHydrated();
  const idOf = (field: AddressField) => `address-${address?.id ?? "new"}-${field}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = problemsOf(values);
    setErrors(problems);
    const first = (Object.keys(ADDRESS_FIELDS) as AddressField[]).find((field) => problems[field]);
    if (first) {
      const missing = problems[first] === ADDRESS_MESSAGES.required(first);
      toast("error", missing ? ADDRESS_MESSAGES.fillAllFields : "Check the address", problems[first]);
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setSaving(true);
    const api = browserApi;
    const result = address
      ? await api(updateAddressCall, { ...values, id: address.id })
      : await api(addAddressCall, values);
    setSaving(false);
    if (!result.ok) {
      setErrors((result.errors ?? {}) as Partial<Record<AddressField, string>>);
      toast("error", "Error", result.status === 400 ? result.message : "Failed to save address.");
      return;
    }
    onSaved(result.data);
  }

  const field = (name: AddressField, props: { autoComplete: string; inputMode?: "tel" | "numeric" }) => (
    <FormField id={idOf(name)} label={ADDRESS_FIELDS[name]} error={errors[name]}>
      <input
        {...controlProps(idOf(name), errors[name])}
        name={name}
        value={values[name]}
        disabled={!hydrated}
        autoComplete={props.autoComplete}
        {...(props.inputMode ? { inputMode: props.inputMode } : {})}
        onChange={(event) => {
          setValues({ ...values, [name]: event.target.value });
          setErrors({ ...errors, [name]: undefined });
        }}
      />
    </FormField>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-2xl bg-brand-50/60 p-4 ring-1 ring-brand-100 sm:grid-cols-2 sm:p-5"
    >
      <h3 className="text-lg font-bold sm:col-span-2">{address ? "Edit address" : "New delivery address"}</h3>
      {field("name", { autoComplete: "name" })}
      {field("phone", { autoComplete: "tel-national", inputMode: "tel" })}
      <div className="sm:col-span-2">{field("address", { autoComplete: "street-address" })}</div>
      {field("city", { autoComplete: "address-level2" })}
      {field("state", { autoComplete: "address-level1" })}
      {field("country", { autoComplete: "country-name" })}
      {field("pincode", { autoComplete: "postal-code", inputMode: "numeric" })}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className={BUTTON_PRIMARY} disabled={saving}>
          {saving ? "Saving..." : "Save address"}
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
