import type { PipeSection } from '@relining/contracts/inspection-report';
import { normalizeReport, photoProblems, photosInOrder, publicSection, publishProblems, withoutPhoto } from './report.rules.js';

const A = '0b7d2a2e-6f1c-4a47-9b1e-3f5a0c2d9e11';
const B = '5c1e9f3a-2b8d-4c6e-8a7f-1d2e3f4a5b6c';

function section(overrides: Partial<PipeSection> = {}): PipeSection {
  return {
    from: 'Boundary trap',
    to: 'Kitchen junction',
    material: 'vitrified_clay',
    diameterMm: 100,
    lengthM: 12.5,
    observations: [],
    structuralGrade: 4,
    serviceGrade: 3,
    recommendation: { kind: 'reline', metres: 12.5 },
    ...overrides,
  };
}

describe('report rules', () => {
  it.each([
    [{ photoIds: [A] }, []],
    [{ photoIds: [A.toUpperCase()] }, []],
    [{ photoIds: [A, B] }, [{ field: 'sections.0.observations.0.photoIds', message: "That photo is not one of this job's photos" }]],
    [{ photoIds: [42] }, [{ field: 'sections.0.observations.0.photoIds', message: "That photo is not one of this job's photos" }]],
    [{ photoIds: A }, [{ field: 'sections.0.observations.0.photoIds', message: "Photos must be a list of this job's photos" }]],
    [{}, []],
  ])('checks the photos an observation names (%j) against the job’s', (photos, problems) => {
    const input = { summary: '', sections: [{ observations: [{ distanceM: 1, code: 'crack', ...photos }] }] };
    expect(photoProblems(input, new Set([A]))).toEqual(problems);
  });

  it('stores only what a report has: trimmed texts, no empty note, photo ids once in lower case, metres only for a reline', () => {
    const input = {
      summary: '  Roots.  ',
      sections: [
        {
          ...section({ from: ' Trap ', recommendation: { kind: 'clean', metres: 4 } }),
          observations: [{ distanceM: 1, code: 'crack' as const, note: '  ', photoIds: [A.toUpperCase(), A] }],
          extra: 'ignored',
        },
      ],
    };
    expect(normalizeReport(input)).toEqual({
      summary: 'Roots.',
      sections: [section({ from: 'Trap', recommendation: { kind: 'clean' }, observations: [{ distanceM: 1, code: 'crack', photoIds: [A] }] })],
    });
  });

  it('lists photos in order of first mention, and takes a deleted one out of every observation', () => {
    const sections = [
      section({ observations: [{ distanceM: 1, code: 'crack', photoIds: [B, A] }] }),
      section({ observations: [{ distanceM: 2, code: 'crack', photoIds: [A] }] }),
    ];
    expect(photosInOrder(sections)).toEqual([B, A]);
    expect(withoutPhoto(sections, A).map((s) => s.observations)).toEqual([[{ distanceM: 1, code: 'crack', photoIds: [B] }], [{ distanceM: 2, code: 'crack' }]]);
  });

  it.each([
    ['', [], [{ field: 'summary', message: 'Add a summary before publishing' }]],
    ['   ', [], [{ field: 'summary', message: 'Add a summary before publishing' }]],
    ['Roots.', [], []],
  ])('publishes only a draft with a summary (%j)', (summary, saveProblems, problems) => {
    expect(publishProblems({ summary, sections: [] }, saveProblems)).toEqual(problems);
  });

  it('words a section for the homeowner', () => {
    const words = publicSection(section({ observations: [{ distanceM: 1, code: 'root_intrusion' }] }));
    expect(words).toMatchObject({
      materialLabel: 'Vitrified clay',
      observations: [{ distanceM: 1, code: 'root_intrusion', label: 'Root intrusion' }],
      structural: { grade: 4, label: 'Serious damage' },
      service: { grade: 3, label: 'Partly blocked' },
      recommendationText: 'Reline 12.5 m',
    });
  });
});
