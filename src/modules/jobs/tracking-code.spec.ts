import { looksLikeTrackingCode, newTrackingCode, randomBase32 } from './tracking-code.js';

describe('newTrackingCode', () => {
  it.each([
    ['booked', 'JOB-1001', 'booked-job1001-'],
    ['quoted', ' Job #42/B ', 'quoted-job42b-'],
    ['completed', '---', 'completed--'],
  ])('%s + %j starts %s', (status, jobNumber, prefix) => {
    const code = newTrackingCode(status, jobNumber);
    expect(code.startsWith(prefix)).toBe(true);
    expect(code).toHaveLength(prefix.length + 26);
    expect(looksLikeTrackingCode(code)).toBe(true);
  });

  it('is different every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newTrackingCode('booked', 'JOB-1')));
    expect(codes.size).toBe(1000);
  });

  it('uses only base32 letters and digits for the random part', () => {
    expect(randomBase32(26, (n) => Buffer.alloc(n, 255))).toBe('7'.repeat(26));
    expect(randomBase32(4, (n) => Buffer.from([0, 1, 26, 31].slice(0, n)))).toBe('ab27');
  });
});

describe('looksLikeTrackingCode', () => {
  it.each([
    ['booked-job1001-abcdefghijklmnopqrstuvwxyz', true],
    ['invalid', false],
    ['booked-job1001', false],
    ['booked-job1001-abc', false],
    ['BOOKED-job1001-abcdefghijklmnopqrstuvwxyz', false],
  ])('%s → %s', (value, ok) => {
    expect(looksLikeTrackingCode(value)).toBe(ok);
  });
});
