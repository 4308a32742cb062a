import { describe, expect, it } from '@jest/globals';
import type { JobPhotoRecord, PublicObservation } from '@relining/contracts/api/inspections';
import { GRADES, type Grade } from '@relining/contracts/inspection-report';
import {
  ACCEPT_MESSAGES,
  acceptProblems,
  fullSizeWidth,
  gradeTone,
  jobStatusBase,
  quantityText,
  quoteStage,
  sectionPhotos,
  sectionTitle,
  UNLOCK_MESSAGES,
  unlockRequest,
} from './job-documents';

function photo(id: string, widths = [320, 640, 960, 1280, 1600, 2400]): JobPhotoRecord {
  return { id, width: 2400, height: 1800, widths, createdAt: '2026-11-21T01:00:00.000Z' };
}

function observation(overrides: Partial<PublicObservation> = {}): PublicObservation {
  return { distanceM: 3.5, code: 'root_intrusion', label: 'Root intrusion', ...overrides };
}

describe('unlocking the tracking page', () => {
  it.each([
    ['2000', '', { postcode: '2000' }],
    [' 3 000 ', '', { postcode: '3000' }],
    ['', '4821', { phoneLast4: '4821' }],
    ['', ' 0412', { phoneLast4: '0412' }],
  ])('postcode %j, phone digits %j send %j', (postcode, phoneLast4, request) => {
    expect(unlockRequest(postcode, phoneLast4)).toEqual({ request });
  });

  it.each([
    ['', '', null, UNLOCK_MESSAGES.neither],
    ['   ', ' ', null, UNLOCK_MESSAGES.neither],
    ['2000', '4821', null, UNLOCK_MESSAGES.both],
    ['200', '', 'postcode', UNLOCK_MESSAGES.postcode],
    ['20000', '', 'postcode', UNLOCK_MESSAGES.postcode],
    ['20a0', '', 'postcode', UNLOCK_MESSAGES.postcode],
    ['', '482', 'phoneLast4', UNLOCK_MESSAGES.phoneLast4],
    ['', '48211', 'phoneLast4', UNLOCK_MESSAGES.phoneLast4],
  ])('postcode %j, phone digits %j: refused on %s (%s)', (postcode, phoneLast4, field, message) => {
    expect(unlockRequest(postcode, phoneLast4)).toEqual({ field, message });
  });

  it("asks under the job's own address, its code escaped", () => {
    expect(jobStatusBase('k3y-abc')).toBe('/job-status/k3y-abc');
    expect(jobStatusBase('a/b?c')).toBe('/job-status/a%2Fb%3Fc');
  });
});

describe('how the report reads', () => {
  it.each([
    [1, 'good'],
    [2, 'good'],
    [3, 'fair'],
    [4, 'poor'],
    [5, 'poor'],
  ] as const)('grade %i is %s (green, amber, red)', (grade, tone) => {
    expect(gradeTone(grade)).toBe(tone);
  });

  it('every grade has a colour', () => {
    expect(GRADES.map((grade: Grade) => gradeTone(grade))).toEqual(['good', 'good', 'fair', 'poor', 'poor']);
  });

  it('names a section from where it starts to where it ends', () => {
    expect(sectionTitle({ from: 'Boundary trap', to: 'Kitchen junction' })).toBe('Boundary trap → Kitchen junction');
  });

  it("shows a section's photos in the order its observations name them, once each, captioned by the first", () => {
    const photos = [photo('a'), photo('b'), photo('c')];
    const section = {
      observations: [
        observation({ distanceM: 1.2, photoIds: ['b'] }),
        observation({ distanceM: 4, code: 'crack', label: 'Crack', photoIds: ['a', 'b'] }),
        observation({ distanceM: 6.5, photoIds: ['missing'] }),
        observation({ distanceM: 7 }),
      ],
    };
    expect(sectionPhotos(section, photos).map(({ photo: { id }, caption }) => [id, caption])).toEqual([
      ['b', 'Root intrusion at 1.2 m'],
      ['a', 'Crack at 4 m'],
    ]);
  });

  it('opens a photo at the largest width up to 1600 px', () => {
    expect(fullSizeWidth(photo('a'))).toBe(1600);
    expect(fullSizeWidth(photo('a', [320, 640, 1200]))).toBe(1200);
    expect(fullSizeWidth(photo('a', [2400]))).toBe(2400);
  });
});

describe('how the quote reads', () => {
  it('a reline is in metres; anything else is a count', () => {
    expect(quantityText({ kind: 'reline', quantity: 12.5 })).toBe('12.5 m');
    expect(quantityText({ kind: 'junction', quantity: 2 })).toBe('2');
    expect(quantityText({ kind: 'access', quantity: 1 })).toBe('1');
  });

  it.each([
    ['open', false, 'open'],
    ['open', true, 'expired'],
    ['accepted', false, 'accepted'],
    ['accepted', true, 'accepted'],
    ['declined', false, 'declined'],
    ['declined', true, 'declined'],
  ] as const)('a quote %s (expired: %s) is %s', (state, expired, stage) => {
    expect(quoteStage({ state, expired })).toBe(stage);
  });

  it('accepting needs a typed name and the tick', () => {
    expect(acceptProblems('Alex Citizen', true)).toEqual({});
    expect(acceptProblems('  ', true)).toEqual({ fullName: ACCEPT_MESSAGES.fullName });
    expect(acceptProblems('A', true)).toEqual({ fullName: ACCEPT_MESSAGES.fullName });
    expect(acceptProblems('Alex Citizen', false)).toEqual({ agree: ACCEPT_MESSAGES.agree });
    expect(acceptProblems('', false)).toEqual({ fullName: ACCEPT_MESSAGES.fullName, agree: ACCEPT_MESSAGES.agree });
  });
});
