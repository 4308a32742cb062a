import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../lib/toast';
import { useLocation } from 'wouter';
import { REFERRAL_MESSAGES, referralProblems, URGENCIES, URGENCY_LABELS, type FieldProblem } from '@relining/contracts/referral-rules';
import { useSession } from '../auth/session';
import { AddressField } from '../components/AddressField';
import { Field } from '../components/Field';
import type { Me } from '@relining/contracts/api/auth';
import type { PlumberReferral } from '@relining/contracts/api/referrals';
import { api, ApiError } from '@relining/contracts/client/http';
import { useHydrated } from '../lib/useHydrated';
import { PhotoPicker, photoProblem } from './PhotoPicker';

export const EMPTY_REFERRAL = {
  plumberName: '',
  plumberCompany: '',
  plumberPhone: '',
  plumberEmail: '',
  clientName: '',
  clientPhone: '',
  jobAddress: '',
  suburb: '',
  urgency: '',
  description: '',
  notes: '',
};

export type ReferralValues = typeof EMPTY_REFERRAL;
type Errors = Partial<Record<string, string>>;

/** spec §9: after a quick referral the page goes to /plumber-referral after 2 seconds. */
export const QUICK_REDIRECT_MS = 2000;

const PHONE_PLACEHOLDER = '+61 4XX XXX XXX';

