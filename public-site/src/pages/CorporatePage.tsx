import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import { WARRANTY } from '@relining/contracts/business';
import { corporateEnquiryProblems, ISSUE_TYPES, TIMINGS } from '@relining/contracts/enquiry-rules';
import { AddressField } from '../components/AddressField';
import { Field } from '../components/Field';
import { api, ApiError } from '@relining/contracts/client/http';
import { COMPANY } from '../lib/site';
import { HeroMedia } from '../components/HeroMedia';

const BENEFITS = [
  {
    title: 'Trenchless Technology',
    text: 'Rehabilitate pipes under roads, parks and buildings without excavation, traffic management headaches or reinstatement costs.',
  },
  { title: 'Versatile Solutions', text: 'Sewer, stormwater and culvert lines from 40mm to 300mm+, including bends, junctions and changes in diameter.' },
  { title: 'Full Documentation', text: 'Before-and-after CCTV footage, condition reports and as-built records for your asset management system.' },
  { title: 'Service Level Agreements', text: 'Agreed response times and scheduled maintenance programs for networks that cannot wait.' },
  { title: 'Quality Assurance', text: `Certified materials, documented installation procedures and a ${WARRANTY.guarantee} on relined sections.` },
  { title: 'Fast Turnaround', text: 'Most sections relined in a day with minimal disruption to residents, traffic and services.' },
] as const;

const CASE_STUDIES = [
  {
    title: 'Stormwater renewal for a metropolitan council',
    figures: ['2.5 km relined over 6 months', '15 access points', 'No road closures'],
    text: 'An ageing concrete stormwater network under residential streets was relined through its existing pits. Work ran around school hours and bin days, and every section was handed over with before-and-after CCTV footage.',
  },
  {
    title: 'Sewer rehabilitation for a water authority',
    figures: ['70% faster than open-cut', 'Cured in under 90 minutes per section', '50+ year design life'],
    text: 'Root-damaged sewer mains behind residential properties were relined without entering back yards with excavators, cutting the project time and complaints while restoring full flow.',
  },
] as const;

const EMPTY = { organisationName: '', contactPerson: '', email: '', phone: '', siteAddress: '', issueType: '', quantity: '', timing: '', notes: '' };
type Values = typeof EMPTY;

