import type { ReportChange, ReportRecord } from '@relining/contracts/api/inspections';
import type { Grade, ObservationCode, PipeMaterial, PipeSection, RecommendationKind } from '@relining/contracts/inspection-report';

/**
 * The report editor's form (issue 17) as plain data: what the technician types (numbers as the boxes
 * hold them, '' for nothing chosen yet) and the ReportChange PUT /api/admin/jobs/:id/report takes.
 * Checking stays with the contract (`reportProblems`); these helpers only convert.
 */

export interface ObservationDraft {
  distanceM: string;
  code: ObservationCode | '';
  note: string;
  photoIds: string[];
}

export interface SectionDraft {
  from: string;
  to: string;
  material: PipeMaterial | '';
  diameterMm: string;
  lengthM: string;
  junctions: string;
  observations: ObservationDraft[];
  structuralGrade: Grade | null;
  serviceGrade: Grade | null;
  recommendation: { kind: RecommendationKind | ''; metres: string };
}

export interface ReportDraft {
  summary: string;
  sections: SectionDraft[];
}

/** A number box's text as a number: '' (or only spaces) is no number (NaN, which the contract refuses), not 0. */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

const textOf = (value: number | undefined | null): string => (value === undefined || value === null || Number.isNaN(value) ? '' : String(value));

export const newObservation = (): ObservationDraft => ({ distanceM: '', code: '', note: '', photoIds: [] });

export const newSection = (): SectionDraft => ({
  from: '',
  to: '',
  material: '',
  diameterMm: '',
  lengthM: '',
  junctions: '',
  observations: [],
  structuralGrade: null,
  serviceGrade: null,
  recommendation: { kind: '', metres: '' },
});

export function draftOfSection(section: PipeSection): SectionDraft {
  return {
    from: section.from,
    to: section.to,
    material: section.material,
    diameterMm: textOf(section.diameterMm),
    lengthM: textOf(section.lengthM),
    junctions: textOf(section.junctions),
    observations: section.observations.map((observation) => ({
      distanceM: textOf(observation.distanceM),
      code: observation.code,
      note: observation.note ?? '',
      photoIds: [...(observation.photoIds ?? [])],
    })),
    structuralGrade: section.structuralGrade,
    serviceGrade: section.serviceGrade,
    recommendation: { kind: section.recommendation.kind, metres: textOf(section.recommendation.metres) },
  };
}

export function draftOfReport(report: Pick<ReportRecord, 'summary' | 'sections'>): ReportDraft {
  return { summary: report.summary, sections: report.sections.map(draftOfSection) };
}

/**
 * The report as PUT takes it. Nothing is invented for what is missing: an unchosen material or grade
 * goes as it is, so the contract (here and on the server) names the field. Empty junctions and notes
 * are left out; metres go only with 'reline'.
 */
export function reportChangeOf(draft: ReportDraft): ReportChange {
  return {
    summary: draft.summary,
    sections: draft.sections.map((section) => {
      const junctions = section.junctions.trim() === '' ? undefined : numberOf(section.junctions);
      return {
        from: section.from.trim(),
        to: section.to.trim(),
        material: section.material as PipeMaterial,
        diameterMm: numberOf(section.diameterMm),
        lengthM: numberOf(section.lengthM),
        ...(junctions === undefined ? {} : { junctions }),
        observations: section.observations.map((observation) => ({
          distanceM: numberOf(observation.distanceM),
          code: observation.code as ObservationCode,
          ...(observation.note.trim() === '' ? {} : { note: observation.note.trim() }),
          photoIds: observation.photoIds,
        })),
        structuralGrade: section.structuralGrade as Grade,
        serviceGrade: section.serviceGrade as Grade,
        recommendation:
          section.recommendation.kind === 'reline'
            ? { kind: 'reline', metres: numberOf(section.recommendation.metres) }
            : { kind: section.recommendation.kind as RecommendationKind },
      };
    }),
  };
}

/** A field error in react-hook-form's shape: { sections: [{ lengthM: { type, message } }] }. */
export interface FieldMessage {
  type: string;
  message: string;
}

/**
 * Problems (the contract's or the server's, fields like 'sections.0.lengthM') nested where
 * react-hook-form looks for them; the first message of a field wins. A problem with a list as a whole
 * ('sections') goes to its `root`, where react-hook-form keeps a field array's own error.
 */
export function nestedErrors(problems: ReadonlyArray<{ field: string; message: string }>): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const { field, message } of problems) {
    const path = field
      .replace(/\[(\d+)\]/g, (_index, digits: string) => `.${digits}`)
      .split('.')
      .filter(Boolean);
    if (path.length === 0) continue;
    let at: Record<string, unknown> = errors;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      const existing = at[key];
      if (last) {
        if (existing === undefined) at[key] = { type: 'problem', message };
        else if (!isMessage(existing)) (existing as Record<string, unknown>).root ??= { type: 'problem', message };
        return;
      }
      if (existing === undefined) at[key] = /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      else if (isMessage(existing)) at[key] = Object.assign(/^\d+$/.test(path[index + 1] ?? '') ? [] : {}, { root: existing });
      at = at[key] as Record<string, unknown>;
    });
  }
  return errors;
}

const isMessage = (value: unknown): value is FieldMessage =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { message?: unknown }).message === 'string' && 'type' in value;
