const EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

interface Waiting {
  callback: () => void;
  /** Only an interaction with (or inside) an element matching this selector counts. */
  within?: string;
}

const waiting: Waiting[] = [];
let listening = false;

function onInteraction(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  for (const entry of [...waiting]) {
    if (entry.within && !target?.closest(entry.within)) continue;
    waiting.splice(waiting.indexOf(entry), 1);
    entry.callback();
  }
  if (waiting.length === 0) stopListening();
}

function stopListening(): void {
  for (const event of EVENTS) window.removeEventListener(event, onInteraction, true);
  listening = false;
}

/**
 * Runs `callback` at the visitor's first interaction with the page (a press, a key, a focus), or the
 * first one inside `within` (a CSS selector): the moment to fetch code that only an interaction needs
 * (toasts, dialogs' forms), so it is ready by the time it is used without weighing on the page's
 * load. Answers a function that cancels it.
 */
export function onFirstInteraction(callback: () => void, within?: string): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const entry: Waiting = { callback, within };
  waiting.push(entry);
  if (!listening) {
    listening = true;
    for (const event of EVENTS) window.addEventListener(event, onInteraction, { capture: true, passive: true });
  }
  return () => {
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
    if (waiting.length === 0 && listening) stopListening();
  };
}
