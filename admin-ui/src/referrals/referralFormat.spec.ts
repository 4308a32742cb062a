import { describe, expect, it } from '@jest/globals';
import { historyText } from './referralFormat';

describe("historyText: a referral's rebate lines in words, never the server's record", () => {
  it.each([
    [
      { from: null, to: 'cleanview 80.00 pending: Job JOB-1001 reached Inspection Completed' },
      'Rebate: Clean & View $80.00 Pending (Job JOB-1001 reached Inspection Completed)',
    ],
    [{ from: 'pending', to: 'cleanview 80.00 approved' }, 'Rebate: Pending → Clean & View $80.00 Approved'],
    [{ from: 'approved', to: 'reline 400.00 void: Quote declined: no reline' }, 'Rebate: Approved → Reline $400.00 Void (Quote declined: no reline)'],
    [{ from: null, to: 'adjustment -80.00 pending: Paid twice' }, 'Rebate: Adjustment \u2212$80.00 Pending (Paid twice)'],
    [{ from: null, to: 'something else' }, 'Rebate: something else'],
  ])('%j', (item, expected) => {
    expect(historyText({ kind: 'rebate', ...item })).toBe(expected);
  });
});
