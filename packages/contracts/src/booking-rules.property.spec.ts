import fc from 'fast-check';
import { anyValue, check, nastyString, plainMailbox } from '../../../test/support/property.js';
import {
  BOOKING_MESSAGES,
  BOOKING_STATUSES,
  bookingProblems,
  HOW_HEARD_OPTIONS,
  REQUIRED_BOOKING_FIELDS,
  TIME_SLOTS,
  todayIn,
  toBookingStatus,
  type BookingInput,
} from './booking-rules.js';

const MELBOURNE = 'Australia/Melbourne';
const FIELDS = ['name', 'email', 'phone', 'suburb', 'address', 'preferred_date', 'preferred_time', 'how_heard_about_us', 'message'] as const;
const MAX: Record<string, number> = { name: 120, email: 254, phone: 40, suburb: 120, address: 300, message: 5_000 };

const SPEC_MESSAGES = new Set<string>([
  ...REQUIRED_BOOKING_FIELDS.map((field) => BOOKING_MESSAGES.fillIn(field)),
  BOOKING_MESSAGES.invalidEmail,
  BOOKING_MESSAGES.invalidPhone,
  BOOKING_MESSAGES.dateRequired,
  BOOKING_MESSAGES.pastDate,
  BOOKING_MESSAGES.timeRequired,
  BOOKING_MESSAGES.howHeard,
  ...Object.entries(MAX).map(([field, max]) => `The ${field} field can hold at most ${max} characters`),
]);

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
const today = instant.map((date) => todayIn(MELBOURNE, date));
const filled = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim().length > 0);

/** A booking the spec accepts, for a given first selectable day. */
const validBooking = (firstDay: string) =>
  fc.record({
    name: filled(120),
    email: plainMailbox(),
    phone: fc.tuple(fc.constantFrom('', '+61 ', '(03) ', '04'), fc.stringMatching(/^\d{4}[ -]?\d{4}$/)).map(([prefix, digits]) => prefix + digits),
    suburb: filled(120),
    address: filled(300),
    preferred_date: fc.integer({ min: 0, max: 400 }).map((days) => addDays(firstDay, days)),
    preferred_time: fc.constantFrom(...TIME_SLOTS),
    how_heard_about_us: fc.constantFrom('', ...HOW_HEARD_OPTIONS),
    message: filled(500),
  });

