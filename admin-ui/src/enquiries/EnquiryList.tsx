import { Chip } from '@mui/material';
import { BooleanInput, Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { ENQUIRY_STATUSES } from '@relining/contracts/enquiry-rules';

export const ENQUIRY_STATUS_CHOICES = ENQUIRY_STATUSES.map((status) => ({ id: status, name: status[0]!.toUpperCase() + status.slice(1) }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search contact, organisation, email" />,
  <SelectInput
    key="kind"
    source="kind"
    alwaysOn
    choices={[
      { id: 'corporate', name: 'Project (corporate)' },
      { id: 'product', name: 'Product' },
    ]}
  />,
  <SelectInput key="status" source="status" alwaysOn choices={ENQUIRY_STATUS_CHOICES} />,
  <BooleanInput key="archived" source="archived" label="Show archived" alwaysOn />,
];

/** Corporate project and product enquiries, worked by staff (status and notes). */
export function EnquiryList() {
  return (
    <List
      title="Enquiries"
      filters={filters}
      filterDefaultValues={{ archived: false }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      exporter={false}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <SavedViewsMenu resource="enquiries" />
          <ExportCsvButton path="/admin/enquiries/export.csv" fallbackName="enquiries.csv" />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <DateTimeField source="createdAt" label="Received" />
        <FunctionField
          source="kind"
          label="Kind"
          render={(record: { kind: string }) => <Chip size="small" label={record.kind === 'corporate' ? 'Project' : 'Product'} />}
        />
        <TextField source="contactPerson" label="Contact" />
        <FunctionField
          label="Organisation / product"
          render={(record: { organisationName: string | null; business: string | null; product: string | null }) =>
            record.organisationName ?? [record.business, record.product].filter(Boolean).join(' · ')
          }
        />
        <TextField source="email" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}
