import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormHelperText,
  FormLabel,
  IconButton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { FormProvider, useController, useFieldArray, useForm, useFormContext, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import type { JobPhotoRecord, ReportRecord } from '@relining/contracts/api/inspections';
import { errorMessage } from '@relining/contracts/client/http';
import {
  GRADE_MEANINGS,
  GRADES,
  OBSERVATION_CODES,
  PIPE_MATERIALS,
  RECOMMENDATION_KINDS,
  reportProblems,
  type Grade,
  type RecommendationKind,
} from '@relining/contracts/inspection-report';
import { formatDateTime } from '../../common/dates';
import { DetailSection } from '../../common/DetailSection';
import { LoadState } from '../../common/LoadState';
import { Toast } from '../../common/Toast';
import { useApiGet } from '../../common/useApiGet';
import { FormText, FormSelect } from './formFields';
import { downloadGuarded, jobPath } from './jobFiles';
import { JobPhotos, PhotoChooser } from './JobPhotos';
import { draftOfReport, nestedErrors, newObservation, newSection, reportChangeOf, type ReportDraft } from './reportForm';
import { DraftActions, useDraftDocument } from './useDraftDocument';

/** Grades as colours: 1–2 fine, 3 worth planning for, 4–5 urgent. */
export const gradeColour = (grade: Grade): 'success' | 'warning' | 'error' => (grade <= 2 ? 'success' : grade === 3 ? 'warning' : 'error');

/** The contract checks the draft as it would be sent; its messages land on the fields. */
const resolver: Resolver<ReportDraft> = (values) => {
  const problems = reportProblems(reportChangeOf(values));
  return problems.length === 0 ? { values, errors: {} } : { values: {}, errors: nestedErrors(problems) as FieldErrors<ReportDraft> };
};

/**
 * The job's inspection report (issue 17), for a technician on a tablet: a summary, pipe sections as
 * cards added in place (with their observations, grades and recommendation), the job's photos from the
 * camera; saved as a draft, then published to the customer (who is e-mailed), with its PDF.
 */
export function ReportEditor({ jobId, onPublished }: { jobId: string; onPublished?: () => void }) {
  const { data, error, loading, retry } = useApiGet<ReportRecord>(`${jobPath(jobId)}/report`);
  if (!data)
    return <LoadState isPending={loading} error={error} retry={retry} loading="Loading the report..." failed={error ?? 'The report could not be loaded.'} />;
  return <ReportForm jobId={jobId} initial={data} onPublished={onPublished} />;
}

function ReportForm({ jobId, initial, onPublished }: { jobId: string; initial: ReportRecord; onPublished?: () => void }) {
  const [record, setRecord] = useState(initial);
  const [photos, setPhotos] = useState<JobPhotoRecord[]>(initial.photos);
  const [busy, setBusy] = useState<'save' | 'publish' | 'pdf' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();
  const form = useForm<ReportDraft>({ defaultValues: draftOfReport(initial), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const sections = useFieldArray({ control: form.control, name: 'sections' });
  const { isDirty, errors } = form.formState;

  /** The server's answer is what is stored: the form shows it from now on. */
  const adopt = (saved: ReportRecord) => {
    setRecord(saved);
    setPhotos(saved.photos);
    form.reset(draftOfReport(saved));
  };

  const { save, askToPublish, publish } = useDraftDocument<ReportDraft, ReportRecord>({
    form,
    jobId,
    path: 'report',
    noun: 'Report',
    changeOf: reportChangeOf,
    adopt,
    setBusy,
    savedDescription: (saved) => (saved.publishedVersion > 0 ? 'The customer sees it once you publish it again.' : undefined),
    publishedDescription: 'The customer has been e-mailed a link to read it.',
    askedToPublish: () => setConfirming(true),
    // Changes the server refused to save keep the dialog open.
    publishEnded: (end) => {
      if (end !== 'not saved') setConfirming(false);
    },
    onPublished,
  });

  async function downloadPdf() {
    setBusy('pdf');
    try {
      await downloadGuarded(`${jobPath(jobId)}/report.pdf`, `inspection-report-${record.jobNumber}.pdf`);
    } catch (caught) {
      notify(<Toast title="PDF not downloaded" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(null);
    }
  }

  /** A deleted photo leaves the observations that named it (the server forgets it too). */
  const photoDeleted = (photoId: string) => {
    setPhotos((current) => current.filter((photo) => photo.id !== photoId));
    form.getValues('sections').forEach((section, sectionIndex) =>
      section.observations.forEach((observation, observationIndex) => {
        if (observation.photoIds.includes(photoId)) {
          form.setValue(
            `sections.${sectionIndex}.observations.${observationIndex}.photoIds`,
            observation.photoIds.filter((id) => id !== photoId),
          );
        }
      }),
    );
  };

  const published = record.publishedVersion > 0;
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void save(event)}
        aria-label="Inspection report"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {published ? (
            <Chip color="success" label={`Published version ${record.publishedVersion} · ${formatDateTime(record.publishedAt)}`} />
          ) : (
            <Chip label="Not published yet" />
          )}
          {published && (record.changedSincePublish || isDirty) ? <Chip color="warning" label="Changes not yet published" /> : null}
          {isDirty ? <Chip variant="outlined" color="warning" label="Unsaved changes" /> : null}
          {record.updatedAt ? (
            <Typography variant="body2" color="text.secondary">
              Last saved {formatDateTime(record.updatedAt)}
            </Typography>
          ) : null}
          {published ? (
            <Button
              sx={{ ml: 'auto', minHeight: 44 }}
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void downloadPdf()}
              disabled={busy !== null}
            >
              Download PDF
            </Button>
          ) : null}
        </Stack>

        <FormText<ReportDraft>
          name="summary"
          label="Summary"
          multiline
          minRows={4}
          fullWidth
          helperText="What was found, in plain words: the customer reads this first."
        />

        <DetailSection title="Photos">
          <JobPhotos jobId={jobId} photos={photos} onAdded={(added) => setPhotos((current) => [...current, ...added])} onDeleted={photoDeleted} />
        </DetailSection>

        <DetailSection title={`Pipe sections (${sections.fields.length})`}>
          <Stack spacing={2}>
            {sections.fields.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No sections yet. Add one for each run of pipe inspected, e.g. boundary trap to kitchen junction.
              </Typography>
            ) : null}
            {sections.fields.map((field, index) => (
              <SectionCard key={field.id} jobId={jobId} index={index} photos={photos} onRemove={() => sections.remove(index)} />
            ))}
            {errors.sections?.root?.message ? <Alert severity="error">{errors.sections.root.message}</Alert> : null}
            {errors.sections?.message ? <Alert severity="error">{errors.sections.message}</Alert> : null}
            <Box>
              <Button variant="outlined" size="large" startIcon={<AddIcon />} onClick={() => sections.append(newSection())} sx={{ minHeight: 48 }}>
                Add section
              </Button>
            </Box>
          </Stack>
        </DetailSection>

        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            py: 1.5,
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
          }}
        >
          <DraftActions noun="report" busy={busy} onPublish={() => void askToPublish()} />
        </Box>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={busy === 'publish'}
        title={published ? `Publish version ${record.publishedVersion + 1} of the report?` : 'Publish the report?'}
        content={
          <>
            {isDirty ? 'Your changes are saved first. ' : ''}
            The customer is e-mailed a link to read the report on their tracking page (after entering their postcode or phone digits), and the PDF is made
            {published ? ' again' : ''}.{published ? '' : ' An earlier job moves to Inspection Completed.'}
          </>
        }
        confirm="Publish report"
        onConfirm={() => void publish()}
        onClose={() => setConfirming(false)}
      />
    </FormProvider>
  );
}