describe('booking rules (properties)', () => {
  it('never throws, whatever each field holds, and answers only known fields with the spec messages', () => {
    const input = fc.record(Object.fromEntries(FIELDS.map((field) => [field, anyValue])) as Record<(typeof FIELDS)[number], fc.Arbitrary<unknown>>, {
      requiredKeys: [],
    });
    check(
      fc.property(input, today, (booking, day) => {
        const problems = bookingProblems(booking as BookingInput, day);
        for (const problem of problems) {
          expect(FIELDS).toContain(problem.field);
          expect(SPEC_MESSAGES).toContain(problem.message);
          expect(problem.title.length).toBeGreaterThan(0);
        }
      }),
      300,
    );
  });

  it('accepts every booking the spec allows, on its first selectable day and after', () => {
    check(
      fc.property(
        today.chain((day) => fc.tuple(fc.constant(day), validBooking(day))),
        ([day, booking]) => {
          expect(bookingProblems(booking, day)).toEqual([]);
        },
      ),
    );
  });

  it('surrounding spaces never change the answer (every value is trimmed first)', () => {
    check(
      fc.property(
        today.chain((day) => fc.tuple(fc.constant(day), validBooking(day))),
        fc.constantFrom(...FIELDS),
        fc.constantFrom(' ', '\t', '\n '),
        ([day, booking], field, pad) => {
          expect(bookingProblems({ ...booking, [field]: `${pad}${booking[field]}${pad}` }, day)).toEqual(bookingProblems(booking, day));
        },
      ),
    );
  });

  it('a blank required field is always the first problem reported, in the spec order, with "Please fill in the … field"', () => {
    check(
      fc.property(
        today.chain((day) => fc.tuple(fc.constant(day), validBooking(day))),
        fc.subarray([...REQUIRED_BOOKING_FIELDS], { minLength: 1 }),
        fc.constantFrom('', '   ', undefined, null, 42, ['x'], { x: 1 }),
        ([day, booking], blanked, blank) => {
          const input: Record<string, unknown> = { ...booking };
          for (const field of blanked) input[field] = blank;
          const problems = bookingProblems(input, day);
          const first = REQUIRED_BOOKING_FIELDS.find((field) => blanked.includes(field))!;
          expect(problems[0]).toEqual({ field: first, title: 'Validation Error', message: `Please fill in the ${first} field` });
          expect(problems.slice(0, blanked.length).map((problem) => problem.field)).toEqual(REQUIRED_BOOKING_FIELDS.filter((field) => blanked.includes(field)));
        },
      ),
    );
  });

  it('a date before today (Melbourne) is refused with the past-date message; today or later is accepted', () => {
    check(
      fc.property(
        today.chain((day) => fc.tuple(fc.constant(day), validBooking(day))),
        fc.integer({ min: -3_000, max: 3_000 }),
        ([day, booking], offset) => {
          const date = addDays(day, offset);
          const problems = bookingProblems({ ...booking, preferred_date: date }, day);
          if (offset < 0) expect(problems).toEqual([{ field: 'preferred_date', title: 'Invalid Date', message: BOOKING_MESSAGES.pastDate }]);
          else expect(problems).toEqual([]);
        },
      ),
    );
  });

  it('a date accepted today stays accepted for every earlier "today" (monotone in the calendar)', () => {
    check(
      fc.property(fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), today, fc.integer({ min: 0, max: 1_000 }), (date, day, earlier) => {
        const accepted = (first: string) => !bookingProblems({ preferred_date: date }, first).some((problem) => problem.field === 'preferred_date');
        if (accepted(day)) expect(accepted(addDays(day, -earlier))).toBe(true);
      }),
    );
  });

  it('anything that is not a real yyyy-MM-dd date asks for a date', () => {
    check(
      fc.property(nastyString(12), today, (value, day) => {
        const real = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) && new Date(`${value.trim()}T00:00:00Z`).toISOString?.().slice(0, 10) === value.trim();
        fc.pre(!real);
        const problem = bookingProblems({ preferred_date: value }, day).find((candidate) => candidate.field === 'preferred_date');
        expect(problem).toEqual({ field: 'preferred_date', title: 'Date Required', message: BOOKING_MESSAGES.dateRequired });
      }),
    );
  });

  it('only the listed time slots and "how did you hear" options are accepted', () => {
    check(
      fc.property(
        today.chain((day) => fc.tuple(fc.constant(day), validBooking(day))),
        nastyString(12),
        nastyString(14),
        ([day, booking], time, heard) => {
          const problems = bookingProblems({ ...booking, preferred_time: time, how_heard_about_us: heard }, day);
          expect(problems.some((problem) => problem.field === 'preferred_time')).toBe(!(TIME_SLOTS as readonly string[]).includes(time.trim()));
          const heardOk = heard.trim() === '' || (HOW_HEARD_OPTIONS as readonly string[]).includes(heard.trim());
          expect(problems.some((problem) => problem.field === 'how_heard_about_us')).toBe(!heardOk);
        },
      ),
    );
  });

  it('a field longer than its limit is refused naming the limit; at the limit it is accepted', () => {
    check(
      fc.property(
        today.chain((day) => fc.tuple(fc.constant(day), validBooking(day))),
        fc.constantFrom('name', 'suburb', 'address', 'message'),
        fc.boolean(),
        ([day, booking], field, over) => {
          const value = 'x'.repeat(MAX[field]! + (over ? 1 : 0));
          const problems = bookingProblems({ ...booking, [field]: value }, day);
          expect(problems).toEqual(over ? [{ field, title: 'Validation Error', message: `The ${field} field can hold at most ${MAX[field]} characters` }] : []);
        },
      ),
      100,
    );
  });

  it('today in Melbourne is the UTC date 10 or 11 hours ahead, and never goes backwards', () => {
    check(
      fc.property(instant, fc.integer({ min: 0, max: 3 * 86_400_000 }), (now, later) => {
        const day = todayIn(MELBOURNE, now);
        expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const ahead = [10, 11].map((hours) => new Date(now.getTime() + hours * 3_600_000).toISOString().slice(0, 10));
        expect(ahead).toContain(day);
        expect(todayIn(MELBOURNE, new Date(now.getTime() + later)) >= day).toBe(true);
      }),
      250,
    );
  });

  it('a booking status is read case-insensitively, only from the list, and reading it again changes nothing', () => {
    check(
      fc.property(
        fc.oneof(
          anyValue,
          fc.constantFrom(...BOOKING_STATUSES).chain((status) => fc.mixedCase(fc.constant(status))),
        ),
        (value) => {
          const status = toBookingStatus(value);
          if (status === undefined) {
            expect(typeof value !== 'string' || !(BOOKING_STATUSES as readonly string[]).includes(value.trim().toLowerCase())).toBe(true);
          } else {
            expect(BOOKING_STATUSES).toContain(status);
            expect(toBookingStatus(status)).toBe(status);
            expect(status).toBe((value as string).trim().toLowerCase());
          }
        },
      ),
    );
  });
});
