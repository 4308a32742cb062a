import { useEffect, useState, type FormEvent } from 'react';
import { PRODUCTS, productEnquiryProblems } from '@relining/contracts/enquiry-rules';
import { api, ApiError } from '@relining/contracts/client/http';
import { useDraft } from '../lib/draft';
import { toast } from '../lib/toast';
import { Field } from './Field';

export type Product = (typeof PRODUCTS)[number];

const EMPTY = { name: '', email: '', phone: '', business: '', product: '' as string, message: '' };

/**
 * The enquiry dialog's form (issue 5), with the product the button was about already chosen and what
 * the visitor typed before closing the dialog. Its own chunk: loaded at the first interaction, not with the page.
 */
export default function ProductEnquiryForm({ product, onSent }: { product?: Product; onSent: () => void }) {
  // What was typed is kept when the dialog closes, until the visitor comes back (lib/draft.ts).
  const { values, setValues, restored, clear } = useDraft('product-enquiry', { ...EMPTY, product: product ?? '' });
  // The button that opened the dialog names the product, over the draft's.
  useEffect(() => {
    if (product) setValues((current) => (current.product === product ? current : { ...current, product }));
  }, [product, setValues]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = productEnquiryProblems(values);
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await api('/enquiries', { method: 'POST', body: { kind: 'product', ...values } });
      toast.success('Enquiry submitted', { description: "Thank you for your enquiry. We'll be in touch shortly." });
      clear();
      onSent();
    } catch (error) {
      toast.error('Error', { description: error instanceof ApiError ? error.message : 'Failed to submit your enquiry. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form className="enquiry-form" onSubmit={submit} noValidate>
      {restored ? (
        <p className="draft-note" role="status">
          We kept what you typed earlier.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clear();
              setErrors({});
            }}
          >
            Clear the form
          </button>
        </p>
      ) : null}
      <Field label="Name" name="name" autoComplete="name" required value={values.name} onChange={set('name')} error={errors.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder="+61 4XX XXX XXX"
        required
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <Field label="Business" name="business" autoComplete="organization" value={values.business} onChange={set('business')} />
      <div className="field">
        <label htmlFor="product-enquiry-product" className="field__label">
          Product <span aria-hidden="true">*</span>
        </label>
        <select
          id="product-enquiry-product"
          className="field__select"
          required
          value={values.product}
          onChange={set('product')}
          aria-invalid={errors.product ? true : undefined}
          aria-describedby={errors.product ? 'product-enquiry-product-error' : undefined}
        >
          <option value="">Choose a product</option>
          {PRODUCTS.map((product) => (
            <option key={product} value={product}>
              {product}
            </option>
          ))}
        </select>
        {errors.product ? (
          <p id="product-enquiry-product-error" className="field__error" role="alert">
            {errors.product}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="product-enquiry-message" className="field__label">
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea
          id="product-enquiry-message"
          className="field__textarea"
          rows={4}
          required
          value={values.message}
          onChange={set('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'product-enquiry-message-error' : undefined}
        />
        {errors.message ? (
          <p id="product-enquiry-message-error" className="field__error" role="alert">
            {errors.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Submitting...' : 'Send Enquiry'}
      </button>
    </form>
  );
}
