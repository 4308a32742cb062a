import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { ArrayInput, NumberInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, Title, useNotify } from 'react-admin';
import type { CompanyProfile } from '@relining/contracts/api/settings';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { companyProfileProblems } from '@relining/contracts/company-profile-rules';
import { formatAbn, LICENCE_STATES } from '@relining/contracts/site-content';
import { SaveOnlyToolbar } from '../common/SaveOnlyToolbar';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { session } from '../providers/session';

const STATE_CHOICES = LICENCE_STATES.map((state) => ({ id: state, name: state }));

/** The form's values as the API takes them: empty numbers are null. */
function toProfile(values: Record<string, unknown>): CompanyProfile {
  const number = (value: unknown) => (value === '' || value === undefined || value === null ? null : Number(value));
  const list = <T,>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);
  return {
    legalName: String(values.legalName ?? ''),
    abn: String(values.abn ?? ''),
    licences: list(values.licences),
    insurer: String(values.insurer ?? ''),
    insurancePolicy: String(values.insurancePolicy ?? ''),
    establishedYear: number(values.establishedYear),
    serviceHours: String(values.serviceHours ?? ''),
    socialLinks: list(values.socialLinks),
    reviewLinks: list(values.reviewLinks),
  };
}

/** A field error's path as the form names fields: 'licences[0].state' → 'licences.0.state'. */
const formPath = (field: string) => field.replace(/\[(\d+)\]/g, (_bracketed, index: string) => `.${index}`);

function validate(values: Record<string, unknown>) {
  return errorsAtFields(companyProfileProblems(toProfile(values), new Date().getFullYear()));
}

/** Field problems (the shared rules', or the server's) where the form shows them. */
function errorsAtFields(problems: ReadonlyArray<{ field: string; message: string }>) {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    // Nested messages go where react-hook-form looks for them: { licences: [{ state: '…' }] }.
    const path = formPath(problem.field).split('.');
    let at = errors;
    path.forEach((key, index) => {
      if (index === path.length - 1) at[key] = problem.message;
      else at = (at[key] ??= /^\d+$/.test(path[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return errors;
}

/**
 * The company profile (issue 14): the credentials the website's footer, about page, structured data
 * and every e-mail show. A field left empty is not printed anywhere. The rating the site states is
 * not typed here: it is computed from the published reviews (Reviews).
 */
export function CompanyProfilePage() {
  const [version, setVersion] = useState(0);
  const { data, error } = useApiGet<CompanyProfile>('/admin/company-profile', version);
  const notify = useNotify();

  async function save(values: Record<string, unknown>) {
    try {
      await session.call<CompanyProfile>('/admin/company-profile', { method: 'PUT', body: toProfile(values) });
      notify(<Toast title="Company profile saved" description="The website and new e-mails show it now." />, { type: 'success' });
      setVersion((value) => value + 1);
      return undefined;
    } catch (caught) {
      notify(<Toast title="Not saved" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
      if (caught instanceof ApiError && caught.errors.length > 0) return errorsAtFields(caught.errors);
      return undefined;
    }
  }

  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Title title="Company Profile" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Company Profile
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Shown in the website footer, the About Us page, search results and every e-mail. Leave a field empty and it is not shown anywhere.
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {data ? (
        <Card>
          <CardContent>
            <SimpleForm
              record={{ ...data, abn: data.abn ? formatAbn(data.abn) : '' }}
              onSubmit={save}
              validate={validate}
              key={version}
              toolbar={<SaveOnlyToolbar />}
            >
              <Typography variant="h6" component="h2">
                Business
              </Typography>
              <TextInput source="legalName" label="Legal name" helperText="The registered name, e.g. Pipe Relining Australia Pty Ltd" fullWidth />
              <TextInput source="abn" label="ABN" helperText="11 digits" />
              <NumberInput source="establishedYear" label="In business since (year)" min={1900} step={1} />
              <TextInput source="serviceHours" label="Service hours" helperText="e.g. Mon–Fri 7am–5pm, Sat 8am–12pm, 24/7 emergencies" fullWidth />
              <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                Licences and insurance
              </Typography>
              <ArrayInput source="licences" label="Plumbing licences">
                <SimpleFormIterator inline disableReordering>
                  <SelectInput source="state" label="State or territory" choices={STATE_CHOICES} />
                  <TextInput source="number" label="Licence number" />
                </SimpleFormIterator>
              </ArrayInput>
              <TextInput source="insurer" label="Insurer" />
              <TextInput source="insurancePolicy" label="Public liability policy number" />
              <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                Reviews and links
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                The website’s rating is computed from the reviews published under Reviews.
              </Typography>
              <LinksInput source="reviewLinks" label="Where to read the reviews" example="Google reviews" />
              <LinksInput source="socialLinks" label="Social media" example="Facebook" />
            </SimpleForm>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

/** A list of named links (reviews, social media): a name and an https:// address each. */
function LinksInput({ source, label, example }: { source: 'reviewLinks' | 'socialLinks'; label: string; example: string }) {
  return (
    <ArrayInput source={source} label={label}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="label" label="Name" helperText={`e.g. ${example}`} />
        <TextInput source="url" label="Address (https://…)" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
