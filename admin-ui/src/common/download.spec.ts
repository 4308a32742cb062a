import { describe, expect, it } from '@jest/globals';
import { apiPathOf, fileNameFromDisposition } from './download';

describe("fileNameFromDisposition: the server's file name, never a folder", () => {
  it.each([
    ['attachment; filename="PR-0001.aba"', 'PR-0001.aba'],
    ['attachment; filename=PR-0001.aba', 'PR-0001.aba'],
    ['attachment; filename=PR-0001.aba; size=120', 'PR-0001.aba'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'RCTI-000123%20Sam.pdf', 'RCTI-000123 Sam.pdf'],
    ["attachment; filename*=utf-8''bookings.csv", 'bookings.csv'],
    ['attachment; filename="../../etc/PR-0001.aba"', 'PR-0001.aba'],
    ['attachment; filename="C:\\\\Users\\\\x\\\\PR-0001.aba"', 'PR-0001.aba'],
    ["attachment; filename*=UTF-8''%E0%A4%A", 'fallback.bin'],
    ['attachment; filename=""', 'fallback.bin'],
    ['attachment', 'fallback.bin'],
    ['', 'fallback.bin'],
    [null, 'fallback.bin'],
  ])('%j → %j', (header, name) => {
    expect(fileNameFromDisposition(header, 'fallback.bin')).toBe(name);
  });
});

describe('apiPathOf: an API link as a path under /api', () => {
  it.each([
    ['/api/admin/payout-runs/1/payees/2/rcti.pdf', '/admin/payout-runs/1/payees/2/rcti.pdf'],
    ['https://relining.example/api/admin/payout-runs/1/aba', '/admin/payout-runs/1/aba'],
    ['/api/me/payouts/9/rcti.pdf?download=1', '/me/payouts/9/rcti.pdf?download=1'],
    ['/admin/payout-runs/1/aba', '/admin/payout-runs/1/aba'],
    ['/apiary/x', '/apiary/x'],
  ])('%s → %s', (url, path) => {
    expect(apiPathOf(url)).toBe(path);
  });
});
