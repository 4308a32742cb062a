import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | undefined;
const whenLoaded = new Set<(sonner: Sonner) => void>();

/** The toasts' code (sonner), fetched once: at the first interaction or the first toast. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then((sonner) => {
    for (const callback of whenLoaded) callback(sonner);
    return sonner;
  });
  return loading;
}

/** Calls `callback` with sonner once it has loaded (at once if it has); answers an unsubscribe. */
export function onToastsLoaded(callback: (sonner: Sonner) => void): () => void {
  whenLoaded.add(callback);
  void loading?.then(callback);
  return () => void whenLoaded.delete(callback);
}

type Message = Parameters<Sonner['toast']['success']>[0];

/**
 * sonner's `toast`, loaded on demand: the page does not pay for it until someone interacts. A toast
 * raised before the <Toaster> has mounted is shown when it does (sonner replays active toasts).
 */
export const toast = {
  success(message: Message, options?: ExternalToast): void {
    void loadToasts().then(({ toast: show }) => show.success(message, options));
  },
  error(message: Message, options?: ExternalToast): void {
    void loadToasts().then(({ toast: show }) => show.error(message, options));
  },
};
