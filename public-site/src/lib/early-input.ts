/**
 * The page is readable (prerendered) before its code has loaded, and the code loads only after the
 * first paint. What a visitor does in between is not lost: a click on a button (book, open the menu,
 * submit a form) is held and replayed once the page is interactive, and what was typed into a field
 * is handed to React as soon as it has hydrated (React keeps the field's text on hydration, but its
 * state would not know it and the next render would empty the field). Links and everything else keep
 * their plain HTML behaviour. Lives in the entry chunk: no React here.
 */
export interface EarlyInput {
  /** Once React has hydrated: hands it what was typed (before it re-renders the fields). */
  adoptEdits(): void;
  /** Once the page is interactive: replays the held clicks and stops holding. */
  replayClicks(): void;
  /** The page's code failed: stop holding, the page stays plain HTML. */
  cancel(): void;
}

export function holdEarlyInput(root: HTMLElement): EarlyInput {
  const clicked: HTMLButtonElement[] = [];
  const edited = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();

  const onClick = (event: MouseEvent): void => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled || !root.contains(button)) return;
    // The page's own handler is not there yet: keep the click for it (and no native form submission).
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!clicked.includes(button)) clicked.push(button);
  };
  const onEdit = (event: Event): void => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) && root.contains(field)) {
      edited.add(field);
    }
  };
  const stopWatchingEdits = () => {
    document.removeEventListener('input', onEdit, true);
    document.removeEventListener('change', onEdit, true);
  };
  const stopHoldingClicks = () => document.removeEventListener('click', onClick, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);

  return {
    adoptEdits() {
      stopWatchingEdits();
      for (const field of edited) if (field.isConnected) announceValue(field);
      edited.clear();
    },
    replayClicks() {
      stopWatchingEdits();
      stopHoldingClicks();
      for (const button of clicked.splice(0)) if (button.isConnected && !button.disabled) button.click();
    },
    cancel() {
      stopWatchingEdits();
      stopHoldingClicks();
    },
  };
}

/** Makes React see a value it adopted at hydration as a change, so the form's state gets it. */
function announceValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A radio button that was left is announced by the one that was picked.
    if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return;
    // Put the box back as it was rendered, then let a click set it again: React hears the click.
    const checked = field.checked;
    field.checked = !checked;
    field.click();
    return;
  }
  if (field instanceof HTMLInputElement && field.type === 'file') return;
  const value = field.value;
  if (value === field.defaultValue) return;
  // React remembers the value it last saw through the element's own `value` property; set that to the
  // rendered value, then the typed one through the prototype's setter, which React does not watch.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setNative) return;
  field.value = field.defaultValue;
  setNative.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