function errorsOf(problems: FieldProblem[]): Errors {
  const errors: Errors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

function focusFirst(idPrefix: string, problems: FieldProblem[]) {
  const first = problems[0];
  if (!first) return;
  const element = document.getElementById(`${idPrefix}-${first.field}`) ?? document.getElementById(`${idPrefix}-${first.field}-cleanView`);
  element?.focus();
}

function errorToast(error: unknown) {
  toast.error(REFERRAL_MESSAGES.errorTitle, {
    description: error instanceof ApiError && error.message ? error.message : 'Please try again',
  });
}

/** The plumber, client and issue fields shared by the quick form and the signed-in form (spec §3). */
function ReferralFields({
  idPrefix,
  values,
  errors,
  set,
  contactClient,
  setContactClient,
  issueExtras,
  issueAfter,
}: {
  idPrefix: string;
  values: ReferralValues;
  errors: Errors;
  set: (name: keyof ReferralValues) => (value: string) => void;
  contactClient: boolean;
  setContactClient: (value: boolean) => void;
  issueExtras?: ReactNode;
  issueAfter?: ReactNode;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const input = (name: keyof ReferralValues) => ({
    id: id(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });
  return (
    <>
      <fieldset className="referral-form__section">
        <legend>Your Information</legend>
        <div className="referral-form__grid">
          <Field label="Your name" autoComplete="name" required {...input('plumberName')} />
          <Field label="Company name" autoComplete="organization" required {...input('plumberCompany')} />
          <Field label="Contact number" type="tel" autoComplete="tel" placeholder={PHONE_PLACEHOLDER} required {...input('plumberPhone')} />
          <Field label="Email" type="email" autoComplete="email" required {...input('plumberEmail')} />
        </div>
      </fieldset>

      <fieldset className="referral-form__section">
        <legend>Client Information</legend>
        <div className="referral-form__grid">
          <Field label="Client name" autoComplete="off" required {...input('clientName')} />
          <Field label="Client contact number" type="tel" autoComplete="off" placeholder={PHONE_PLACEHOLDER} required {...input('clientPhone')} />
          <div className="referral-form__wide">
            <AddressField
              kind="address"
              id={id('jobAddress')}
              name="jobAddress"
              label="Job address"
              placeholder="Start typing the street address"
              required
              value={values.jobAddress}
              error={errors.jobAddress}
              onChange={set('jobAddress')}
              fillWith={(suggestion) => suggestion.description.split(',')[0]!.trim()}
              onSelect={(suggestion) => {
                if (suggestion.suburb)
                  set('suburb')(`${suggestion.suburb}${suggestion.state ? ` ${suggestion.state}` : ''}${suggestion.postcode ? ` ${suggestion.postcode}` : ''}`);
              }}
            />
          </div>
          <AddressField
            kind="locality"
            id={id('suburb')}
            name="suburb"
            label="Suburb"
            placeholder="Start typing the suburb"
            required
            value={values.suburb}
            error={errors.suburb}
            onChange={set('suburb')}
            fillWith={(suggestion) =>
              suggestion.suburb && suggestion.state
                ? `${suggestion.suburb} ${suggestion.state}${suggestion.postcode ? ` ${suggestion.postcode}` : ''}`
                : suggestion.description
            }
          />
        </div>
      </fieldset>

      <fieldset className="referral-form__section">
        <legend>Issue Details</legend>
        {issueExtras}
        <div className="field">
          <label htmlFor={id('urgency')} className="field__label">
            Urgency <span aria-hidden="true">*</span>
          </label>
          <select
            id={id('urgency')}
            name="urgency"
            className="field__select"
            required
            value={values.urgency}
            aria-invalid={errors.urgency ? true : undefined}
            aria-describedby={errors.urgency ? `${id('urgency')}-error` : undefined}
            onChange={(event) => set('urgency')(event.target.value)}
          >
            <option value="">Select urgency</option>
            {URGENCIES.map((urgency) => (
              <option key={urgency} value={urgency}>
                {URGENCY_LABELS[urgency]}
              </option>
            ))}
          </select>
          {errors.urgency ? (
            <p id={`${id('urgency')}-error`} className="field__error" role="alert">
              {errors.urgency}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={id('description')} className="field__label">
            Describe the issue <span aria-hidden="true">*</span>
          </label>
          <textarea
            id={id('description')}
            name="description"
            className="field__textarea"
            rows={4}
            required
            placeholder="e.g. cracked sewer line under the driveway, tree roots, recurring blockage"
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${id('description')}-error` : undefined}
            onChange={(event) => set('description')(event.target.value)}
          />
          {errors.description ? (
            <p id={`${id('description')}-error`} className="field__error" role="alert">
              {errors.description}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={id('notes')} className="field__label">
            Additional notes <span className="field__optional">(optional)</span>
          </label>
          <textarea
            id={id('notes')}
            name="notes"
            className="field__textarea"
            rows={3}
            placeholder="Access, pets, best time to call..."
            value={values.notes}
            onChange={(event) => set('notes')(event.target.value)}
          />
        </div>
        <div className="checkbox">
          <input
            id={id('contactClient')}
            type="checkbox"
            name="contactClient"
            value="true"
            checked={contactClient}
            onChange={(event) => setContactClient(event.target.checked)}
          />
          <label htmlFor={id('contactClient')}>Permission to contact client</label>
        </div>
        {/* Without JavaScript an unticked box sends nothing: this answers "false" (the first value wins). */}
        <input type="hidden" name="contactClient" value="false" />
        {issueAfter}
      </fieldset>
    </>
  );
}

function useReferralValues(initial: Partial<ReferralValues> = {}) {
  const [values, setValues] = useState<ReferralValues>({ ...EMPTY_REFERRAL, ...initial });
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof ReferralValues) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };
  return { values, setValues, errors, setErrors, set };
}

/**
 * spec §2/§4 quick referral form (no account needed): 'Submit a Quick Referral', three sections, the
 * blue note, 'Submit Referral & Register' ('Submitting...' while busy), the thank-you toast, then the
 * registration at /plumber-referral after 2 seconds. The referral is saved and joins the plumber's
 * account once they register and confirm this e-mail. Without JavaScript it posts as a plain form.
 */
export function QuickReferralForm({
  idPrefix = 'quick-referral',
  headingLevel = 2,
  onRegister,
}: {
  idPrefix?: string;
  headingLevel?: 2 | 3;
  /** What happens after the 2 seconds; by default the registration form at /plumber-referral. */
  onRegister?: (email: string) => void;
}) {
  const hydrated = useHydrated();
  const [, navigate] = useLocation();
  const { values, setValues, errors, setErrors, set } = useReferralValues();
  const [contactClient, setContactClient] = useState(true);
  const [phase, setPhase] = useState<'idle' | 'submitting' | 'submitted'>('idle');
  const trap = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'idle') return;
    const problems = referralProblems({ ...values, contactClient }, { requireServiceType: false });
    setErrors(errorsOf(problems));
    if (problems.length > 0) {
      toast.error(REFERRAL_MESSAGES.errorTitle, { description: problems[0]!.message });
      focusFirst(idPrefix, problems);
      return;
    }
    setPhase('submitting');
    try {
      await api('/referrals/quick', {
        method: 'POST',
        body: { ...values, notes: values.notes || undefined, contactClient, _gotcha: trap.current?.value ?? '' },
      });
      setPhase('submitted');
      toast.success(REFERRAL_MESSAGES.quickSuccessTitle, { description: REFERRAL_MESSAGES.quickSuccess });
      const email = values.plumberEmail.trim();
      timer.current = setTimeout(() => {
        setValues(EMPTY_REFERRAL);
        setPhase('idle');
        if (onRegister) onRegister(email);
        else navigate('/plumber-referral', { state: { register: email } });
      }, QUICK_REDIRECT_MS);
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(errorsOf(error.errors));
        focusFirst(idPrefix, error.errors);
      }
      errorToast(error);
    }
  }

  const Heading = `h${headingLevel}` as const;
  const busy = phase !== 'idle';
  return (
    <form
      className="referral-form"
      method="post"
      action="/api/referrals/quick"
      onSubmit={submit}
      noValidate={hydrated}
      aria-busy={busy}
      aria-labelledby={`${idPrefix}-title`}
    >
      <Heading id={`${idPrefix}-title`} className="referral-form__title">
        Submit a Quick Referral
      </Heading>
      <div className="booking-form__trap" aria-hidden="true">
        <label htmlFor={`${idPrefix}-gotcha`}>Leave this field empty</label>
        <input ref={trap} id={`${idPrefix}-gotcha`} type="text" name="_gotcha" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <ReferralFields idPrefix={idPrefix} values={values} errors={errors} set={set} contactClient={contactClient} setContactClient={setContactClient} />
      <p className="notice notice--info">
        <strong>Registration required.</strong> To track this referral and receive your payments you need a plumber account. After you submit, you will be
        redirected to create your account.
      </p>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Submitting...' : 'Submit Referral & Register'}
      </button>
      {phase === 'submitted' ? (
        <p className="referral-form__status" role="status">
          Thank you! Taking you to registration...
        </p>
      ) : null}
    </form>
  );
}

/**
 * spec §2/§3 new referral (signed in): the plumber's details prefilled from the profile, the service
 * types asked for (at least one), 'Permission to contact client' (on by default) and up to 5 photos,
 * uploaded once the referral is saved. If only the photos fail, the referral stays saved and the
 * upload can be retried from here.
 */
export function NewReferralForm({ idPrefix = 'new-referral' }: { idPrefix?: string }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const { values, setValues, errors, setErrors, set } = useReferralValues();
  const [contactClient, setContactClient] = useState(true);
  const [services, setServices] = useState({ cleanView: true, reline: false });
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<PlumberReferral | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    session
      .call<Me>('/auth/me')
      .then((me) => {
        if (cancelled) return;
        setValues((current) => ({
          ...current,
          plumberName: current.plumberName || me.profile.fullName || '',
          plumberCompany: current.plumberCompany || me.profile.businessName || '',
          plumberPhone: current.plumberPhone || me.profile.phone || '',
          plumberEmail: current.plumberEmail || me.email,
        }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call/blob are stable functions; the session object changes with every sign-in state
  }, [session.call, setValues]);

  function finish() {
    toast.success(REFERRAL_MESSAGES.successTitle, { description: REFERRAL_MESSAGES.success });
    navigate('/plumber-dashboard');
  }

  async function upload(referral: PlumberReferral): Promise<boolean> {
    if (photos.length === 0) return true;
    const form = new FormData();
    for (const photo of photos) form.append('photos', photo, photo.name);
    try {
      await session.call(`/me/referrals/${referral.id}/photos`, { method: 'POST', body: form });
      return true;
    } catch (error) {
      setUploadError(error instanceof ApiError ? error.message : 'Please try again');
      return false;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = referralProblems({ ...values, contactClient, serviceTypes: services }, { requireServiceType: true });
    const photoIssue = photoProblem(photos);
    if (photoIssue) problems.push({ field: 'photos', message: photoIssue });
    setErrors(errorsOf(problems));
    if (problems.length > 0) {
      toast.error(REFERRAL_MESSAGES.errorTitle, { description: problems[0]!.message });
      focusFirst(idPrefix, problems);
      return;
    }
    setBusy(true);
    try {
      const referral = await session.call<PlumberReferral>('/me/referrals', {
        method: 'POST',
        body: { ...values, notes: values.notes || undefined, contactClient, serviceTypes: services },
      });
      setCreated(referral);
      if (await upload(referral)) finish();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(errorsOf(error.errors));
        focusFirst(idPrefix, error.errors);
      }
      errorToast(error);
    } finally {
      setBusy(false);
    }
  }

  async function retryUpload() {
    if (!created) return;
    setBusy(true);
    setUploadError(null);
    const uploaded = await upload(created);
    setBusy(false);
    if (uploaded) finish();
  }

  if (created && uploadError) {
    return (
      <div className="referral-form">
        <div className="notice notice--error" role="alert">
          <p>
            <strong>Your referral {created.refNumber} was saved</strong>, but its photos were not uploaded: {uploadError}
          </p>
        </div>
        <PhotoPicker id={`${idPrefix}-photos`} files={photos} onChange={setPhotos} error={photoProblem(photos) ?? undefined} />
        <div className="form-actions">
          <button type="button" className="button button--primary" onClick={retryUpload} disabled={busy || photos.length === 0 || !!photoProblem(photos)}>
            {busy ? 'Uploading...' : 'Upload Photos Again'}
          </button>
          <button type="button" className="button button--secondary" onClick={finish}>
            Continue Without Photos
          </button>
        </div>
      </div>
    );
  }

  const serviceError = errors.serviceTypes;
  return (
    <form className="referral-form referral-form--card" onSubmit={submit} noValidate aria-busy={busy} aria-label="Submit New Referral">
      <ReferralFields
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        set={set}
        contactClient={contactClient}
        setContactClient={setContactClient}
        issueExtras={
          <fieldset className="field referral-form__services" aria-describedby={serviceError ? `${idPrefix}-serviceTypes-error` : undefined}>
            <legend className="field__label">
              Service type <span aria-hidden="true">*</span>
            </legend>
            <div className="checkbox">
              <input
                id={`${idPrefix}-serviceTypes-cleanView`}
                type="checkbox"
                checked={services.cleanView}
                onChange={(event) => {
                  setServices({ ...services, cleanView: event.target.checked });
                  setErrors((current) => ({ ...current, serviceTypes: undefined }));
                }}
              />
              <label htmlFor={`${idPrefix}-serviceTypes-cleanView`}>Clean &amp; View (drain clean and CCTV inspection)</label>
            </div>
            <div className="checkbox">
              <input
                id={`${idPrefix}-serviceTypes-reline`}
                type="checkbox"
                checked={services.reline}
                onChange={(event) => {
                  setServices({ ...services, reline: event.target.checked });
                  setErrors((current) => ({ ...current, serviceTypes: undefined }));
                }}
              />
              <label htmlFor={`${idPrefix}-serviceTypes-reline`}>Pipe relining</label>
            </div>
            {serviceError ? (
              <p id={`${idPrefix}-serviceTypes-error`} className="field__error" role="alert">
                {serviceError}
              </p>
            ) : null}
          </fieldset>
        }
        issueAfter={
          <PhotoPicker
            id={`${idPrefix}-photos`}
            files={photos}
            onChange={(files) => {
              setPhotos(files);
              setErrors((current) => ({ ...current, photos: undefined }));
            }}
            error={errors.photos}
          />
        }
      />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? 'Submitting...' : 'Submit Referral'}
      </button>
    </form>
  );
}
