import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { anyValue, check, nastyString, plainMailbox } from '../../../test/support/property.js';
import { isValidEmail } from '@relining/contracts/account-rules';
import { isJobStatus, JOB_STATUSES, stageFromJobId, trackerStages, trackingLinkProblem, TRACKING_LINK_MESSAGES } from '@relining/contracts/job-status';
import { isTemplateKey, TEMPLATE_KEYS } from '../templates/template-catalogue.js';
import { templateForJobStatus } from '../templates/job-template.rules.js';
import { looksLikeTrackingCode, newTrackingCode, randomBase32 } from './tracking-code.js';

const status = fc.constantFrom(...JOB_STATUSES);
/** Job IDs as staff type them (at most 60 characters, CreateJobDto), including odd ones. */
const jobNumber = fc.oneof(
  fc.stringMatching(/^[A-Z]{2,4}-\d{1,6}$/),
  nastyString(60).map((value) => value.slice(0, 60)),
);

describe('job tracking (properties)', () => {
  it('a tracking code is the spec prefix (status, job number in lower-case letters and digits) and 26 base32 characters, and looks like one', () => {
    check(
      fc.property(status, jobNumber, (jobStatus, number) => {
        const code = newTrackingCode(jobStatus, number);
        const prefix = `${jobStatus}-${number.toLowerCase().replace(/[^a-z0-9]/g, '')}-`;
        expect(code.startsWith(prefix)).toBe(true);
        expect(code.slice(prefix.length)).toMatch(/^[a-z2-7]{26}$/);
        expect(looksLikeTrackingCode(code)).toBe(true);
        expect(encodeURIComponent(code)).toBe(code);
      }),
      250,
    );
  });

  it('tracking codes cannot be guessed from the job: the same job gets a different code every time', () => {
    check(
      fc.property(status, jobNumber, (jobStatus, number) => {
        const codes = new Set(Array.from({ length: 20 }, () => newTrackingCode(jobStatus, number)));
        expect(codes.size).toBe(20);
      }),
      50,
    );
  });

  it('the random part carries 5 bits per character: every byte maps to one of 32 symbols, each symbol from exactly 8 byte values', () => {
    // 256 = 8 × 32, so uniform random bytes give uniform symbols (no modulo bias).
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) {
      const symbol = randomBase32(1, () => Buffer.from([byte]));
      counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    expect([...counts.values()].every((count) => count === 8)).toBe(true);
    // And with the real source, 26 characters = 130 bits: 20,000 codes, no repeat, every symbol used.
    const seen = new Set<string>();
    const symbols = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) {
      const part = randomBase32(26, randomBytes);
      seen.add(part);
      for (const char of part) symbols.add(char);
    }
    expect(seen.size).toBe(20_000);
    expect(symbols.size).toBe(32);
  });

  it('the cheap shape check never throws and refuses anything with other characters or a wrong random part', () => {
    check(
      fc.property(nastyString(120), (value) => {
        const looks = looksLikeTrackingCode(value);
        if (looks) {
          expect(value).toMatch(/^[a-z]+-[a-z0-9]*-[a-z2-7]{26}$/);
          expect(value.length).toBeLessThanOrEqual(300);
        }
      }),
      250,
    );
    check(
      fc.property(
        status,
        jobNumber,
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom('0', '1', '8', '9', 'A', '-', '_', '/', '%', ''),
        (jobStatus, number, at, replacement) => {
          const code = newTrackingCode(jobStatus, number);
          const position = code.length - 26 + at;
          expect(looksLikeTrackingCode(code.slice(0, position) + replacement + code.slice(position + 1))).toBe(false);
        },
      ),
    );
  });

  it('the tracker has exactly one current stage; earlier ones are completed, later ones upcoming; progress grows with the stage', () => {
    check(
      fc.property(status, status, (a, b) => {
        const tracker = trackerStages(a);
        const index = JOB_STATUSES.indexOf(a);
        expect(tracker.stages.map((stage) => stage.status)).toEqual(JOB_STATUSES);
        expect(tracker.stages.filter((stage) => stage.state === 'current').map((stage) => stage.status)).toEqual([a]);
        expect(tracker.stages.filter((stage) => stage.state === 'completed')).toHaveLength(index);
        expect(tracker.progress).toBeGreaterThanOrEqual(0);
        expect(tracker.progress).toBeLessThanOrEqual(1);
        expect(Math.sign(trackerStages(b).progress - tracker.progress)).toBe(Math.sign(JOB_STATUSES.indexOf(b) - index));
      }),
    );
  });

  it('the home tracker reads a stage from any job id by the first keyword in spec order, quoted otherwise', () => {
    const keywords: Array<[string, string]> = [
      ['new', 'booked'],
      ['inspect', 'inspected'],
      ['quote', 'quoted'],
      ['accept', 'accepted'],
      ['schedule', 'scheduled'],
      ['complete', 'completed'],
    ];
    check(
      fc.property(
        fc.oneof(
          nastyString(30),
          fc.tuple(nastyString(8), fc.mixedCase(fc.constantFrom(...keywords.map(([k]) => k))), nastyString(8)).map((parts) => parts.join('')),
        ),
        (id) => {
          const stage = stageFromJobId(id);
          expect(isJobStatus(stage)).toBe(true);
          expect(stage).toBe(keywords.find(([keyword]) => id.toLowerCase().includes(keyword))?.[1] ?? 'quoted');
        },
      ),
      200,
    );
    expect(stageFromJobId(undefined)).toBe('quoted');
  });

  it('a job status is recognised only when it is exactly one of the six', () => {
    check(
      fc.property(
        fc.oneof(
          anyValue,
          status,
          status.map((value) => value.toUpperCase()),
        ),
        (value) => {
          expect(isJobStatus(value)).toBe(typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value));
        },
      ),
    );
  });

  it('every status sends a template that exists', () => {
    check(
      fc.property(status, (jobStatus) => expect(isTemplateKey(templateForJobStatus(jobStatus))).toBe(true)),
      20,
    );
    check(
      fc.property(fc.oneof(nastyString(20), fc.constantFrom(...TEMPLATE_KEYS)), (key) =>
        expect(isTemplateKey(key)).toBe((TEMPLATE_KEYS as string[]).includes(key)),
      ),
    );
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(isTemplateKey(key)).toBe(false);
  });

  it('the tracking-link form: no problem exactly when all three are filled and the e-mail has "@" and "."; otherwise the first missing field', () => {
    const fields = ['jobNumber', 'customerName', 'customerEmail'] as const;
    check(
      fc.property(
        fc.record({ jobNumber: anyValue, customerName: anyValue, customerEmail: fc.oneof(anyValue, plainMailbox(), fc.emailAddress()) }, { requiredKeys: [] }),
        (input) => {
          const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
          const problem = trackingLinkProblem(input);
          const missing = fields.find((field) => !text(input[field]));
          if (missing) {
            expect(problem).toEqual({ title: TRACKING_LINK_MESSAGES.missingTitle, message: TRACKING_LINK_MESSAGES.missing, field: missing });
          } else {
            const email = text(input.customerEmail);
            expect(problem === undefined).toBe(email.includes('@') && email.includes('.') && isValidEmail(email));
          }
        },
      ),
      200,
    );
  });
});