function SectionCard({ jobId, index, photos, onRemove }: { jobId: string; index: number; photos: JobPhotoRecord[]; onRemove: () => void }) {
  const [removing, setRemoving] = useState(false);
  const { control } = useFormContext<ReportDraft>();
  const observations = useFieldArray({ control, name: `sections.${index}.observations` });
  const [from, to] = useWatch({ control, name: [`sections.${index}.from`, `sections.${index}.to`] });
  const at = (name: string) => `sections.${index}.${name}` as Path<ReportDraft>;
  const title = `Section ${index + 1}`;
  const where = from || to ? `${from || '…'} → ${to || '…'}` : '';
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {title}
            {where ? (
              <Typography component="span" color="text.secondary">
                {' '}
                · {where}
              </Typography>
            ) : null}
          </Typography>
          <Tooltip title="Remove section">
            <IconButton aria-label={`Remove section ${index + 1}`} onClick={() => setRemoving(true)} sx={{ ml: 'auto', width: 48, height: 48 }}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <FormText<ReportDraft> name={at('from')} label="From" placeholder="Boundary trap" />
          <FormText<ReportDraft> name={at('to')} label="To" placeholder="Kitchen junction" />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 2 }}>
          <FormSelect<ReportDraft> name={at('material')} label="Material" choices={PIPE_MATERIALS} />
          <FormText<ReportDraft> name={at('diameterMm')} label="Diameter (mm)" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <FormText<ReportDraft> name={at('lengthM')} label="Length (m)" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <FormText<ReportDraft>
            name={at('junctions')}
            label="Junctions"
            helperText="To reinstate after relining"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>

        <Box>
          <Typography variant="subtitle1" component="h4">
            Observations
          </Typography>
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {observations.fields.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nothing recorded along this section.
              </Typography>
            ) : null}
            {observations.fields.map((field, position) => (
              <ObservationRow
                key={field.id}
                jobId={jobId}
                sectionIndex={index}
                index={position}
                photos={photos}
                onRemove={() => observations.remove(position)}
              />
            ))}
            <Box>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => observations.append(newObservation())} sx={{ minHeight: 48 }}>
                Add observation
              </Button>
            </Box>
          </Stack>
        </Box>

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <GradeChips name={at('structuralGrade')} kind="structural" label="Structural grade" />
          <GradeChips name={at('serviceGrade')} kind="service" label="Service grade" />
        </Box>
        <RecommendationInput sectionIndex={index} />
      </CardContent>
      <Confirm
        isOpen={removing}
        title={`Remove section ${index + 1}?`}
        content="The section and its observations leave the report when you save it."
        confirm="Remove"
        onConfirm={() => {
          setRemoving(false);
          onRemove();
        }}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}

