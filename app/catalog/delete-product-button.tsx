import { useState } from "react";
import { useRevalidator, href } from "react-router";
import { ROLE } from "#contract/accounts-rules";
import { ModalDialog } from "~/components/modal-dialog";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { useSignedInUser } from "~/accounts/signed-in-user";

/**
 * Staff (any role but customer, spec section 6) see an edit link and a delete button on each product card. Deleting asks
 * first, then hides the product from the shop and reloads the list. For a shopper the card runs only the
 * check (one hook), not the button's own hooks: it is on every card the shop shows.
 */
export function DeleteProductButton({ id, name }: { id: number; name: string }) {
  const user = useSignedInUser();
  if (!user || user.roleId === ROLE.customer) return null;
  return (
    <>
      <a
        href={href("/admin/products/:id/edit", { id: String(id) })}
        aria-label={`Edit ${name}`}
        className="relative z-10 flex size-9 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow ring-1 ring-brand-200 hover:bg-brand-50"
      >
        <svg
          width={18}
          height={18}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
      <DeleteButtonForStaff id={id} name={name} />
    </>
  );
}

function DeleteButtonForStaff({ id, name }: { id: number; name: string }) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove(button: HTMLElement) {
    // The card goes with its buttons: the keyboard goes on to the next card (or the one before), or else
    // to the page's heading.
    const card = button.closest("li");
    const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
    setBusy(true);
    // Loaded on demand: shoppers, who never delete, do not download the catalog's schemas for it.
    const { deleteProductCall } = await import("#contract/catalog");
    const result = await browserApi(deleteProductCall, { id });
    setBusy(false);
    setConfirming(false);
    if (result.ok) {
      toast("success", "Product Deleted", "The product has been removed from your account.");
      await revalidator.revalidate();
      const next = neighbour?.isConnected ? neighbour.querySelector<HTMLElement>("h3 a") : null;
      (next ?? document.querySelector<HTMLElement>("main h1"))?.focus();
    } else toast("error", "Error", result.message || "Unable to delete product");
  }

  const titleId = `delete-product-${id}`;
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${name}`}
        className="relative z-10 flex size-9 items-center justify-center rounded-full bg-white/95 text-red-700 shadow ring-1 ring-red-200 hover:bg-red-50"
      >
        <svg
          width={18}
          height={18}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path
            d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        labelledBy={titleId}
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-xl font-bold">
          Delete this product?
        </h2>
        <p className="mt-2 text-muted">
          “{name}” will be hidden from the shop. Orders that include it keep it.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-full px-5 py-2.5 font-semibold ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={(event) => void remove(event.currentTarget)}
            disabled={busy}
            className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? "Deleting..." : "Delete"}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
