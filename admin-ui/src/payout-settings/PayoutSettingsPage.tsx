import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, FormHelperText, Skeleton, Switch, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Controller, FormProvider, useForm, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { payoutSettingsProblems, type PayoutBankSettings } from '@relining/contracts/api/payouts';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { Toast } from '../common/Toast';
import { FormText } from '../jobs/inspection/formFields';
import { nestedErrors } from '../jobs/inspection/reportForm';
import { session } from '../providers/session';

const PATH = '/admin/settings/payouts';

/** Nothing saved yet: the form starts empty (the server may answer these, or 404). */
const EMPTY: PayoutBankSettings = {
  bankMnemonic: '',
  bsb: '',
  accountNumber: '',
  accountName: '',
  apcaUserId: '',
  remitterName: '',
  balancingRecord: false,
};

/** The form's values as the API takes them: text trimmed, the bank's letters in capitals. */
function settingsOf(values: PayoutBankSettings): PayoutBankSettings {
  return {
    bankMnemonic: values.bankMnemonic.trim().toUpperCase(),
    bsb: values.bsb.trim(),
    accountNumber: values.accountNumber.trim(),
    accountName: values.accountName.trim(),
    apcaUserId: values.apcaUserId.trim(),
    remitterName: values.remitterName.trim(),
    balancingRecord: values.balancingRecord,
  };
}

/** The contracts' rules, with the server's messages, before anything is sent. */
const resolver: Resolver<PayoutBankSettings> = (values) => {
  const problems = payoutSettingsProblems(values);
  return problems.length === 0 ? { values, errors: {} } : { values: {}, errors: nestedErrors(problems) as FieldErrors<PayoutBankSettings> };
};

/**
 * The business's bank account for payout runs (issue 18): the account the ABA file pays plumbers
 * from, the APCA user id the bank gave for direct entry, and how the plumbers' statements name the
 * payer. Without them the ABA file cannot be made.
 */
export function PayoutSettingsPage() {
  const [initial, setInitial] = useState<PayoutBankSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    session.call<Partial<PayoutBankSettings> | null>(PATH).then(
      (answer) => !cancelled && setInitial({ ...EMPTY, ...stringsOf(answer) }),
      (caught: unknown) => {
        if (cancelled) return;
        // None saved yet: an empty form to fill in.
        if (caught instanceof ApiError && caught.status === 404) setInitial(EMPTY);
        else setError(errorMessage(caught, 'The payout settings could not be loaded.'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 720, minWidth: 0 }}>
      <Title title="Payout bank account" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Payout bank account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The business's account that payout runs pay plumbers from, as the ABA (direct entry) file names it. Your bank gives you these details when it sets up
        direct entry.
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((value) => value + 1)}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {initial ? <PayoutSettingsForm initial={initial} /> : error ? null : <Skeleton variant="rounded" height={420} aria-label="Loading" />}
    </Box>
  );
}

/** The answer's fields as the form's (null and missing text become empty boxes). */
function stringsOf(answer: Partial<PayoutBankSettings> | null | undefined): Partial<PayoutBankSettings> {
  if (!answer) return {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    bankMnemonic: text(answer.bankMnemonic),
    bsb: text(answer.bsb),
    accountNumber: text(answer.accountNumber),
    accountName: text(answer.accountName),
    apcaUserId: text(answer.apcaUserId),
    remitterName: text(answer.remitterName),
    balancingRecord: answer.balancingRecord === true,
  };
}

function PayoutSettingsForm({ initial }: { initial: PayoutBankSettings }) {
  const notify = useNotify();
  const form = useForm<PayoutBankSettings>({ defaultValues: initial, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { isSubmitting } = form.formState;

  const save = form.handleSubmit(
    async (values) => {
      try {
        const saved = await session.call<PayoutBankSettings>(PATH, { method: 'PUT', body: settingsOf(values) });
        form.reset({ ...EMPTY, ...stringsOf(saved) });
        notify(<Toast title="Payout bank account saved" description="The next ABA file pays from this account." />, { type: 'success' });
      } catch (caught) {
        if (caught instanceof ApiError)
          for (const problem of caught.errors) form.setError(problem.field as Path<PayoutBankSettings>, { type: 'server', message: problem.message });
        notify(<Toast title="Not saved" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
      }
    },
    () => notify(<Toast title="Not saved" description="Please correct the fields marked in red." />, { type: 'error' }),
  );

  return (
    <FormProvider {...form}>
      <Card component="form" noValidate onSubmit={(event) => void save(event)} aria-label="Payout bank account">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h2">
            The business's account
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormText<PayoutBankSettings>
              name="accountName"
              label="Account name"
              required
              helperText="As the bank holds it (up to 26 characters)"
              slotProps={{ htmlInput: { maxLength: 26, autoComplete: 'off' } }}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
            <FormText<PayoutBankSettings>
              name="bsb"
              label="BSB"
              required
              helperText="Six digits, e.g. 062-000"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, autoComplete: 'off' } }}
            />
            <FormText<PayoutBankSettings>
              name="accountNumber"
              label="Account number"
              required
              helperText="6 to 9 digits"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11, autoComplete: 'off' } }}
            />
          </Box>

          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            Direct entry
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormText<PayoutBankSettings>
              name="bankMnemonic"
              label="Bank"
              required
              helperText="The three letters of the bank that processes the file (e.g. CBA, WBC, NAB, ANZ)"
              slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters', autoComplete: 'off', style: { textTransform: 'uppercase' } } }}
            />
            <FormText<PayoutBankSettings>
              name="apcaUserId"
              label="APCA user id"
              required
              helperText="The APCA user id your bank gave you for direct entry (6 digits)"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
            />
            <FormText<PayoutBankSettings>
              name="remitterName"
              label="Remitter name"
              required
              helperText="The payer's name on plumbers' bank statements (up to 16 characters)"
              slotProps={{ htmlInput: { maxLength: 16, autoComplete: 'off' } }}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
          </Box>
          <Box>
            <Controller
              control={form.control}
              name="balancingRecord"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                  label="Add a balancing record"
                />
              )}
            />
            <FormHelperText sx={{ mt: 0 }}>
              A debit from the business's account for the file's total, making the file self-balancing. Some banks (e.g. CommBank) need a balancing record; ask
              yours.
            </FormHelperText>
          </Box>
          <Box>
            <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={isSubmitting} sx={{ minHeight: 48 }}>
              {isSubmitting ? 'Saving…' : 'Save bank account'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </FormProvider>
  );
}
