import { Chip } from '@mui/material';
import { Datagrid, DateInput, FilterButton, FunctionField, List, SearchInput, SelectInput, TextField, TextInput, TopToolbar } from 'react-admin';
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntryRecord } from '@relining/contracts/api/audit';
import { DateTimeField } from '../common/DateTimeField';
import { displayZoneLabel } from '../common/dates';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { actionLabel, ChangeLines } from '../common/RecordHistory';
import { SavedViewsMenu } from '../common/SavedViewsMenu';

/** The actions the modules record (the filter's choices; the server filters by any action). */
const ACTIONS = [
  'approve',
  'archive',
  'before_after_sent',
  'cancel',
  'capacity_changed',
  'claim',
  'close_day',
  'confirm',
  'create',
  'decline_claim',
  'disable',
  'download',
  'earned',
  'email',
  'email_verified',
  'enable',
  'export',
  'invitation_accepted',
  'invite',
  'mark_paid',
  'notified',
  'open_day',
  'password_reset',
  'pay',
  'payment_details_changed',
  'photo_removed',
  'photos_added',
  'profile_updated',
  'prune',
  'quote_accepted',
  'quote_created',
  'quote_declined',
  'quote_edited',
  'quote_new_version',
  'quote_sent',
  'rcti_accepted',
  'referral_code_decided',
  'referral_linked',
  'referral_unlinked',
  'refund',
  'report_created',
  'report_edited',
  'report_published',
  'resend',
  'reschedule',
  'reset',
  'restore',
  'review_resolved',
  'role_changed',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'stage_changed',
  'status_changed',
  'update',
  'void',
];

/** The filters: who (their e-mail, or 'system: <job>'), what, which action, and a date range in the display zone. */
const filters = () => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search who, record id, action" />,
  <SelectInput key="entity" source="entity" label="Record" choices={AUDIT_ENTITIES.map((id) => ({ id, name: AUDIT_ENTITY_LABELS[id] }))} alwaysOn />,
  <SelectInput key="action" source="action" choices={ACTIONS.map((id) => ({ id, name: actionLabel(id) }))} alwaysOn />,
  <TextInput key="actor" source="actor" label="Who (e-mail)" />,
  <TextInput key="entityId" source="entityId" label="Record id" />,
  <DateInput key="from" source="from" label={`From (${displayZoneLabel()})`} />,
  <DateInput key="to" source="to" label={`To (${displayZoneLabel()})`} />,
];

/** Every change, sign-in, export and download: who, when, what, and the fields before and after. */
export function AuditList() {
  return (
    <List
      title="Audit log"
      filters={filters()}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <SavedViewsMenu resource="audit" />
          <FilterButton />
          <ExportCsvButton path="/admin/audit/export.csv" fallbackName="audit.csv" />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateTimeField source="at" label="When" />
        <TextField source="actorName" label="Who" sortBy="actorName" />
        <FunctionField source="entity" label="Record" render={(entry: AuditEntryRecord) => AUDIT_ENTITY_LABELS[entry.entity] ?? entry.entity} />
        <TextField source="entityId" label="Id" emptyText="-" sortable={false} />
        <FunctionField source="action" label="Action" render={(entry: AuditEntryRecord) => <Chip size="small" label={actionLabel(entry.action)} />} />
        <FunctionField label="Changes" sortable={false} render={(entry: AuditEntryRecord) => <ChangeLines entry={entry} />} />
      </Datagrid>
    </List>
  );
}
