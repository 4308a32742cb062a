import { useEffect, useId, useRef, type ReactNode } from 'react';
import { claimToastSlot } from '../lib/toast-slot';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  /** Another class beside 'dialog' (a wider photo viewer). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal on the platform's own <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape closes it, and focus returns to the button that opened it. Closing never loses what
 * a visitor typed: the forms inside keep a draft (lib/draft.ts) until they come back.
 */
export function Dialog({ open, onClose, title, description, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const toastSlot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // While open, toasts (a form's errors and confirmations) show inside it, in front of it.
    if (!open || !toastSlot.current) return;
    return claimToastSlot(toastSlot.current);
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={toastSlot} className="dialog__toasts" />
      <div className="dialog__panel">
        <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        ) : null}
        {open ? children : null}
      </div>
    </dialog>
  );
}
