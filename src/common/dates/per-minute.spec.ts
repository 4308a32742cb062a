import fc from 'fast-check';
import { formatDateTimeIn } from '@relining/contracts/date-format';
import { todayIn } from '@relining/contracts/booking-rules';
import { runs } from '../../../test/support/property.js';
import { perMinute } from './per-minute.js';

describe('perMinute', () => {
  it('formats once per minute and answers the same text within it', () => {
    let calls = 0;
    const sut = perMinute((instant) => `${(calls += 1)}:${instant.toISOString().slice(0, 16)}`);
    const at = (iso: string) => new Date(iso);
    expect(sut(at('2026-11-21T01:02:00.000Z'))).toBe('1:2026-11-21T01:02');
    expect(sut(at('2026-11-21T01:02:59.999Z'))).toBe('1:2026-11-21T01:02');
    expect(sut(at('2026-11-21T01:03:00.000Z'))).toBe('2:2026-11-21T01:03');
    expect(sut(at('2026-11-21T01:02:30.000Z'))).toBe('3:2026-11-21T01:02');
  });

  it.each(['Australia/Melbourne', 'Australia/Adelaide', 'Australia/Lord_Howe', 'Australia/Perth', 'Asia/Kathmandu', 'UTC'])(
    'answers exactly what the day and the time to the minute are, in %s, across midnights and daylight-saving changes',
    (timeZone) => {
      const today = perMinute((instant) => todayIn(timeZone, instant));
      const receivedAt = perMinute((instant) => formatDateTimeIn(timeZone, instant));
      // Instants in order (as requests come): any in 2026-2027, and close to a local midnight or a clock
      // change (Melbourne's of 2026: 5 April and 4 October, 16:00 UTC the day before).
      const boundaries = [Date.UTC(2026, 3, 4, 16), Date.UTC(2026, 9, 3, 16), Date.UTC(2026, 10, 20, 13), Date.UTC(2026, 5, 30, 14), Date.UTC(2026, 11, 31, 0)];
      const nearBoundary = fc.tuple(fc.constantFrom(...boundaries), fc.integer({ min: -180_000, max: 180_000 })).map(([at, offset]) => at + offset);
      // Every zone's midnight is a UTC midnight moved by a whole number of quarter hours.
      const nearMidnight = fc
        .tuple(fc.integer({ min: 0, max: 729 }), fc.integer({ min: -56, max: 56 }), fc.integer({ min: -90_000, max: 90_000 }))
        .map(([day, quarters, jitter]) => Date.UTC(2026, 0, 1) + day * 86_400_000 + quarters * 900_000 + jitter);
      const instant = fc.oneof(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }), nearBoundary, nearMidnight);
      fc.assert(
        fc.property(fc.array(instant, { minLength: 1, maxLength: 40 }), (instants) => {
          for (const ms of [...instants].sort((a, b) => a - b)) {
            for (const instant of [new Date(ms), new Date(ms - (ms % 60_000)), new Date(ms - (ms % 60_000) + 59_999)]) {
              expect(today(instant)).toBe(todayIn(timeZone, instant));
              expect(receivedAt(instant)).toBe(formatDateTimeIn(timeZone, instant));
            }
          }
        }),
        runs(100),
      );
    },
  );
});
