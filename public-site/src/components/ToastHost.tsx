import { useEffect, useState } from 'react';
import { onFirstInteraction } from '../lib/first-interaction';
import { loadToasts, onToastsLoaded } from '../lib/toast';

type ToasterComponent = Awaited<ReturnType<typeof loadToasts>>['Toaster'];

/**
 * sonner's <Toaster> (top centre, rich colours, close button), mounted once its code is here: fetched
 * when the visitor first reaches a form (toasts answer forms: bookings, enquiries, sign-in, referrals),
 * or by the first toast (lib/toast.ts).
 */
export function ToastHost() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    const cancel = onFirstInteraction(() => void loadToasts(), 'form');
    const unsubscribe = onToastsLoaded((sonner) => setToaster(() => sonner.Toaster));
    return () => {
      cancel();
      unsubscribe();
    };
  }, []);
  return Toaster ? <Toaster position="top-center" richColors closeButton /> : null;
}
