/**
 * The inspection report (issue 17): pipe sections, observations at a distance, grades and
 * recommendations, with the words a homeowner reads. Observation codes are a short list modelled on
 * WSA 05 (the Conduit Inspection Reporting Code of Australia); grades run 1 (best) to 5 (worst).
 */

export const OBSERVATION_CODES = {
  root_intrusion: 'Root intrusion',
  crack: 'Crack',
  fracture: 'Fracture',
  displaced_joint: 'Displaced joint',
  deformation: 'Deformation',
  collapse: 'Collapse',
  blockage: 'Blockage',
  infiltration: 'Infiltration',
  other: 'Other',
} as const;
export type ObservationCode = keyof typeof OBSERVATION_CODES;

export const PIPE_MATERIALS = {
  vitrified_clay: 'Vitrified clay',
  pvc: 'PVC',
  concrete: 'Concrete',
  cast_iron: 'Cast iron',
  asbestos_cement: 'Asbestos cement',
  pitch_fibre: 'Pitch fibre',
  other: 'Other',
} as const;
export type PipeMaterial = keyof typeof PIPE_MATERIALS;

export const RECOMMENDATION_KINDS = {
  clean: 'Clean',
  monitor: 'Monitor',
  reline: 'Reline',
  excavate: 'Excavate and replace',
} as const;
export type RecommendationKind = keyof typeof RECOMMENDATION_KINDS;

export type Grade = 1 | 2 | 3 | 4 | 5;
export const GRADES: readonly Grade[] = [1, 2, 3, 4, 5];

/** What a grade means to a homeowner: structural (the pipe itself) and service (how well it flows). */
export const GRADE_MEANINGS: Record<'structural' | 'service', Record<Grade, { label: string; meaning: string }>> = {
  structural: {
    1: { label: 'Good', meaning: 'The pipe is sound. Nothing to do.' },
    2: { label: 'Minor wear', meaning: 'Small signs of age. Worth checking again in a few years.' },
    3: { label: 'Moderate damage', meaning: 'Damage that will get worse. Plan a repair in the next year or two.' },
    4: { label: 'Serious damage', meaning: 'The pipe is failing. Repair it soon to avoid blockages and leaks.' },
    5: { label: 'Failed', meaning: 'The pipe has collapsed or is about to. Repair it now.' },
  },
  service: {
    1: { label: 'Flows freely', meaning: 'Nothing slows the flow.' },
    2: { label: 'Slight obstruction', meaning: 'A little build-up. A clean keeps it flowing.' },
    3: { label: 'Partly blocked', meaning: 'The flow is reduced. Expect slow drains until it is fixed.' },
    4: { label: 'Badly blocked', meaning: 'Blockages are likely. Fix the cause soon.' },
    5: { label: 'Blocked', meaning: 'The drain is blocked or about to be. Act now.' },
  },
};

export interface Observation {
  /** Metres from the start of the section. */
  distanceM: number;
  code: ObservationCode;
  note?: string;
  photoIds?: string[];
}

export interface PipeSection {
  from: string;
  to: string;
  material: PipeMaterial;
  diameterMm: number;
  lengthM: number;
  observations: Observation[];
  structuralGrade: Grade;
  serviceGrade: Grade;
  recommendation: { kind: RecommendationKind; metres?: number };
  /** Junctions on the section to reinstate after relining (0 when left out). */
  junctions?: number;
}

export interface InspectionReportInput {
  summary: string;
  sections: PipeSection[];
}

