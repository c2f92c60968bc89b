import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { CloseIcon } from "./icons";

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and closes it on
 * Escape. A click on the backdrop closes it too, and the page behind does not scroll while it is open.
 *
 * With a `popoverId`, it opens before the page's scripts run, or without them: it is then also a popover
 * (`popover`), which the button with `openerProps` (`popovertarget`) shows and its close button hides,
 * with no script; the browser closes it on Escape and on a click outside. Its content is in the page
 * from the start. Once the page has hydrated, the opener opens it as a modal instead.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  popoverId,
  className = "",
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  popoverId?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Opened as a popover before the page hydrated: it becomes the modal.
    if (open && popoverId && dialog.matches(":popover-open")) dialog.hidePopover();
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open, popoverId]);

  return (
    <dialog
      ref={ref}
      id={popoverId}
      popover={popoverId ? "auto" : undefined}
      aria-labelledby={labelledBy}
      className={className}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open || popoverId ? children : null}
    </dialog>
  );
}

/**
 * The props of the button that opens a ModalDialog with this `popoverId`: before the page has hydrated the
 * browser shows the popover; after, the click opens the modal (`onOpen`) instead.
 */
export function openerProps(popoverId: string, onOpen: () => void) {
  return {
    popoverTarget: popoverId,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      onOpen();
    },
  };
}

/** A dialog's title bar: the heading that names it (give its id as the dialog's `labelledBy`) and a close button. */
export function DialogHeader({
  id,
  title,
  closeLabel,
  onClose,
  popoverId,
  className = "",
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** The dialog's `popoverId`, if it has one: the close button hides the popover without scripts. */
  popoverId?: string;
  className?: string;
}) {
  return (
    <div className={`flex items-center justify-between ${className}`}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <button
        type="button"
        onClick={onClose}
        popoverTarget={popoverId}
        popoverTargetAction={popoverId ? "hide" : undefined}
        aria-label={closeLabel}
        className="rounded p-1 hover:bg-brand-50"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
