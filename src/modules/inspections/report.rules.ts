import type { PublicReportSection } from '@relining/contracts/api/inspections';
import {
  GRADE_MEANINGS,
  OBSERVATION_CODES,
  PIPE_MATERIALS,
  recommendationText,
  type InspectionReportInput,
  type Observation,
  type PipeSection,
} from '@relining/contracts/inspection-report';

export const PHOTO_NOT_OF_JOB = "That photo is not one of this job's photos";
export const PHOTO_IDS_NOT_A_LIST = "Photos must be a list of this job's photos";
export const SUMMARY_MISSING = 'Add a summary before publishing';

type FieldProblem = { field: string; message: string };

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Every observation's photo ids as sent, with where each was named: checked against the job's photos
 * (a report shows only photos of its own job). Ids are compared in lower case, as PostgreSQL prints uuids.
 */
export function namedPhotoIds(input: unknown): Array<{ field: string; id: unknown }> {
  const named: Array<{ field: string; id: unknown }> = [];
  list(record(input).sections).forEach((section, index) => {
    list(record(section).observations).forEach((observation, position) => {
      const photoIds = record(observation).photoIds;
      if (photoIds === undefined) return;
      const field = `sections.${index}.observations.${position}.photoIds`;
      if (!Array.isArray(photoIds)) named.push({ field, id: photoIds });
      else for (const id of photoIds) named.push({ field, id });
    });
  });
  return named;
}

/** The problems with the photos a report names, given which of them are photos of the job (one problem per field). */
export function photoProblems(input: unknown, ofJob: ReadonlySet<string>): FieldProblem[] {
  const problems = new Map<string, string>();
  list(record(input).sections).forEach((section, index) => {
    list(record(section).observations).forEach((observation, position) => {
      const photoIds = record(observation).photoIds;
      const field = `sections.${index}.observations.${position}.photoIds`;
      if (photoIds === undefined) return;
      if (!Array.isArray(photoIds) || photoIds.length > 20) problems.set(field, PHOTO_IDS_NOT_A_LIST);
      else if (photoIds.some((id) => typeof id !== 'string' || !ofJob.has(id.toLowerCase()))) problems.set(field, PHOTO_NOT_OF_JOB);
    });
  });
  return [...problems].map(([field, message]) => ({ field, message }));
}

/**
 * A checked report (reportProblems and photoProblems found nothing) as stored: only the fields the
 * report has (react-admin sends the whole record back), texts trimmed, an empty note left out, photo
 * ids in lower case once each, metres only for a reline.
 */
export function normalizeReport(input: InspectionReportInput): InspectionReportInput {
  return {
    summary: input.summary.trim(),
    sections: input.sections.map((section): PipeSection => ({
      from: section.from.trim(),
      to: section.to.trim(),
      material: section.material,
      diameterMm: section.diameterMm,
      lengthM: section.lengthM,
      observations: section.observations.map((observation): Observation => {
        const note = observation.note?.trim();
        const photoIds = [...new Set((observation.photoIds ?? []).map((id) => id.toLowerCase()))];
        return {
          distanceM: observation.distanceM,
          code: observation.code,
          ...(note ? { note } : {}),
          ...(photoIds.length > 0 ? { photoIds } : {}),
        };
      }),
      structuralGrade: section.structuralGrade,
      serviceGrade: section.serviceGrade,
      recommendation:
        section.recommendation.kind === 'reline' ? { kind: 'reline', metres: section.recommendation.metres } : { kind: section.recommendation.kind },
      ...(section.junctions !== undefined ? { junctions: section.junctions } : {}),
    })),
  };
}

/** The photo ids a report's observations name, in order of first mention. */
export function photosInOrder(sections: readonly PipeSection[]): string[] {
  const ids = new Set<string>();
  for (const section of sections) for (const observation of section.observations) for (const id of observation.photoIds ?? []) ids.add(id);
  return [...ids];
}

/** Sections with a photo taken out of every observation (the photo is deleted). */
export function withoutPhoto(sections: readonly PipeSection[], photoId: string): PipeSection[] {
  return sections.map((section) => ({
    ...section,
    observations: section.observations.map((observation) => {
      if (!observation.photoIds?.includes(photoId)) return observation;
      const { photoIds, ...rest } = observation;
      const kept = photoIds.filter((id) => id !== photoId);
      return kept.length > 0 ? { ...rest, photoIds: kept } : rest;
    }),
  }));
}

/** A published section as the homeowner reads it: labels for the codes and material, each grade's meaning. */
export function publicSection(section: PipeSection): PublicReportSection {
  return {
    ...section,
    materialLabel: PIPE_MATERIALS[section.material],
    observations: section.observations.map((observation) => ({ ...observation, label: OBSERVATION_CODES[observation.code] })),
    structural: { grade: section.structuralGrade, ...GRADE_MEANINGS.structural[section.structuralGrade] },
    service: { grade: section.serviceGrade, ...GRADE_MEANINGS.service[section.serviceGrade] },
    recommendationText: recommendationText(section.recommendation),
  };
}

/** The problems that keep a draft from being published: those of saving it, and a summary to read. */
export function publishProblems(draft: InspectionReportInput, saveProblems: FieldProblem[]): FieldProblem[] {
  const problems = [...saveProblems];
  if (draft.summary.trim() === '' && !problems.some((problem) => problem.field === 'summary')) problems.unshift({ field: 'summary', message: SUMMARY_MISSING });
  return problems;
}
