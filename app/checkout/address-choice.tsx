import type { Address } from "#contract/addresses";
import { formatMobile } from "~/accounts/format";
import { TEXT_LINK } from "~/components/styles";
import { AddressForm } from "./address-form";
import { DeliveryEstimate } from "./delivery-estimate";

/** Which address is being edited: one of the book's, a new one, or none. */
export type AddressEditing = number | "new" | null;

/**
 * Checkout's delivery address: the shopper's address book to choose from (each editable), a new address, and
 * when the chosen one's pincode can expect the parcel.
 */
export function AddressChoice({
  addresses,
  selected,
  editing,
  customised,
  onSelect,
  onEdit,
  onSaved,
}: {
  addresses: Address[];
  selected: number | null;
  editing: AddressEditing;
  customised: boolean;
  onSelect: (id: number) => void;
  onEdit: (editing: AddressEditing) => void;
  onSaved: (address: Address) => void;
}) {
  return (
    <section aria-labelledby="address-heading">
      <h2 id="address-heading" className="text-xl font-bold">
        Delivery address
      </h2>
      {addresses.length > 0 && (
        <fieldset className="mt-3 grid gap-3">
          <legend className="sr-only">Choose a delivery address</legend>
          {addresses.map((address) =>
            editing === address.id ? (
              <AddressForm
                key={address.id}
                address={address}
                onSaved={onSaved}
                onCancel={() => onEdit(null)}
              />
            ) : (
              <div
                key={address.id}
                className={`flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ${selected === address.id ? "ring-2 ring-brand-600" : "ring-brand-100"}`}
              >
                <input
                  type="radio"
                  name="address"
                  id={`address-${address.id}`}
                  checked={selected === address.id}
                  onChange={() => onSelect(address.id)}
                  className="mt-1 size-4 accent-brand-600"
                />
                <label htmlFor={`address-${address.id}`} className="min-w-0 flex-1 cursor-pointer">
                  <span className="block font-semibold">{address.name}</span>
                  <span className="block text-sm wrap-anywhere">
                    {address.address}, {address.city}, {address.state} {address.pincode}
                  </span>
                  <span className="block text-sm text-muted">Phone {formatMobile(address.phone)}</span>
                  {address.problem ? (
                    <span className="mt-1 block text-sm font-semibold text-amber-800">{address.problem}</span>
                  ) : null}
                </label>
                <button
                  type="button"
                  className={TEXT_LINK}
                  onClick={() => onEdit(address.id)}
                  aria-label={`Edit the address of ${address.name}`}
                >
                  Edit
                </button>
              </div>
            ),
          )}
        </fieldset>
      )}
      <DeliveryEstimate
        pincode={addresses.find((address) => address.id === selected)?.pincode ?? null}
        customised={customised}
      />
      <div className="mt-3">
        {editing === "new" ? (
          <AddressForm onSaved={onSaved} onCancel={() => onEdit(null)} />
        ) : (
          <button type="button" className={TEXT_LINK} onClick={() => onEdit("new")}>
            + Add a new address
          </button>
        )}
      </div>
    </section>
  );
}