function ObservationRow({
  jobId,
  sectionIndex,
  index,
  photos,
  onRemove,
}: {
  jobId: string;
  sectionIndex: number;
  index: number;
  photos: JobPhotoRecord[];
  onRemove: () => void;
}) {
  const at = (name: string) => `sections.${sectionIndex}.observations.${index}.${name}` as Path<ReportDraft>;
  const { field } = useController<ReportDraft>({ name: at('photoIds') });
  const [choosing, setChoosing] = useState(false);
  const chosen = (field.value as string[] | undefined) ?? [];
  const label = `Observation ${index + 1} of section ${sectionIndex + 1}`;
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '130px 1fr 48px' }, gap: 1.5, alignItems: 'start' }}>
        <FormText<ReportDraft> name={at('distanceM')} label="Distance (m)" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <FormSelect<ReportDraft> name={at('code')} label="Code" choices={OBSERVATION_CODES} />
        <Tooltip title="Remove observation">
          <IconButton aria-label={`Remove observation ${index + 1} of section ${sectionIndex + 1}`} onClick={onRemove} sx={{ width: 48, height: 48 }}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <FormText<ReportDraft> name={at('note')} label="Note" fullWidth multiline />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {chosen.length === 0 ? 'No photos attached' : chosen.length === 1 ? '1 photo attached' : `${chosen.length} photos attached`}
        </Typography>
        <Button size="small" onClick={() => setChoosing((value) => !value)} aria-expanded={choosing} sx={{ minHeight: 40 }}>
          {choosing ? 'Done' : 'Attach photos'}
        </Button>
      </Box>
      {choosing ? <PhotoChooser jobId={jobId} photos={photos} chosen={chosen} onChange={field.onChange} label={`Photos of ${label.toLowerCase()}`} /> : null}
    </Box>
  );
}

/** Grades 1–5 as chips (a radio group), coloured by severity, each with its meaning for the homeowner. */
function GradeChips({ name, kind, label }: { name: Path<ReportDraft>; kind: 'structural' | 'service'; label: string }) {
  const { field, fieldState } = useController<ReportDraft>({ name });
  const value = field.value as Grade | null;
  const meaning = value ? GRADE_MEANINGS[kind][value] : null;
  const labelId = `${name}-label`;
  return (
    <Box>
      <FormLabel id={labelId} error={Boolean(fieldState.error)} sx={{ display: 'block', mb: 1 }}>
        {label}
      </FormLabel>
      <Box role="radiogroup" aria-labelledby={labelId} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {GRADES.map((grade) => {
          const chosen = value === grade;
          return (
            <Tooltip key={grade} title={GRADE_MEANINGS[kind][grade].label}>
              <Chip
                role="radio"
                aria-checked={chosen}
                aria-label={`${grade}: ${GRADE_MEANINGS[kind][grade].label}`}
                label={grade}
                color={gradeColour(grade)}
                variant={chosen ? 'filled' : 'outlined'}
                onClick={() => field.onChange(grade)}
                sx={{ minWidth: 52, height: 48, fontSize: '1.1rem', fontWeight: chosen ? 700 : 400, borderWidth: 2 }}
              />
            </Tooltip>
          );
        })}
      </Box>
      <FormHelperText error={Boolean(fieldState.error)}>
        {fieldState.error?.message ?? (meaning ? `${meaning.label}: ${meaning.meaning}` : 'Choose 1 (good) to 5 (failed).')}
      </FormHelperText>
    </Box>
  );
}

function RecommendationInput({ sectionIndex }: { sectionIndex: number }) {
  const name = `sections.${sectionIndex}.recommendation.kind` as const;
  const { field, fieldState } = useController<ReportDraft>({ name });
  const kind = field.value as RecommendationKind | '';
  const labelId = `sections-${sectionIndex}-recommendation-label`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <Box>
        <FormLabel id={labelId} error={Boolean(fieldState.error)} sx={{ display: 'block', mb: 1 }}>
          Recommendation
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          aria-labelledby={labelId}
          value={kind || null}
          onChange={(_event, next: RecommendationKind | null) => next && field.onChange(next)}
          sx={{ flexWrap: 'wrap' }}
        >
          {Object.entries(RECOMMENDATION_KINDS).map(([value, text]) => (
            <ToggleButton key={value} value={value} color="primary" sx={{ minHeight: 48, px: 2 }}>
              {text}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
      </Box>
      {kind === 'reline' ? (
        <FormText<ReportDraft>
          name={`sections.${sectionIndex}.recommendation.metres`}
          label="Metres to reline"
          sx={{ maxWidth: 200, mt: { sm: 3.5 } }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
    </Box>
  );
}
