import { GRADE_MEANINGS, GRADES, recommendationText, reportProblems, type PipeSection } from './inspection-report.js';

const section = (overrides: Partial<PipeSection> = {}): PipeSection => ({
  from: 'Boundary trap',
  to: 'Kitchen junction',
  material: 'vitrified_clay',
  diameterMm: 100,
  lengthM: 14.5,
  observations: [{ distanceM: 3.2, code: 'root_intrusion', note: 'Fine roots at a joint' }],
  structuralGrade: 3,
  serviceGrade: 4,
  recommendation: { kind: 'reline', metres: 14.5 },
  ...overrides,
});

describe('reportProblems', () => {
  it('accepts a report with sections, observations, grades and recommendations', () => {
    expect(reportProblems({ summary: 'Roots at two joints.', sections: [section(), section({ recommendation: { kind: 'monitor' } })] })).toEqual([]);
    expect(reportProblems({ summary: '', sections: [] })).toEqual([]);
  });

  it.each<[string, Partial<PipeSection> | Record<string, unknown>, string[]]>([
    ['no ends named', { from: ' ', to: '' }, ['sections.0.from', 'sections.0.to']],
    ['an unknown material', { material: 'gold' }, ['sections.0.material']],
    ['a diameter too small or fractional', { diameterMm: 20.5 }, ['sections.0.diameterMm']],
    ['a zero length (what lies within it is not judged against it)', { lengthM: 0 }, ['sections.0.lengthM']],
    ['grades out of range', { structuralGrade: 0, serviceGrade: 6 }, ['sections.0.structuralGrade', 'sections.0.serviceGrade']],
    ['an observation past the end', { observations: [{ distanceM: 20, code: 'crack' }] }, ['sections.0.observations.0.distanceM']],
    ['an unknown code', { observations: [{ distanceM: 1, code: 'alien' }] }, ['sections.0.observations.0.code']],
    ['relining more than the section', { recommendation: { kind: 'reline', metres: 15 } }, ['sections.0.recommendation.metres']],
    ['relining with no metres', { recommendation: { kind: 'reline' } }, ['sections.0.recommendation.metres']],
    ['an unknown recommendation', { recommendation: { kind: 'pray' } }, ['sections.0.recommendation.kind']],
  ])('%s', (_name, overrides, fields) => {
    expect(reportProblems({ summary: 'x', sections: [{ ...section(), ...overrides }] }).map((problem) => problem.field)).toEqual(fields);
  });

  it('needs sections as a list and a summary as text', () => {
    expect(reportProblems({ summary: 3, sections: 'x' }).map((problem) => problem.field)).toEqual(['summary', 'sections']);
  });
});

describe('grades and recommendations in plain English', () => {
  it.each(GRADES)('grade %i has a label and a meaning for both scales', (grade) => {
    expect(GRADE_MEANINGS.structural[grade].meaning.length).toBeGreaterThan(10);
    expect(GRADE_MEANINGS.service[grade].meaning.length).toBeGreaterThan(10);
  });
  it.each([
    [{ kind: 'reline', metres: 12.5 }, 'Reline 12.5 m'],
    [{ kind: 'monitor' }, 'Monitor'],
    [{ kind: 'excavate' }, 'Excavate and replace'],
  ] as const)('%j → %s', (recommendation, expected) => {
    expect(recommendationText(recommendation)).toBe(expected);
  });
});
