import { useRef, useState, type FormEvent } from "react";
import type { Address, AddressInput } from "#contract/addresses";
import {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  isPincode,
  pincodeProblem,
  type AddressField,
  type PincodePlace,
} from "#contract/addresses-rules";
import { STATE_NAMES } from "#contract/indian-states";
import { controlProps, FormField } from "~/components/form-field";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
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

/** The form's fields in its order: the pincode early, as it fills city, district and state. */
const FORM_ORDER: AddressField[] = ["name", "phone", "pincode", "address", "city", "state", "country"];

type Problems = Partial<Record<AddressField, string>>;

/** The address calls and their schemas: loaded when the form is first used, not with checkout. */
const addressCalls = () => import("#contract/addresses");

/**
 * The contract's checks, the server's own (addressInput), in the spec's words: a missing field first, then its
 * format; and, once the pincode directory has answered, whether the pincode is in the chosen state.
 */
async function problemsOf(values: AddressInput, place: PincodePlace | null | undefined): Promise<Problems> {
  const problems: Problems = {};
  const { addressInput } = await addressCalls();
  const parsed = addressInput.safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddressField;
      problems[field] ??= issue.message;
    }
  const pincode = values.pincode.replace(/\s/g, "");
  if (!problems.pincode && !problems.state && place !== undefined) {
    const problem = pincodeProblem(place ?? undefined, pincode, values.state);
    if (problem) problems.pincode = problem;
  }
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
  const [values, setValues] = useState<AddressInput>(() =>
    address
      ? {
          ...address,
          // A state saved as free text before the list: the shopper chooses it again.
          state: (STATE_NAMES as readonly string[]).includes(address.state) ? address.state : "",
        }
      : EMPTY,
  );
  const [district, setDistrict] = useState(address?.district ?? "");
  const [errors, setErrors] = useState<Problems>(() =>
    address?.problem ? { state: ADDRESS_MESSAGES.stateFromList } : {},
  );
  // The directory's answer for the pincode typed: undefined until asked, null for one it does not have.
  const [place, setPlace] = useState<PincodePlace | null | undefined>(undefined);
  const asked = useRef<string | null>(null);
  const cityFilled = useRef<string | null>(null);
  const [saving, setSaving] = useState(false);
  // What is typed before the page's scripts run would be lost when they take over: wait for them.
  const hydrated = useHydrated();
  const idOf = (field: AddressField | "district") => `address-${address?.id ?? "new"}-${field}`;

  /** A full pincode fills city (unless the shopper wrote her own), district and state from the directory. */
  async function lookUp(pincode: string) {
    asked.current = pincode;
    const { pincodeCall } = await addressCalls();
    const result = await browserApi(pincodeCall, { pincode });
    if (asked.current !== pincode) return;
    if (!result.ok) {
      setPlace(result.status === 404 ? null : undefined);
      if (result.status === 404)
        setErrors((now) => ({ ...now, pincode: ADDRESS_MESSAGES.unknownPincode(pincode) }));
      return;
    }
    const found = result.data;
    setPlace({ pincode, districts: found.districts });
    setDistrict(found.district);
    setValues((now) => {
      const keepCity = now.city.trim() !== "" && now.city !== cityFilled.current;
      cityFilled.current = keepCity ? cityFilled.current : found.city;
      const inState = found.districts.some((entry) => entry.state === now.state);
      return { ...now, city: keepCity ? now.city : found.city, state: inState ? now.state : found.state };
    });
    setErrors((now) => ({ ...now, pincode: undefined, state: undefined, city: undefined }));
  }

  function change(name: AddressField, value: string) {
    setValues({ ...values, [name]: value });
    setErrors({ ...errors, [name]: undefined, ...(name === "state" ? { pincode: undefined } : {}) });
    if (name === "pincode") {
      const pincode = value.replace(/\s/g, "");
      setPlace(undefined);
      asked.current = null;
      if (isPincode(pincode)) void lookUp(pincode);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = await problemsOf(values, place);
    setErrors(problems);
    const first = FORM_ORDER.find((field) => problems[field]);
    if (first) {
      const missing = problems[first] === ADDRESS_MESSAGES.required(first);
      toast("error", missing ? ADDRESS_MESSAGES.fillAllFields : "Check the address", problems[first]);
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setSaving(true);
    const { addAddressCall, updateAddressCall } = await addressCalls();
    const result = address
      ? await browserApi(updateAddressCall, { ...values, id: address.id })
      : await browserApi(addAddressCall, values);
    setSaving(false);
    if (!result.ok) {
      setErrors((result.errors ?? {}) as Problems);
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
        onChange={(event) => change(name, event.target.value)}
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
      {address?.problem ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200 sm:col-span-2">
          {address.problem}
        </p>
      ) : null}
      {field("name", { autoComplete: "name" })}
      {field("phone", { autoComplete: "tel-national", inputMode: "tel" })}
      {field("pincode", { autoComplete: "postal-code", inputMode: "numeric" })}
      <div className="hidden sm:block" aria-hidden="true" />
      <div className="sm:col-span-2">{field("address", { autoComplete: "street-address" })}</div>
      {field("city", { autoComplete: "address-level2" })}
      <FormField id={idOf("district")} label="District">
        <input
          {...controlProps(idOf("district"), undefined)}
          value={district}
          readOnly
          placeholder="From the pincode"
          tabIndex={-1}
          className={`${controlProps(idOf("district"), undefined).className} bg-brand-50 text-muted`}
        />
      </FormField>
      <FormField id={idOf("state")} label={ADDRESS_FIELDS.state} error={errors.state}>
        <select
          {...controlProps(idOf("state"), errors.state)}
          name="state"
          value={values.state}
          disabled={!hydrated}
          autoComplete="address-level1"
          onChange={(event) => change("state", event.target.value)}
        >
          <option value="">Choose a state or union territory</option>
          {STATE_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </FormField>
      {field("country", { autoComplete: "country-name" })}
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
