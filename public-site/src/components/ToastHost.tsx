import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { onFirstInteraction } from '../lib/first-interaction';
import { loadToasts, onToastsLoaded } from '../lib/toast';
import { onToastSlot } from '../lib/toast-slot';

type ToasterComponent = Awaited<ReturnType<typeof loadToasts>>['Toaster'];

/**
 * sonner's <Toaster> (top centre, rich colours, close button), mounted once its code is here: fetched
 * when the visitor first reaches a form (toasts answer forms: bookings, enquiries, sign-in, referrals),
 * or by the first toast (lib/toast.ts). Rendered inside the open modal dialog, if any.
 */
export function ToastHost() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => onToastSlot(setSlot), []);
  useEffect(() => {
    const cancel = onFirstInteraction(() => void loadToasts(), 'form');
    const unsubscribe = onToastsLoaded((sonner) => setToaster(() => sonner.Toaster));
    return () => {
      cancel();
      unsubscribe();
    };
  }, []);
  if (!Toaster) return null;
  const toaster = <Toaster position="top-center" richColors closeButton />;
  // In front of an open modal dialog (lib/toast-slot.ts), otherwise in the page.
  return slot ? createPortal(toaster, slot) : toaster;
}
