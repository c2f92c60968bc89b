import { lazy, Suspense, useEffect } from "react";
import { DialogHeader, ModalDialog } from "~/components/modal-dialog";
import { useCart } from "./cart-context";

const loadContents = () => import("./bag-contents");
const BagContents = lazy(loadContents);

/**
 * "Your Bag": the side panel that opens from the right. What it shows (bag-contents.tsx) is not part of a
 * page's first load: it loads once the page is idle, before the bag is first opened.
 */
export function CartDrawer() {
  const cart = useCart();
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((load: () => void) => setTimeout(load, 200));
    whenIdle(() => void loadContents());
  }, []);
  return (
    <ModalDialog
      open={cart.isOpen}
      onClose={cart.close}
      labelledBy="cart-title"
      className="drawer bg-white p-0 shadow-2xl"
    >
      <div className="flex h-full flex-col">
        <DialogHeader
          id="cart-title"
          title="Your Bag"
          closeLabel="Close bag"
          onClose={cart.close}
          className="border-b border-brand-100 px-5 py-4"
        />
        <Suspense fallback={null}>
          <BagContents />
        </Suspense>
      </div>
    </ModalDialog>
  );
}
