import { useEffect, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert and closes it on
 * Escape. A click on the backdrop closes it too, and the page behind does not scroll while it is open.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className = "",
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={className}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}

/** A dialog's title bar: the heading that names it (give its id as the dialog's `labelledBy`) and a close button. */
export function DialogHeader({
  id,
  title,
  closeLabel,
  onClose,
  className = "",
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
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
        aria-label={closeLabel}
        className="rounded p-1 hover:bg-brand-50"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
