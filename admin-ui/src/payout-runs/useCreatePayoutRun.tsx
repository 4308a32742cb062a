import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { countOf } from '@relining/contracts/business';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { formatCents } from '../rebates/rebateFormat';
import { payoutRunPage, type CreatePayoutRunRequest, type PayoutRunDetail } from './payoutFormat';

/** Why a run was not made: the server's message, and its field messages (e.g. the due date's). */
export interface CreateRefusal {
  message: string;
  fields: Record<string, string>;
}

/**
 * POST /api/admin/payout-runs (the approved rebates due before a day, or the entries chosen in the
 * ledger), then the new run's page. The server decides who can be paid; its refusal ('No approved
 * rebates are waiting to be paid') is a toast and the answer, for a dialog to show beside its field.
 */
export function useCreatePayoutRun() {
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function create(request: CreatePayoutRunRequest): Promise<CreateRefusal | null> {
    setBusy(true);
    try {
      const run = await session.call<PayoutRunDetail>('/admin/payout-runs', { method: 'POST', body: request });
      const leftOut = new Set(run.warnings.filter((warning) => warning.excluded).map((warning) => warning.plumberId)).size;
      notify(
        <Toast
          title={`Payout run ${run.number} created`}
          description={
            `${countOf(run.entryCount, 'rebate')} for ${countOf(run.plumberCount, 'plumber')}, ${formatCents(run.totalCents)}.` +
            (leftOut > 0 ? ` ${countOf(leftOut, 'plumber')} left out: see the warnings.` : '')
          }
        />,
        { type: 'success' },
      );
      void navigate(payoutRunPage(run.id));
      return null;
    } catch (caught) {
      const message = errorMessage(caught, 'Please try again.');
      notify(<Toast title="Payout run not created" description={message} />, { type: 'error' });
      const fields = caught instanceof ApiError ? Object.fromEntries(caught.errors.map((problem) => [problem.field, problem.message])) : {};
      return { message, fields };
    } finally {
      setBusy(false);
    }
  }

  return { create, busy };
}