/** spec §2 Corporate page (/corporate) with the 'Submit Project Enquiry' form shown inline by its button. */
export default function CorporatePage() {
  const [shown, setShown] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLElement>(null);

  function show() {
    setShown(true);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    });
  }

  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = corporateEnquiryProblems(values);
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    if (problems.length > 0) {
      document.getElementById(`corporate-${problems[0]!.field}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api('/enquiries', {
        method: 'POST',
        body: { kind: 'corporate', ...values, quantity: values.quantity || undefined, notes: values.notes || undefined },
      });
      toast.success('Enquiry submitted', { description: "Thank you for your enquiry. We'll be in touch shortly." });
      setValues(EMPTY);
      setShown(false);
    } catch (error) {
      toast.error('Error', { description: error instanceof ApiError ? error.message : 'Failed to submit your enquiry. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="hero hero--media" aria-labelledby="corporate-title">
        <div className="hero__grid">
          <div className="hero__content">
            <p className="hero__eyebrow">Councils · Water authorities · Infrastructure</p>
            <h1 id="corporate-title" className="hero__title hero__title--wide">
              Pipe Relining for Councils, Water Authorities &amp; Infrastructure Clients
            </h1>
            <p className="hero__lead">
              Trenchless rehabilitation of sewer and stormwater networks, delivered with the documentation, service levels and quality assurance public assets
              need.
            </p>
            <div className="hero__actions">
              <button type="button" className="button button--primary" onClick={show}>
                Submit Project Enquiry
              </button>
              <a className="button button--ghost" href={COMPANY.phoneHref}>
                Call {COMPANY.phone}
              </a>
            </div>
          </div>
          <HeroMedia slot="corporate.hero" />
        </div>
      </section>

      <section className="section" aria-labelledby="corporate-benefits">
        <div className="container">
          <h2 id="corporate-benefits" className="section__title">
            Why Councils and Asset Owners Choose Us
          </h2>
          <ul className="cards">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="card">
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="case-studies">
        <div className="container">
          <h2 id="case-studies" className="section__title">
            Case Studies
          </h2>
          <ul className="cards cards--two">
            {CASE_STUDIES.map((study) => (
              <li key={study.title} className="card">
                <h3>{study.title}</h3>
                <ul className="figures">
                  {study.figures.map((figure) => (
                    <li key={figure}>{figure}</li>
                  ))}
                </ul>
                <p>{study.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="project-enquiry" ref={formRef}>
        <div className="container narrow">
          <h2 id="project-enquiry" className="section__title">
            Submit Project Enquiry
          </h2>
          {!shown ? (
            <p className="center">
              <button type="button" className="button button--primary" onClick={show}>
                Submit Project Enquiry
              </button>
            </p>
          ) : (
            <form className="panel enquiry-form enquiry-form--padded" onSubmit={submit} noValidate aria-busy={busy}>
              <div className="booking-form__grid">
                <Field
                  id="corporate-organisationName"
                  label="Organisation name"
                  name="organisationName"
                  autoComplete="organization"
                  required
                  value={values.organisationName}
                  onChange={(e) => set('organisationName')(e.target.value)}
                  error={errors.organisationName}
                />
                <Field
                  id="corporate-contactPerson"
                  label="Contact person"
                  name="contactPerson"
                  autoComplete="name"
                  required
                  value={values.contactPerson}
                  onChange={(e) => set('contactPerson')(e.target.value)}
                  error={errors.contactPerson}
                />
                <Field
                  id="corporate-email"
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={values.email}
                  onChange={(e) => set('email')(e.target.value)}
                  error={errors.email}
                />
                <Field
                  id="corporate-phone"
                  label="Phone"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  required
                  value={values.phone}
                  onChange={(e) => set('phone')(e.target.value)}
                  error={errors.phone}
                />
                <div className="booking-form__wide">
                  <AddressField
                    kind="address"
                    id="corporate-siteAddress"
                    name="siteAddress"
                    label="Site address"
                    required
                    value={values.siteAddress}
                    onChange={set('siteAddress')}
                    error={errors.siteAddress}
                  />
                </div>
                <SelectField
                  id="corporate-issueType"
                  label="Type of issue"
                  value={values.issueType}
                  onChange={set('issueType')}
                  options={ISSUE_TYPES}
                  placeholder="Select the type of issue"
                  error={errors.issueType}
                  required
                />
                <SelectField
                  id="corporate-timing"
                  label="Project timing"
                  value={values.timing}
                  onChange={set('timing')}
                  options={TIMINGS}
                  placeholder="Select project timing"
                  error={errors.timing}
                  required
                />
                <div className="booking-form__wide">
                  <Field
                    id="corporate-quantity"
                    label="Quantity (optional)"
                    name="quantity"
                    placeholder="e.g. 400 m of 225 mm stormwater, 12 junctions"
                    value={values.quantity}
                    onChange={(e) => set('quantity')(e.target.value)}
                  />
                </div>
                <div className="field booking-form__wide">
                  <label htmlFor="corporate-notes" className="field__label">
                    Notes <span className="field__optional">(optional)</span>
                  </label>
                  <textarea
                    id="corporate-notes"
                    name="notes"
                    className="field__textarea"
                    rows={4}
                    value={values.notes}
                    onChange={(e) => set('notes')(e.target.value)}
                  />
                </div>
              </div>
              <p className="visually-hidden" aria-live="polite">
                {Object.values(errors).length > 0 ? `${Object.values(errors).length} problems: ${Object.values(errors).join('. ')}` : ''}
              </p>
              <button type="submit" className="button button--primary button--block" disabled={busy}>
                {busy ? 'Submitting...' : 'Submit Project Enquiry'}
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}

function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  required,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  error?: string;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        className="field__select"
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
