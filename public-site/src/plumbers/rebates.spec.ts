import { describe, expect, it } from '@jest/globals';
import type { RebatePartView } from '@relining/contracts/api/referrals';
import { FEES, REFERRAL_FEE_DOLLARS } from '@relining/contracts/business';
import { REBATE_STATUS_LABELS, type RebateStatus } from '@relining/contracts/referral-rules';
import { REBATE_PARTS, rebatePartDisplay } from './rebates';

function part(status: RebateStatus, overrides: Partial<RebatePartView> = {}): RebatePartView {
  return { amount: REFERRAL_FEE_DOLLARS.reline, status, statusLabel: REBATE_STATUS_LABELS[status], possible: status === 'pending', ...overrides };
}

describe("a referral's rebates on the plumber's dashboard", () => {
  it("keeps the spec's two lines, 'C&V' then 'Reline'", () => {
    expect(REBATE_PARTS.map(({ label }) => label)).toEqual(['C&V', 'Reline']);
  });

  it.each([
    ['cleanView', REFERRAL_FEE_DOLLARS.cleanView, `up to ${FEES.cleanView} once inspected`],
    ['reline', REFERRAL_FEE_DOLLARS.reline, `up to ${FEES.reline} if relined`],
  ] as const)('a %s part not earned yet and still possible reads as what it could become, never as money owed', (name, amount, text) => {
    expect(rebatePartDisplay(name, part('pending', { amount }))).toEqual({ amount: null, status: text, tone: 'possible' });
  });

  it('a part not earned and no longer possible shows its status without an amount', () => {
    expect(rebatePartDisplay('reline', part('pending', { possible: false }))).toEqual({ amount: null, status: 'Not yet earned', tone: 'pending' });
  });

  it("a void part reads 'Void', without its amount", () => {
    expect(rebatePartDisplay('reline', part('void', { possible: false }))).toEqual({ amount: null, status: 'Void', tone: 'void' });
  });

  it.each([
    ['processing', 'Earned, processing'],
    ['approved', 'Approved'],
    ['paid', 'Paid'],
  ] as const)('an earned part (%s) shows its amount and the server’s label', (status, label) => {
    expect(rebatePartDisplay('cleanView', part(status, { amount: REFERRAL_FEE_DOLLARS.cleanView }))).toEqual({
      amount: FEES.cleanView,
      status: label,
      tone: status,
    });
  });

  it('shows the label the server sent, not one of its own', () => {
    expect(rebatePartDisplay('reline', part('paid', { statusLabel: 'Paid on 3 Dec' })).status).toBe('Paid on 3 Dec');
  });
});
