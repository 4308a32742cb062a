import { Chip } from '@mui/material';
import { Datagrid, DateInput, FilterButton, FunctionField, List, SearchInput, SelectInput, TextField, TextInput, TopToolbar } from 'react-admin';
import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntryRecord } from '@relining/contracts/api/audit';
import { DateTimeField } from '../common/DateTimeField';
import { displayZoneLabel } from '../common/dates';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { actionLabel, ChangeLines } from '../common/RecordHistory';
import { SavedViewsMenu } from '../common/SavedViewsMenu';

const ACTIONS = [
  'create',
  'update',
  'delete',
  'status_changed',
  'stage_changed',
  'approve',
  'void',
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'invite',
  'role_changed',
  'export',
  'download',
  'mark_paid',
  'prune',
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
