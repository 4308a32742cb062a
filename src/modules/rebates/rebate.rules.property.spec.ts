import fc from 'fast-check';
import { REFERRAL_FEE_CENTS } from '@relining/contracts/business';
import { REFERRAL_STATUSES, type ReferralStatus } from '@relining/contracts/referral-rules';
import { check } from '../../../test/support/property.js';
import {
  canEarn,
  ledgerTotals,
  MILESTONE_KINDS,
  partStatus,
  planReferralStatus,
  STAFF_ACTION_PROBLEMS,
  type LedgerEntry,
  type MilestoneKind,
} from './rebate.rules.js';

const FEE: Record<MilestoneKind, number> = { cleanview: REFERRAL_FEE_CENTS.cleanView, reline: REFERRAL_FEE_CENTS.reline };
/** The status whose milestone earns each part. */
const MILESTONE: Record<MilestoneKind, ReferralStatus> = { cleanview: 'cleanview_completed', reline: 'reline_completed' };

/** What can happen to one referral: its status set (held for review or not), staff's actions on a part, its job archived. */
type Step =
  | { type: 'status'; status: ReferralStatus; held: boolean }
  | { type: 'staff'; action: 'approve' | 'void' | 'refund'; kind: MilestoneKind }
  | { type: 'archived' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('status' as const), status: fc.constantFrom(...REFERRAL_STATUSES), held: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('staff' as const),
      action: fc.constantFrom('approve', 'void', 'refund'),
      kind: fc.constantFrom(...MILESTONE_KINDS),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'archived' as const }) },
);

interface Simulation {
  entries: LedgerEntry[];
  /** The milestone statuses that happened while the referral was not held, in order. */
  milestones: ReferralStatus[];
  /** Every entry id a `pay` action named, with the entry as it was just before. */
  payments: LedgerEntry[];
  /** The money of every entry a milestone earned. */
  earnedCents: number;
}

/**
 * The ledger in memory, as rebates.service.ts applies the rules: planned actions for a status, staff's
 * actions when STAFF_ACTION_PROBLEMS allows them, the unearned parts voided by the pipeline on archive.
 */
function simulate(steps: readonly Step[]): Simulation {
  const sim: Simulation = { entries: [], milestones: [], payments: [], earnedCents: 0 };
  let next = 0;
  const add = (entry: Omit<LedgerEntry, 'id'>) => sim.entries.push({ id: `e${(next += 1)}`, ...entry });
  for (const current of steps) {
    if (current.type === 'status') {
      if (!current.held) sim.milestones.push(current.status);
      const plan = planReferralStatus(current.status, sim.entries, { held: current.held });
      for (const action of plan.actions) {
        if (action.type === 'earn') {
          add({ kind: action.kind, state: 'pending', amountCents: FEE[action.kind], voidSource: null, adjusts: null });
          sim.earnedCents += FEE[action.kind];
        } else {
          const target = sim.entries.find((entry) => entry.id === action.entryId)!;
          sim.payments.push({ ...target });
          target.state = 'paid';
        }
      }
    } else if (current.type === 'staff') {
      // Staff act on the part's newest entry.
      const target = sim.entries.findLast((entry) => entry.kind === current.kind);
      if (!target) continue;
      if (current.action === 'approve' && STAFF_ACTION_PROBLEMS.approve(target) === null) target.state = 'approved';
      if (current.action === 'void' && STAFF_ACTION_PROBLEMS.void(target) === null) Object.assign(target, { state: 'void', voidSource: 'staff' });
      if (current.action === 'refund') {
        const refunded = sim.entries.some((entry) => entry.adjusts === target.id);
        if (STAFF_ACTION_PROBLEMS.refund(target, refunded) === null) {
          add({ kind: 'adjustment', state: 'pending', amountCents: -target.amountCents, voidSource: null, adjusts: target.id });
        }
      }
    } else {
      for (const kind of MILESTONE_KINDS) {
        if (canEarn(sim.entries, kind) && !sim.entries.some((entry) => entry.kind === kind)) {
          add({ kind, state: 'void', amountCents: FEE[kind], voidSource: 'pipeline', adjusts: null });
        }
      }
    }
  }
  return sim;
}

const steps = fc.array(step, { maxLength: 25 });

describe('the rebate ledger (properties)', () => {
  it('never pays an entry that is not live and unpaid, nor a part whose milestone did not happen', () => {
    check(
      fc.property(steps, (history) => {
        const sim = simulate(history);
        for (const paid of sim.payments) expect(['pending', 'approved']).toContain(paid.state);
        for (const kind of MILESTONE_KINDS) {
          if (partStatus(sim.entries, kind) === 'paid') expect(sim.milestones).toContain(MILESTONE[kind]);
          if (partStatus(sim.entries, kind) !== 'pending' && partStatus(sim.entries, kind) !== 'void') {
            expect(sim.entries.some((entry) => entry.kind === kind && entry.state !== 'void')).toBe(true);
          }
        }
      }),
      300,
    );
  });

  it('never pays more than the fees earned, nor less than nothing', () => {
    check(
      fc.property(steps, (history) => {
        const sim = simulate(history);
        const { paidCents } = ledgerTotals(sim.entries);
        expect(paidCents).toBeLessThanOrEqual(sim.earnedCents);
        expect(paidCents).toBeGreaterThanOrEqual(0);
      }),
      300,
    );
  });

  it('keeps at most one live entry per part, earns nothing while held, and never earns again a part staff voided', () => {
    check(
      fc.property(steps, (history) => {
        const sim = simulate(history);
        for (const kind of MILESTONE_KINDS) {
          const ofKind = sim.entries.filter((entry) => entry.kind === kind);
          expect(ofKind.filter((entry) => entry.state !== 'void').length).toBeLessThanOrEqual(1);
          const staffVoid = ofKind.findIndex((entry) => entry.voidSource === 'staff');
          if (staffVoid >= 0) expect(ofKind.length).toBe(staffVoid + 1);
          if (!sim.milestones.includes(MILESTONE[kind])) expect(ofKind.every((entry) => entry.voidSource === 'pipeline')).toBe(true);
        }
      }),
      300,
    );
  });

  it('pays everything earned when the referral is paid, and nothing is left pending for the parts', () => {
    check(
      fc.property(steps, (history) => {
        const sim = simulate([...history, { type: 'status', status: 'rebate_paid', held: false }]);
        for (const kind of MILESTONE_KINDS) expect(['pending', 'paid', 'void']).toContain(partStatus(sim.entries, kind));
        expect(ledgerTotals(sim.entries).pendingCents).toBe(0);
      }),
      300,
    );
  });
});
