import { bookingProblems, todayIn, toBookingStatus } from './booking-rules.js';

const today = '2026-11-21';
const valid = {
  name: 'Alex Citizen',
  email: 'alex@example.com.au',
  phone: '0400 123 456',
  suburb: 'Richmond',
  address: '12 Station Street',
  preferred_date: '2026-11-25',
  preferred_time: '9:00 AM',
  message: 'Blocked drain in the back yard',
};

const first = (input: Record<string, unknown>) => bookingProblems(input, today)[0];

describe('bookingProblems', () => {
  it('accepts a complete booking, how_heard_about_us optional', () => {
    expect(bookingProblems(valid, today)).toEqual([]);
    expect(bookingProblems({ ...valid, how_heard_about_us: 'Google Search' }, today)).toEqual([]);
    expect(bookingProblems({ ...valid, preferred_date: today }, today)).toEqual([]);
  });

  it.each(['name', 'email', 'phone', 'address', 'suburb', 'message'])('asks to fill in the %s field (also when only spaces)', (field) => {
    expect(first({ ...valid, [field]: '   ' })).toEqual({ field, title: 'Validation Error', message: `Please fill in the ${field} field` });
  });

  it('checks the required fields in the spec order before anything else', () => {
    expect(first({ ...valid, message: '', email: 'bad', phone: 'x' })?.message).toBe('Please fill in the message field');
    expect(first({ ...valid, name: '', suburb: '' })?.message).toBe('Please fill in the name field');
    expect(first({ ...valid, address: '', suburb: '' })?.message).toBe('Please fill in the address field');
  });

  it.each([
    ['alex@example', 'Invalid Email'],
    ['alex example@x.com', 'Invalid Email'],
    ['@example.com', 'Invalid Email'],
  ])('refuses the e-mail %s', (email, title) => {
    expect(first({ ...valid, email })).toEqual({ field: 'email', title, message: 'Please enter a valid email address' });
  });

  it.each(['1234567', '0400 12a 456', '04001234#5'])('refuses the phone %s', (phone) => {
    expect(first({ ...valid, phone })).toEqual({ field: 'phone', title: 'Invalid Phone', message: 'Please enter a valid phone number' });
  });

  it.each(['+61 (0)4-0012 3456', '(03) 9123 4567', '12345678'])('accepts the phone %s', (phone) => {
    expect(bookingProblems({ ...valid, phone }, today)).toEqual([]);
  });

  it('checks the e-mail before the phone, the phone before the date, the date before the time', () => {
    expect(first({ ...valid, email: 'x', phone: 'y', preferred_date: '', preferred_time: '' })?.title).toBe('Invalid Email');
    expect(first({ ...valid, phone: 'y', preferred_date: '', preferred_time: '' })?.title).toBe('Invalid Phone');
    expect(first({ ...valid, preferred_date: '', preferred_time: '' })).toEqual({
      field: 'preferred_date',
      title: 'Date Required',
      message: 'Please select a preferred date',
    });
    expect(first({ ...valid, preferred_time: '' })).toEqual({ field: 'preferred_time', title: 'Time Required', message: 'Please select a preferred time' });
  });

  it.each([
    ['2026-11-20', 'Please select a date from today onwards'],
    ['1899-12-31', 'Please select a date from today onwards'],
    ['2026-02-30', 'Please select a preferred date'],
    ['25/11/2026', 'Please select a preferred date'],
  ])('refuses the date %s', (preferred_date, message) => {
    expect(first({ ...valid, preferred_date })?.message).toBe(message);
  });

  it.each(['7:00 AM', '9am', '6:00 PM'])('refuses the time %s, which is not one of the slots', (preferred_time) => {
    expect(first({ ...valid, preferred_time })?.message).toBe('Please select a preferred time');
  });

  it('refuses an unknown how-heard answer and over-long values', () => {
    expect(first({ ...valid, how_heard_about_us: 'Carrier pigeon' })?.field).toBe('how_heard_about_us');
    expect(first({ ...valid, name: 'x'.repeat(121) })?.message).toBe('The name field can hold at most 120 characters');
  });
});

describe('todayIn', () => {
  it.each([
    ['2026-11-20T13:30:00Z', 'Australia/Melbourne', '2026-11-21'],
    ['2026-11-20T12:59:00Z', 'Australia/Melbourne', '2026-11-20'],
    ['2026-11-20T13:30:00Z', 'Australia/Perth', '2026-11-20'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(todayIn(zone, new Date(instant))).toBe(date);
  });
});

describe('toBookingStatus', () => {
  it.each([
    ['new', 'new'],
    ['Contacted', 'contacted'],
    [' SCHEDULED ', 'scheduled'],
    ['done', undefined],
    [3, undefined],
  ])('%j → %s', (value, status) => {
    expect(toBookingStatus(value)).toBe(status);
  });
});
