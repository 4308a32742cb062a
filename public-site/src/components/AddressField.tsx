import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '../lib/toast';
import type { AddressSuggestion, SuggestionKind } from '@relining/contracts/api/addresses';
import { api } from '@relining/contracts/client/http';

export interface AddressFieldProps {
  /**
   * What the field holds: a street address (suggestions are street addresses, never a bare suburb)
   * or a locality (suburbs with their state and postcode).
   */
  kind: SuggestionKind;
  id?: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  label: string;
  placeholder?: string;
  description?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  /** What a suggestion fills in the field (the whole description by default). */
  fillWith?: (suggestion: AddressSuggestion) => string;
  onSelect?: (suggestion: AddressSuggestion) => void;
}

/** spec §9: suggestions start at 3 characters. */
const MIN_CHARACTERS = 3;

/**
 * spec §3/§4 Address input: suggestions once 3 or more characters are typed, closed on selection or a
 * click outside, 'Error loading address suggestions' when they fail. An ARIA combobox: arrow keys move
 * through the list, Enter picks, Escape closes. Without JavaScript it is a plain text field.
 */
export function AddressField({
  kind,
  id: givenId,
  value,
  onChange,
  name,
  label,
  placeholder = 'Start typing an address',
  description,
  required = false,
  disabled = false,
  error,
  fillWith = (suggestion) => suggestion.description,
  onSelect,
}: AddressFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const listId = `${id}-list`;
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!typed || value.trim().length < MIN_CHARACTERS) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      api<AddressSuggestion[]>(`/addresses/suggest?q=${encodeURIComponent(value.trim())}&kind=${kind}`, { signal: controller.signal })
        .then((list) => {
          setSuggestions(list);
          // Only while the visitor is still in this field: late answers never cover the next one.
          setOpen(list.length > 0 && document.activeElement === input.current);
          setActive(-1);
        })
        .catch((caught: Error) => {
          if (caught.name === 'AbortError') return;
          setSuggestions([]);
          setOpen(false);
          toast.error('Error loading address suggestions');
        })
        .finally(() => setLoading(false));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, typed, kind]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  function pick(suggestion: AddressSuggestion) {
    onChange(fillWith(suggestion));
    onSelect?.(suggestion);
    setTyped(false);
    setOpen(false);
    setSuggestions([]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || suggestions.length === 0) {
      if (event.key === 'ArrowDown' && suggestions.length > 0) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Escape') {
      // Escape closes the list only: not the dialog the field may sit in (its `cancel` is Escape's default).
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field address-field" ref={wrapper}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        className="field__input"
        type="text"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-busy={loading || undefined}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        value={value}
        onChange={(event) => {
          setTyped(true);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        ref={input}
      />
      {description ? (
        <p id={`${id}-description`} className="field__hint">
          {description}
        </p>
      ) : null}
      <ul id={listId} role="listbox" aria-label="Suggestions" className="address-field__list" hidden={!open}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.placeId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="address-field__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
          >
            {suggestion.description}
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