const isGrade = (value: unknown): value is Grade => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;
const isMetres = (value: unknown, max: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max && Math.round(value * 10) === value * 10;
const text = (value: unknown, max: number) => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** Every problem with a report as staff save it (field, message); none means it can be stored. */
export function reportProblems(input: unknown): Array<{ field: string; message: string }> {
  const report = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const problems: Array<{ field: string; message: string }> = [];
  if (typeof report.summary !== 'string' || report.summary.length > 5_000)
    problems.push({ field: 'summary', message: 'The summary must be text of at most 5,000 characters' });
  if (!Array.isArray(report.sections)) return [...problems, { field: 'sections', message: 'Sections must be a list' }];
  if (report.sections.length > 50) problems.push({ field: 'sections', message: 'A report has at most 50 sections' });
  report.sections.forEach((raw, index) => {
    const section = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const at = (name: string) => `sections.${index}.${name}`;
    if (!text(section.from, 120)) problems.push({ field: at(`from`), message: "Say where the section starts (e.g. 'Boundary trap')" });
    if (!text(section.to, 120)) problems.push({ field: at('to'), message: "Say where the section ends (e.g. 'Kitchen junction')" });
    if (!Object.hasOwn(PIPE_MATERIALS, section.material as string)) problems.push({ field: at('material'), message: 'Choose the pipe material' });
    if (!Number.isInteger(section.diameterMm) || (section.diameterMm as number) < 40 || (section.diameterMm as number) > 1_500) {
      problems.push({ field: at('diameterMm'), message: 'The diameter must be whole millimetres from 40 to 1,500' });
    }
    const lengthOk = isMetres(section.lengthM, 500) && (section.lengthM as number) > 0;
    if (!lengthOk) problems.push({ field: at('lengthM'), message: 'The length must be above 0 and at most 500 m, in tenths at most' });
    if (!isGrade(section.structuralGrade)) problems.push({ field: at('structuralGrade'), message: 'Grades are 1 (good) to 5 (failed)' });
    if (!isGrade(section.serviceGrade)) problems.push({ field: at('serviceGrade'), message: 'Grades are 1 (good) to 5 (failed)' });
    const observations = Array.isArray(section.observations) ? section.observations : null;
    if (!observations) problems.push({ field: at('observations'), message: 'Observations must be a list' });
    observations?.forEach((rawObservation, position) => {
      const observation = (typeof rawObservation === 'object' && rawObservation !== null ? rawObservation : {}) as Record<string, unknown>;
      const field = (name: string) => at(`observations.${position}.${name}`);
      if (!isMetres(observation.distanceM, 500) || (lengthOk && (observation.distanceM as number) > (section.lengthM as number))) {
        problems.push({ field: field('distanceM'), message: 'The distance must be within the section, in tenths of a metre' });
      }
      if (!Object.hasOwn(OBSERVATION_CODES, observation.code as string)) problems.push({ field: field('code'), message: 'Choose what was seen' });
      if (observation.note !== undefined && (typeof observation.note !== 'string' || observation.note.length > 500)) {
        problems.push({ field: field('note'), message: 'A note has at most 500 characters' });
      }
    });
    if (section.junctions !== undefined && (!Number.isInteger(section.junctions) || (section.junctions as number) < 0 || (section.junctions as number) > 20)) {
      problems.push({ field: at('junctions'), message: 'Junctions must be a whole number from 0 to 20' });
    }
    const recommendation = (typeof section.recommendation === 'object' && section.recommendation !== null ? section.recommendation : {}) as Record<
      string,
      unknown
    >;
    if (!Object.hasOwn(RECOMMENDATION_KINDS, recommendation.kind as string)) {
      problems.push({ field: at('recommendation.kind'), message: 'Choose clean, monitor, reline or excavate' });
    } else if (recommendation.kind === 'reline') {
      const fits =
        isMetres(recommendation.metres, 500) &&
        (recommendation.metres as number) > 0 &&
        (!lengthOk || (recommendation.metres as number) <= (section.lengthM as number));
      if (!fits) problems.push({ field: at('recommendation.metres'), message: 'Say how many metres to reline (up to the section length)' });
    }
  });
  return problems;
}

/** 'Reline 12.5 m', 'Monitor': a recommendation as the report and the quote say it. */
export function recommendationText(recommendation: PipeSection['recommendation']): string {
  return recommendation.kind === 'reline' ? `Reline ${recommendation.metres} m` : RECOMMENDATION_KINDS[recommendation.kind];
}
