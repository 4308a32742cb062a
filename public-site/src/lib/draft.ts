import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

const PREFIX = 'draft:';

function read<T extends object>(key: string, empty: T): T | undefined {
  try {
    const stored = sessionStorage.getItem(PREFIX + key);
    if (!stored) return undefined;
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== 'object') return undefined;
    // Only the form's own fields, and only with the type they have when empty.
    const draft = { ...empty };
    for (const name of Object.keys(empty) as Array<keyof T>) {
      const value = (parsed as Record<string, unknown>)[name as string];
      if (value !== undefined && typeof value === typeof empty[name]) draft[name] = value as T[keyof T];
    }
    return draft;
  } catch {
    return undefined;
  }
}

function write(key: string, value: object | undefined): void {
  try {
    if (value === undefined) sessionStorage.removeItem(PREFIX + key);
    else sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private browsing): the draft lives only while the form does.
  }
}

/**
 * A form's values, kept in this tab's sessionStorage while they differ from the empty form: a visitor
 * who closes a dialog (Escape, the close button, the backdrop) or moves to another page finds what they
 * typed when they open it again. `clear()` (a successful submission, 'Clear the form') forgets it; so
 * does closing the tab. Without a key it is plain state. With one, only for forms that render in the
 * browser alone (the dialogs' forms are never prerendered): storage is read while rendering.
 */
export function useDraft<T extends object>(
  key: string | undefined,
  empty: T,
): { values: T; setValues: Dispatch<SetStateAction<T>>; restored: boolean; clear: () => void } {
  const emptyRef = useRef(empty);
  const [initial] = useState(() => (key ? read(key, empty) : undefined));
  const [values, setValues] = useState<T>(initial ?? empty);
  const [restored, setRestored] = useState(initial !== undefined);

  useEffect(() => {
    if (!key) return;
    const pristine = JSON.stringify(values) === JSON.stringify(emptyRef.current);
    write(key, pristine ? undefined : values);
  }, [key, values]);

  const clear = useCallback(() => {
    if (key) write(key, undefined);
    setValues(emptyRef.current);
    setRestored(false);
  }, [key]);

  return { values, setValues, restored, clear };
}
