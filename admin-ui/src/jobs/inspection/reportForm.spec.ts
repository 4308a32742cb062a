import { describe, expect, it } from '@jest/globals';
import type { PipeSection } from '@relining/contracts/inspection-report';
import { reportProblems } from '@relining/contracts/inspection-report';
import { draftOfReport, nestedErrors, newObservation, newSection, numberOf, reportChangeOf } from './reportForm';

const SECTION: PipeSection = {
  from: 'Boundary trap',
  to: 'Kitchen junction',
  material: 'vitrified_clay',
  diameterMm: 100,
  lengthM: 12.5,
  junctions: 2,
  observations: [{ distanceM: 3.2, code: 'root_intrusion', note: 'Heavy roots at the joint', photoIds: ['p1'] }],
  structuralGrade: 4,
  serviceGrade: 3,
  recommendation: { kind: 'reline', metres: 12.5 },
};

describe('numberOf', () => {
  it('reads a box: empty is no number, not 0', () => {
    expect(numberOf(' 12.5 ')).toBe(12.5);
    expect(numberOf('0')).toBe(0);
    expect(numberOf('')).toBeNaN();
    expect(numberOf('   ')).toBeNaN();
    expect(numberOf('12 m')).toBeNaN();
  });
});

describe('the report form', () => {
  it('turns a saved report into what the boxes hold and back, unchanged', () => {
    const report = { summary: 'Roots in the clay line.', sections: [SECTION] };
    const draft = draftOfReport(report);
    expect(draft.sections[0]).toMatchObject({ diameterMm: '100', lengthM: '12.5', junctions: '2', recommendation: { kind: 'reline', metres: '12.5' } });
    expect(reportChangeOf(draft)).toEqual(report);
    expect(reportProblems(reportChangeOf(draft))).toEqual([]);
  });

  it('leaves out empty junctions and notes, and metres unless relining', () => {
    const draft = draftOfReport({ summary: '', sections: [{ ...SECTION, junctions: undefined, recommendation: { kind: 'monitor' } }] });
    draft.sections[0]!.recommendation.metres = '4';
    draft.sections[0]!.observations[0]!.note = '  ';
    const section = reportChangeOf(draft).sections[0]!;
    expect(section).not.toHaveProperty('junctions');
    expect(section.recommendation).toEqual({ kind: 'monitor' });
    expect(section.observations[0]).not.toHaveProperty('note');
  });

  it('sends a new section as it is, so the contract names each field still to fill', () => {
    const draft = { summary: '', sections: [{ ...newSection(), observations: [newObservation()] }] };
    const fields = reportProblems(reportChangeOf(draft)).map((problem) => problem.field);
    expect(fields).toEqual([
      'sections.0.from',
      'sections.0.to',
      'sections.0.material',
      'sections.0.diameterMm',
      'sections.0.lengthM',
      'sections.0.structuralGrade',
      'sections.0.serviceGrade',
      'sections.0.observations.0.distanceM',
      'sections.0.observations.0.code',
      'sections.0.recommendation.kind',
    ]);
  });
});

describe('nestedErrors', () => {
  it('puts each message where react-hook-form reads it, the first of a field winning', () => {
    const errors = nestedErrors([
      { field: 'summary', message: 'Too long' },
      { field: 'sections.1.lengthM', message: 'Length' },
      { field: 'sections.1.lengthM', message: 'Second' },
      { field: 'sections.1.observations.0.code', message: 'Code' },
      { field: 'sections.1.recommendation.metres', message: 'Metres' },
    ]);
    expect(errors.summary).toEqual({ type: 'problem', message: 'Too long' });
    const sections = errors.sections as Array<Record<string, unknown>>;
    expect(Array.isArray(sections)).toBe(true);
    expect(sections[0]).toBeUndefined();
    expect(sections[1]).toEqual({
      lengthM: { type: 'problem', message: 'Length' },
      observations: [{ code: { type: 'problem', message: 'Code' } }],
      recommendation: { metres: { type: 'problem', message: 'Metres' } },
    });
  });

  it('keeps a message about a whole list as its root, whichever comes first', () => {
    const before = nestedErrors([
      { field: 'sections', message: 'At most 50' },
      { field: 'sections.0.from', message: 'From' },
    ]);
    const after = nestedErrors([
      { field: 'sections.0.from', message: 'From' },
      { field: 'sections', message: 'At most 50' },
    ]);
    for (const errors of [before, after]) {
      const sections = errors.sections as unknown as { root: unknown; 0: unknown };
      expect(sections.root).toEqual({ type: 'problem', message: 'At most 50' });
      expect(sections[0]).toEqual({ from: { type: 'problem', message: 'From' } });
    }
  });

  it('reads the bracketed form too', () => {
    expect(nestedErrors([{ field: 'lines[2].quantity', message: 'Q' }]).lines).toEqual([undefined, undefined, { quantity: { type: 'problem', message: 'Q' } }]);
  });
});
