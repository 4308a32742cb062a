import { Box, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { AUDIT_ENTITY_LABELS, type AuditEntity, type AuditEntryRecord } from '@relining/contracts/api/audit';
import { formatDateTime } from './dates';
import { DetailSection } from './DetailSection';

/** 'status_changed' → 'Status changed'. */
export function actionLabel(action: string): string {
  const words = action.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One entry's changed fields, 'status: new → contacted', one per line. */
export function ChangeLines({ entry }: { entry: Pick<AuditEntryRecord, 'changes' | 'details'> }) {
  const changes = Object.entries(entry.changes ?? {});
  const details = Object.entries(entry.details ?? {}).filter(([, value]) => value !== null && value !== undefined);
  if (changes.length === 0 && details.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {changes.map(([field, change]) => (
        <Typography key={field} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{field}</strong>: {shown(change.before)} → {shown(change.after)}
        </Typography>
      ))}
      {details.map(([key, value]) => (
        <Typography key={`detail-${key}`} component="li" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {key}: {shown(value)}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * A record's History panel: every audit entry about it, newest first — who (a person's e-mail, or
 * 'system: <job>'), when (in the display zone), what they did and the fields before and after.
 */
export function RecordHistory({ entity, entityId, title = 'History' }: { entity: AuditEntity; entityId: string; title?: string }) {
  const { data, isPending, error } = useGetList<AuditEntryRecord>('audit', {
    filter: { entity, entityId },
    sort: { field: 'at', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  return (
    <DetailSection title={title}>
      {isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading history…
        </Typography>
      ) : error ? (
        <Typography variant="body2" color="error">
          The history could not be loaded.
        </Typography>
      ) : !data || data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No changes recorded for this {AUDIT_ENTITY_LABELS[entity].toLowerCase()} yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-label={`${title} of this ${AUDIT_ENTITY_LABELS[entity].toLowerCase()}`}>
          {data.map((entry) => (
            <ListItem key={entry.id} disableGutters divider sx={{ display: 'block' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Chip size="small" label={actionLabel(entry.action)} />
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {entry.actorName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(entry.at)}
                </Typography>
              </Stack>
              <ChangeLines entry={entry} />
            </ListItem>
          ))}
        </List>
      )}
    </DetailSection>
  );
}
