import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { FormProvider, useFieldArray, useForm, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import type { PriceListRecord } from '@relining/contracts/api/inspections';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { priceListProblems } from '@relining/contracts/quote-proposal';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { FormText } from '../jobs/inspection/formFields';
import { draftOfPriceList, priceListOf, type PriceListDraft } from '../jobs/inspection/quoteForm';
import { nestedErrors } from '../jobs/inspection/reportForm';
import { session } from '../providers/session';

const PATH = '/admin/settings/price-list';

const resolver: Resolver<PriceListDraft> = (values) => {
  const problems = priceListProblems(priceListOf(values));
  return problems.length === 0 ? { values, errors: {} } : { values: {}, errors: nestedErrors(problems) as FieldErrors<PriceListDraft> };
};

/**
 * The price list (issue 17): what a quote started from a report charges. Relining per metre by pipe
 * diameter band, a junction reinstatement and the access work, every price GST-inclusive. A quote
 * keeps the prices it was made with; a change applies to quotes started from now on.
 */
export function PriceListPage() {
  const { data, error } = useApiGet<PriceListRecord>(PATH);
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 720, minWidth: 0 }}>
      <Title title="Price list" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Price list
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The rates ‘Start from the report’ puts on a quote. Prices include GST. Quotes already made keep their prices.
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {data ? <PriceListForm initial={data} /> : null}
    </Box>
  );
}

function PriceListForm({ initial }: { initial: PriceListRecord }) {
  const notify = useNotify();
  const form = useForm<PriceListDraft>({ defaultValues: draftOfPriceList(initial), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const bands = useFieldArray({ control: form.control, name: 'relinePerMetre' });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(
    async (values) => {
      try {
        const saved = await session.call<PriceListRecord>(PATH, { method: 'PUT', body: priceListOf(values) });
        form.reset(draftOfPriceList(saved));
        notify(<Toast title="Price list saved" description="New quotes started from a report use it now." />, { type: 'success' });
      } catch (caught) {
        if (caught instanceof ApiError)
          for (const problem of caught.errors) form.setError(problem.field as Path<PriceListDraft>, { type: 'server', message: problem.message });
        notify(<Toast title="Not saved" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
      }
    },
    () => notify(<Toast title="Not saved" description="Please correct the fields marked in red." />, { type: 'error' }),
  );

  return (
    <FormProvider {...form}>
      <Card component="form" noValidate onSubmit={(event) => void save(event)} aria-label="Price list">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h2">
            Relining per metre
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each band prices pipes up to its diameter, the bands in increasing order. A pipe wider than the last band gets a line without a price, to price by
            hand.
          </Typography>
          <Stack spacing={1.5}>
            {bands.fields.map((field, index) => (
              <Box
                key={field.id}
                role="group"
                aria-label={`Band ${index + 1}`}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr 48px' }, gap: 1.5, alignItems: 'start' }}
              >
                <FormText<PriceListDraft>
                  name={`relinePerMetre.${index}.maxDiameterMm`}
                  label="Up to diameter (mm)"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                <FormText<PriceListDraft>
                  name={`relinePerMetre.${index}.centsPerMetre`}
                  label="Price per metre ($)"
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
                <IconButton aria-label={`Remove band ${index + 1}`} onClick={() => bands.remove(index)} sx={{ width: 48, height: 48 }}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Stack>
          {errors.relinePerMetre?.root?.message ? <Alert severity="error">{errors.relinePerMetre.root.message}</Alert> : null}
          {errors.relinePerMetre?.message ? <Alert severity="error">{errors.relinePerMetre.message}</Alert> : null}
          <Box>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => bands.append({ maxDiameterMm: '', centsPerMetre: '' })} sx={{ minHeight: 44 }}>
              Add band
            </Button>
          </Box>

          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            Per item
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <FormText<PriceListDraft>
              name="junctionCents"
              label="Junction reinstatement ($)"
              helperText="Each junction counted on a relined section"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <FormText<PriceListDraft>
              name="accessCents"
              label="Access and set-up ($)"
              helperText="Once per relined section"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          <Box>
            <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />} disabled={isSubmitting} sx={{ minHeight: 48 }}>
              {isSubmitting ? 'Saving…' : 'Save price list'}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </FormProvider>
  );
}
