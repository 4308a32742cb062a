import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { placeLabel } from '@relining/contracts/place-label';
import {
  formatDate,
  formatMoney,
  formatTime,
  isPastDue,
  REBATE_PART_LABELS,
  rebateStatusLabel,
  type RebatePartName,
  type ReferralRecord,
  urgencyLabel,
} from './referralFormat';
import { ReferralStatusChip } from './ReferralStatusChip';

/**
 * The referral's fields as the table and the cards show them, each reading the referral of the
 * record context (react-admin's DataTable gives every row one).
 */
function useReferral(): ReferralRecord | undefined {
  return useRecordContext<ReferralRecord>();
}

/** A value with a quieter second line under it. */
function TwoLines({ first, second, nowrapSecond = false }: { first: ReactNode; second: ReactNode; nowrapSecond?: boolean }) {
  return (
    <>
      <Typography variant="body2">{first}</Typography>
      <Typography variant="body2" color="text.secondary" sx={nowrapSecond ? { whiteSpace: 'nowrap' } : undefined}>
        {second}
      </Typography>
    </>
  );
}

export function ClientField() {
  const referral = useReferral();
  return referral ? <TwoLines first={referral.clientName} second={referral.clientPhone} nowrapSecond /> : null;
}

export function AddressField() {
  const referral = useReferral();
  return referral ? <TwoLines first={referral.jobAddress} second={placeLabel(referral)} /> : null;
}

export function PlumberField() {
  const referral = useReferral();
  return referral ? <TwoLines first={referral.plumberName} second={referral.plumberCompany} /> : null;
}

export function UrgencyField() {
  const referral = useReferral();
  return referral ? <Typography variant="body2">{urgencyLabel(referral.urgency)}</Typography> : null;
}

export function StatusField() {
  const referral = useReferral();
  if (!referral) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <ReferralStatusChip status={referral.status} />
      <HeldChip />
    </Stack>
  );
}

/** 'Held for review' on a repeat referral waiting for staff's decision (it earns nothing until approved). */
export function HeldChip() {
  const referral = useReferral();
  return referral?.review === 'held' ? <Chip size="small" label="Held for review" color="warning" variant="outlined" sx={{ justifySelf: 'start' }} /> : null;
}

export function ReceivedField() {
  const referral = useReferral();
  return referral ? <TwoLines first={formatDate(referral.createdAt)} second={formatTime(referral.createdAt)} /> : null;
}

/** The two rebate parts, each amount and status; a part past its payment date is flagged Overdue. */
export function RebatesField() {
  const referral = useReferral();
  if (!referral) return null;
  const part = (name: RebatePartName, amount: number, status: string, dueAt: string | null): ReactNode => {
    const overdue = isPastDue(dueAt);
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: overdue ? 'error.main' : undefined }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600, minWidth: 44 }}>
          {REBATE_PART_LABELS[name]}
        </Typography>
        <Typography variant="body2" component="span">
          {formatMoney(amount)}
        </Typography>
        <Typography variant="body2" component="span" color={overdue ? 'inherit' : status === 'paid' ? 'success.main' : 'text.secondary'}>
          {rebateStatusLabel(status)}
        </Typography>
        {overdue ? <Chip label="Overdue" color="error" size="small" sx={{ height: 20 }} /> : null}
      </Box>
    );
  };
  return (
    <Stack spacing={0.25}>
      {part('cleanView', referral.cleanviewRebateAmount, referral.cleanviewRebateStatus, referral.cleanviewDueAt)}
      {part('reline', referral.relineRebateAmount, referral.relineRebateStatus, referral.relineDueAt)}
    </Stack>
  );
}
