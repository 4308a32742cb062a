import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PAYMENT_METHOD_LABELS, type PaymentDetails } from '@relining/contracts/api/payouts';
import { ApiError } from '@relining/contracts/client/http';
import type { PaymentMethod } from '@relining/contracts/payout-rules';
import { formatAbn } from '@relining/contracts/site-content';
import { useSession } from '../auth/session';
import { Field } from '../components/Field';
import { toast } from '../lib/toast';
import {
  abnAsTyped,
  accountNumberAsTyped,
  BANK_CHANGE_NOTE,
  bsbAsTyped,
  caretAfterDigits,
  digitsBefore,
  heldUntilText,
  paymentDetailsUpdateOf,
  paymentFormOf,
  paymentFormProblems,
  type PaymentFormValues,
} from './payments';

type Errors = Partial<Record<string, string>>;

const ID = 'payment';
const METHODS: readonly PaymentMethod[] = ['direct_deposit', 'cheque'];
/** What the view shows for a detail not on file (not 'Not provided': that is the profile's). */
const NONE = 'Not added yet';

function errorsOf(problems: ReadonlyArray<{ field: string; message: string }>): Errors {
  const errors: Errors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

function focusFirst(problems: ReadonlyArray<{ field: string }>) {
  const first = problems[0];
  if (first) document.getElementById(`${ID}-${first.field}`)?.focus();
}

/** Puts the caret back after the digit it followed once a number is regrouped ('51 82|4' stays after the 2). */
function useCaret() {
  const pending = useRef<{ input: HTMLInputElement; caret: number } | null>(null);
  useLayoutEffect(() => {
    const next = pending.current;
    pending.current = null;
    if (next && document.activeElement === next.input) next.input.setSelectionRange(next.caret, next.caret);
  });
  return (input: HTMLInputElement, caret: number) => {
    pending.current = { input, caret };
  };
}

/** The details on file, masked as the server sends them. */
function PaymentDetailsView({ details }: { details: PaymentDetails }) {
  const rows: Array<[string, string]> = [
    ['ABN', details.abn ? formatAbn(details.abn) : details.supplierStatement ? 'None (Statement by a Supplier on file)' : NONE],
    ['Registered for GST', details.gstRegistered ? 'Yes' : 'No'],
    ['Payment method', details.paymentMethod ? PAYMENT_METHOD_LABELS[details.paymentMethod] : 'Not chosen yet'],
  ];
  if (details.paymentMethod !== 'cheque') {
    rows.push(['Account name', details.accountName || NONE], ['Bank account', details.bankDetails || NONE]);
  } else {
    rows.push(['Postal address', details.postalAddress || NONE]);
  }
  return (
    <dl className="details">
      {rows.map(([term, value]) => (
        <div key={term} className="details__row">
          <dt>{term}</dt>
          <dd className="pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Issue 18: the ABN, GST registration and how the plumber is paid (direct deposit or cheque). The
 * rules and messages are the server's (paymentDetailsProblems). The BSB and account number are never
 * shown in full: their inputs start blank, with the masked ones on file as the hint, and blank keeps them.
 */
export function PaymentDetailsSection({
  details,
  onSaved,
  startEditing = false,
}: {
  details: PaymentDetails;
  onSaved: (details: PaymentDetails) => void;
  /** Opened from the Payments tab to fix what stops a payout: the form at once. */
  startEditing?: boolean;
}) {
  const session = useSession();
  const [editing, setEditing] = useState(startEditing);
  const [values, setValues] = useState<PaymentFormValues>(() => paymentFormOf(details));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const placeCaret = useCaret();
  const held = heldUntilText(details, new Date());
  const nothingOnFile = !details.abn && !details.paymentMethod;

  function set<K extends keyof PaymentFormValues>(name: K, value: PaymentFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }

  /** A number field regrouped as it is typed, the caret kept after the same digit. */
  const grouped = (name: 'abn' | 'bsb' | 'accountNumber', format: (text: string) => string) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const digits = digitsBefore(input.value, input.selectionStart ?? input.value.length);
    const value = format(input.value);
    set(name, value);
    placeCaret(input, caretAfterDigits(value, digits));
  };

  function startEdit() {
    setValues(paymentFormOf(details));
    setErrors({});
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = paymentFormProblems(values, details);
    setErrors(errorsOf(problems));
    if (problems.length > 0) {
      toast.error('Error updating payment details', { description: problems[0]!.message });
      focusFirst(problems);
      return;
    }
    setBusy(true);
    try {
      const saved = await session.call<PaymentDetails>('/me/payment-details', { method: 'PUT', body: paymentDetailsUpdateOf(values) });
      const newHold = saved.payoutsHeldUntil && saved.payoutsHeldUntil !== details.payoutsHeldUntil ? heldUntilText(saved, new Date()) : null;
      onSaved(saved);
      setEditing(false);
      toast.success('Payment details updated', {
        description: newHold ? `We have e-mailed you about the change. ${newHold}` : 'Your payment details have been saved.',
      });
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(errorsOf(error.errors));
        focusFirst(error.errors);
      }
      toast.error('Error updating payment details', { description: error instanceof ApiError ? error.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const heldNotice = held ? (
    <p className="notice notice--warning account-section__notice" role="status">
      {held}
    </p>
  ) : null;

  if (!editing) {
    return (
      <>
        {heldNotice}
        {nothingOnFile ? (
          <p className="account-section__lead">Add your ABN and how you would like to be paid, so we can pay the rebates you earn.</p>
        ) : (
          <PaymentDetailsView details={details} />
        )}
        <button type="button" className="button button--secondary" onClick={startEdit}>
          {nothingOnFile ? 'Add Payment Details' : 'Edit Payment Details'}
        </button>
      </>
    );
  }

  const id = (name: string) => `${ID}-${name}`;
  const methodError = errors.paymentMethod;
  return (
    <form className="account-form payment-form" onSubmit={save} noValidate aria-busy={busy} aria-label="Payment details">
      {heldNotice}
      <Field
        id={id('abn')}
        label="ABN"
        name="abn"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        hint="Your Australian Business Number, 11 digits. Without one, the law requires us to withhold tax from each payment."
        value={values.abn}
        error={errors.abn}
        onChange={grouped('abn', abnAsTyped)}
      />
      <div className="checkbox">
        <input id={id('gstRegistered')} type="checkbox" checked={values.gstRegistered} onChange={(event) => set('gstRegistered', event.target.checked)} />
        <label htmlFor={id('gstRegistered')}>Registered for GST</label>
      </div>

      <fieldset className="choice-group" aria-describedby={methodError ? `${id('paymentMethod')}-error` : undefined}>
        <legend className="field__label">How would you like to be paid?</legend>
        <div className="choice-group__options">
          {METHODS.map((method, index) => (
            <div key={method} className="checkbox">
              <input
                id={index === 0 ? id('paymentMethod') : id(`paymentMethod-${method}`)}
                type="radio"
                name="paymentMethod"
                value={method}
                checked={values.paymentMethod === method}
                aria-invalid={methodError ? true : undefined}
                onChange={() => set('paymentMethod', method)}
              />
              <label htmlFor={index === 0 ? id('paymentMethod') : id(`paymentMethod-${method}`)}>{PAYMENT_METHOD_LABELS[method]}</label>
            </div>
          ))}
        </div>
        {methodError ? (
          <p id={`${id('paymentMethod')}-error`} className="field__error" role="alert">
            {methodError}
          </p>
        ) : null}
      </fieldset>

      {values.paymentMethod === 'direct_deposit' ? (
        <div className="payment-form__bank">
          <Field
            id={id('accountName')}
            label="Account name"
            name="accountName"
            autoComplete="off"
            maxLength={32}
            hint="As your bank shows it."
            value={values.accountName}
            error={errors.accountName}
            onChange={(event) => set('accountName', event.target.value)}
          />
          <div className="payment-form__numbers">
            <Field
              id={id('bsb')}
              label="BSB"
              name="bsb"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              hint={details.bsbMasked ? `Leave blank to keep BSB ${details.bsbMasked}` : 'Six digits (NNN-NNN).'}
              value={values.bsb}
              error={errors.bsb}
              onChange={grouped('bsb', bsbAsTyped)}
            />
            <Field
              id={id('accountNumber')}
              label="Account number"
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              hint={details.accountNumberMasked ? `Leave blank to keep account ${details.accountNumberMasked}` : '6 to 9 digits.'}
              value={values.accountNumber}
              error={errors.accountNumber}
              onChange={grouped('accountNumber', accountNumberAsTyped)}
            />
          </div>
          <p className="notice notice--info payment-form__note">{BANK_CHANGE_NOTE}</p>
        </div>
      ) : null}

      {values.paymentMethod === 'cheque' ? (
        <div className="field">
          <label htmlFor={id('postalAddress')} className="field__label">
            Postal address for cheques
          </label>
          <textarea
            id={id('postalAddress')}
            name="postalAddress"
            className="field__textarea"
            rows={3}
            autoComplete="street-address"
            value={values.postalAddress}
            aria-invalid={errors.postalAddress ? true : undefined}
            aria-describedby={errors.postalAddress ? `${id('postalAddress')}-error` : undefined}
            onChange={(event) => set('postalAddress', event.target.value)}
          />
          {errors.postalAddress ? (
            <p id={`${id('postalAddress')}-error`} className="field__error" role="alert">
              {errors.postalAddress}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Payment Details'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
