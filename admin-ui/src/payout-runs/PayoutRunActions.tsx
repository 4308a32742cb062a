import CancelIcon from '@mui/icons-material/Cancel';
import DownloadIcon from '@mui/icons-material/Download';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { countOf } from '@relining/contracts/business';
import { errorMessage } from '@relining/contracts/client/http';
import { EMAIL_PREVIEW_NOTE } from '@relining/contracts/email-delivery';
import { consoleConfig } from '../common/consoleConfig';
import { downloadFromApi } from '../common/download';
import { Toast } from '../common/Toast';
import { session } from '../providers/session';
import { WarningList } from './PayoutRunFields';
import { groupWarnings, markPaidText, payoutRunPath, type PayoutRunDetail } from './payoutFormat';

type Action = 'download' | 'pay' | 'cancel';

const FAILED: Record<Action, string> = {
  download: 'ABA file not downloaded',
  pay: 'Payout run not marked paid',
  cancel: 'Payout run not cancelled',
};

const previewMode = () => consoleConfig.current.emailDelivery === 'preview';

/**
 * A draft run's actions, each a pessimistic call to the server, then the run as it now is: download
 * the ABA file (after confirming its warnings, when there are any), mark the run paid (RCTIs and
 * remittance advices; cannot be undone) and cancel it (its rebates go back to the ledger). A paid or
 * cancelled run has none.
 */
export function PayoutRunActions({ run }: { run: PayoutRunDetail }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState<Action | null>(null);
  if (run.status !== 'draft') return null;
  const path = payoutRunPath(run.id);

  async function act(action: Action) {
    setBusy(action);
    try {
      if (action === 'download') {
        const name = await downloadFromApi(`${path}/aba`, `${run.number}.aba`, 'text/plain');
        notify(<Toast title="ABA file downloaded" description={`Saved as ${name}. Upload it to the bank's direct entry (bulk payments) service.`} />, {
          type: 'success',
        });
      } else if (action === 'pay') {
        const paid = await session.call<PayoutRunDetail>(`${path}/mark-paid`, { method: 'POST' });
        const plumbers = countOf(paid.payees.filter((payee) => payee.paid).length, 'plumber');
        notify(
          <Toast
            title={`${paid.number} paid`}
            description={
              previewMode()
                ? `${plumbers} paid. Their RCTIs are ready; the remittance advices were ${EMAIL_PREVIEW_NOTE}.`
                : `${plumbers} paid. Their RCTIs are ready and each is e-mailed a remittance advice.`
            }
          />,
          { type: 'success' },
        );
      } else {
        await session.call<PayoutRunDetail>(path, { method: 'DELETE' });
        notify(<Toast title={`${run.number} cancelled`} description="Its rebates are back in the ledger, approved, for a later run." />, {
          type: 'success',
        });
      }
      setConfirming(null);
    } catch (caught) {
      notify(<Toast title={FAILED[action]} description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
      setConfirming(null);
    } finally {
      setBusy(null);
      // The run as the server now has it (paid, cancelled, or the file's time and who is in it).
      refresh();
    }
  }

  const { leftOut, inRun } = groupWarnings(run.warnings);
  const warned = leftOut.length + inRun.length > 0;

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={busy !== null}
        onClick={() => (warned ? setConfirming('download') : void act('download'))}
      >
        {busy === 'download' ? 'Downloading...' : 'Download ABA file'}
      </Button>
      <Button variant="contained" color="success" startIcon={<DoneAllIcon />} disabled={busy !== null} onClick={() => setConfirming('pay')}>
        {busy === 'pay' ? 'Marking paid...' : 'Mark paid'}
      </Button>
      <Button color="error" startIcon={<CancelIcon />} disabled={busy !== null} onClick={() => setConfirming('cancel')}>
        {busy === 'cancel' ? 'Cancelling...' : 'Cancel run'}
      </Button>

      <Confirm
        isOpen={confirming === 'download'}
        loading={busy === 'download'}
        title="Download the ABA file?"
        content={
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2">Read these first. Only the plumbers who can be paid by direct deposit now go in the file.</Typography>
            {leftOut.length > 0 ? (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  Left out of this run
                </Typography>
                <WarningList groups={leftOut} label="Plumbers left out of this run" />
              </Box>
            ) : null}
            {inRun.length > 0 ? (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  In this run
                </Typography>
                <WarningList groups={inRun} label="Warnings for plumbers in this run" />
              </Box>
            ) : null}
          </Box>
        }
        confirm="Download anyway"
        confirmColor="warning"
        onConfirm={() => void act('download')}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'pay'}
        loading={busy === 'pay'}
        title={`Mark ${run.number} paid?`}
        content={
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2">{markPaidText(run)}</Typography>
            {run.fileDownloadedAt ? null : (
              <Typography variant="body2" color="warning.dark">
                The ABA file has not been downloaded yet: mark the run paid once the bank has taken the payments.
              </Typography>
            )}
            {previewMode() ? (
              <Typography variant="body2" color="text.secondary">
                No SMTP server is configured: the remittance advices will be saved as previews, not sent.
              </Typography>
            ) : null}
          </Box>
        }
        confirm="Mark paid"
        onConfirm={() => void act('pay')}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'cancel'}
        loading={busy === 'cancel'}
        title={`Cancel ${run.number}?`}
        content={`Nothing is paid. The run is kept as cancelled, and its ${countOf(run.entryCount, 'rebate')} ${run.entryCount === 1 ? 'goes' : 'go'} back to the ledger, approved, for a later run.`}
        confirm="Cancel run"
        cancel="Keep the run"
        confirmColor="warning"
        onConfirm={() => void act('cancel')}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
