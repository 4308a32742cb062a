/**
 * Where toasts render. A modal <dialog> sits in the browser's top layer, above every z-index, and
 * makes the rest of the page inert: toasts rendered in the page would show underneath it, out of
 * reach. So an open dialog lends a slot inside itself and the toasts render there, in front of it;
 * when it closes they go back to the page (sonner replays the toasts still showing).
 */
const slots: HTMLElement[] = [];
const listeners = new Set<(slot: HTMLElement | null) => void>();

const current = (): HTMLElement | null => slots[slots.length - 1] ?? null;
const notify = () => {
  for (const listener of listeners) listener(current());
};

/** An open dialog's slot, until the returned release is called (the last one claimed wins). */
export function claimToastSlot(slot: HTMLElement): () => void {
  slots.push(slot);
  notify();
  return () => {
    const index = slots.lastIndexOf(slot);
    if (index !== -1) slots.splice(index, 1);
    notify();
  };
}

/** Calls `listener` with the slot toasts should render in (null: the page), now and on every change. */
export function onToastSlot(listener: (slot: HTMLElement | null) => void): () => void {
  listeners.add(listener);
  listener(current());
  return () => void listeners.delete(listener);
}
