import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Datagrid, DateInput, FilterButton, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useNotify, useRefresh } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { displayZoneLabel, formatCalendarDay } from '../common/dates';
import { BOOKING_STATUS_LABELS } from '@relining/contracts/booking-rules';
import { Link as RouterLink } from 'react-router-dom';
import { Toast } from '../common/Toast';
import { BookingDetailDialog } from './BookingDetailDialog';
import { REFERRAL_CODE_STATUS_COLOURS, REFERRAL_CODE_STATUS_LABELS } from './BookingReferralCode';
import { BookingStats } from './BookingStats';
import { BOOKING_STATUS_CHOICES, BOOKING_STATUS_COLOURS, type BookingRecord } from './bookingStatus';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { SavedViewsMenu } from '../common/SavedViewsMenu';
import { BookingBulkStatusButton, BookingsChangedContext } from './BookingBulkStatusButton';

/** The filters; their days are the display zone's (the server counts them in TZ_DISPLAY), and say so. */
const filters = () => [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name, email, phone, suburb" />,
  <SelectInput key="status" source="status" choices={BOOKING_STATUS_CHOICES} alwaysOn />,
  <SelectInput
    key="period"
    source="period"
    label="Received"
    choices={[
      { id: 'today', name: 'Today' },
      { id: 'last7', name: 'Last 7 days' },
      { id: 'last30', name: 'Last 30 days' },
    ]}
    alwaysOn
  />,
  <DateInput key="createdFrom" source="createdFrom" label={`Received from (${displayZoneLabel()})`} />,
  <DateInput key="createdTo" source="createdTo" label={`Received to (${displayZoneLabel()})`} />,
];

/** A booking's referral code, and what became of it (attributed, unknown, the plumber's own). */
function ReferralCodeCell({ booking }: { booking: BookingRecord }) {
  if (!booking.referralCode) return null;
  const status = booking.referralCodeStatus;
  return (
    <Tooltip title={status ? REFERRAL_CODE_STATUS_LABELS[status] : 'Not checked yet'} describeChild>
      <Chip
        size="small"
        variant="outlined"
        label={booking.referralCode}
        color={status ? REFERRAL_CODE_STATUS_COLOURS[status] : 'default'}
        sx={{ fontFamily: 'monospace' }}
      />
    </Tooltip>
  );
}

/**
 * spec §2 Admin bookings (/admin/bookings): stats, filters, 10 per page, detail dialog (a row), each
 * booking's own page (the open button), status, CSV export.
 */
export function BookingList() {
  const [selected, setSelected] = useState<BookingRecord | null>(null);
  const [version, setVersion] = useState(0);
  const notify = useNotify();
  const refresh = useRefresh();
  const bumpVersion = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Booking Requests
      </Typography>
      <BookingStats version={version} />
      <BookingsChangedContext.Provider value={bumpVersion}>
        <List
          title="Booking Requests"
          filters={filters()}
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={10}
          exporter={false}
          actions={
            <TopToolbar sx={{ flexWrap: 'wrap' }}>
              <SavedViewsMenu resource="bookings" />
              <FilterButton />
              <ExportCsvButton path="/admin/bookings/export.csv" fallbackName="bookings.csv" />
            </TopToolbar>
          }
          queryOptions={{ onError: () => notify(<Toast title="Failed to fetch bookings" />, { type: 'error' }) }}
        >
          <Datagrid bulkActionButtons={<BookingBulkStatusButton />} rowClick={(_id, _resource, record) => (setSelected(record as BookingRecord), false)}>
            <TextField source="fullName" label="Name" />
            <TextField source="suburb" label="Suburb" />
            <FunctionField source="preferredDate" label="Preferred date" render={(record: BookingRecord) => formatCalendarDay(record.preferredDate)} />
            <TextField source="preferredTime" label="Time" sortable={false} />
            <FunctionField
              source="status"
              label="Status"
              render={(record: BookingRecord) => (
                <Chip size="small" label={BOOKING_STATUS_LABELS[record.status ?? 'new']} color={BOOKING_STATUS_COLOURS[record.status ?? 'new']} />
              )}
            />
            <FunctionField source="referralCode" label="Referral" sortable={false} render={(record: BookingRecord) => <ReferralCodeCell booking={record} />} />
            <DateTimeField source="createdAt" label="Received" />
            <FunctionField
              label="Open"
              render={(record: BookingRecord) => (
                <Tooltip title="Open as page">
                  <IconButton
                    component={RouterLink}
                    to={`/bookings/${encodeURIComponent(record.id)}/show`}
                    aria-label="Open as page"
                    onClick={(event: React.MouseEvent) => event.stopPropagation()}
                    size="small"
                  >
                    <OpenInFullIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            />
          </Datagrid>
        </List>
      </BookingsChangedContext.Provider>
      {selected ? (
        <BookingDetailDialog
          booking={selected}
          onClose={() => setSelected(null)}
          onChanged={() => {
            refresh();
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </>
  );
}
