import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { availabilityProblems, MAX_CAPACITY, type AvailabilitySettings } from '@relining/contracts/availability';
import { ApiError, errorMessage } from '@relining/contracts/client/http';
import { isoDayIn } from '@relining/contracts/date-format';
import { REGION_CODES, REGIONS, type Region, type Weekday } from '@relining/contracts/regions';
import { todayInDisplayZone } from '../common/dates';
import { Toast } from '../common/Toast';
import { useApiGet } from '../common/useApiGet';
import { session } from '../providers/session';
import {
  capacityField,
  dayLabel,
  draftOf,
  fieldLabel,
  messagesByField,
  messagesUnder,
  SCOPES,
  scopeName,
  settingsOf,
  WEEK,
  withClosedDate,
  withoutClosedDate,
  withoutMessagesUnder,
  withWeekday,
  type AvailabilityDraft,
  type Scope,
} from './availabilityForm';

const PATH = '/admin/settings/availability';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The region column stays in view while a narrow screen scrolls the week sideways. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** A number box without the browser's spinner, so a cell stays narrow. */
const NO_SPINNER = {
  '& input': { textAlign: 'center', px: 0.5 },
  '& input[type=number]': { MozAppearance: 'textfield' },
  '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
} as const;

/**
 * Appointment availability (issue 16): how many Clean & View visits each time slot takes, per region
 * and weekday; the weekdays and dates closed; and the minimum notice. The booking form and staff
 * confirmations read it from the server; each state's public holidays are closed there automatically.
 */
export function AvailabilityPage() {
  const { data, error } = useApiGet<AvailabilitySettings>(PATH);
  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900, minWidth: 0 }}>
      <Title title="Availability" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Availability
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        When customers can book a Clean &amp; View: the website’s booking form offers only open days and free time slots, in each site’s local time.
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {data ? <AvailabilityForm initial={data} /> : null}
    </Box>
  );
}

function AvailabilityForm({ initial }: { initial: AvailabilitySettings }) {
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftOf(initial));
  const [serverMessages, setServerMessages] = useState<Record<string, string>>({});
  // The contract's messages show once Save was tried (then as staff correct), as react-admin's forms do.
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  const localMessages = useMemo(() => messagesByField(availabilityProblems(settingsOf(draft))), [draft]);
  const messages = tried ? { ...serverMessages, ...localMessages } : serverMessages;

  /** A change to the draft; the server's messages about that field go (they were about the old value). */
  const change = (field: string, update: (current: AvailabilityDraft) => AvailabilityDraft) => {
    setDraft(update);
    setServerMessages((current) => withoutMessagesUnder(current, field));
  };

  async function save() {
    setTried(true);
    const settings = settingsOf(draft);
    if (availabilityProblems(settings).length > 0) {
      notify(<Toast title="Not saved" description="Please correct the fields marked in red." />, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      // The server's answer is what is saved: the form shows it, not what was sent.
      const saved = await session.call<AvailabilitySettings>(PATH, { method: 'PUT', body: settings });
      setDraft(draftOf(saved));
      setServerMessages({});
      setTried(false);
      notify(<Toast title="Availability saved" description="The booking form and staff confirmations use it now." />, { type: 'success' });
    } catch (caught) {
      setServerMessages(caught instanceof ApiError ? messagesByField(caught.errors) : {});
      notify(<Toast title="Not saved" description={errorMessage(caught, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Visits per time slot
        </Typography>
        <TextField
          label="Visits per time slot"
          type="number"
          value={draft.defaultCapacity}
          onChange={(event) => change('defaultCapacity', (current) => ({ ...current, defaultCapacity: event.target.value }))}
          error={Boolean(messages.defaultCapacity)}
          helperText={messages.defaultCapacity ?? `Clean & View visits each hourly slot can take, 0 to ${MAX_CAPACITY}, wherever the table below sets nothing`}
          slotProps={{ htmlInput: { min: 0, max: MAX_CAPACITY, step: 1, inputMode: 'numeric' } }}
          sx={{ maxWidth: 480 }}
        />

        <Typography variant="h6" component="h2" id="capacity-heading" sx={{ mt: 2 }}>
          Capacity per region and weekday
        </Typography>
        <Typography variant="body2" color="text.secondary">
          An empty cell takes the number above (shown in grey); 0 takes no visits that day. Clear a cell to go back to the default.
        </Typography>
        <CapacityTable draft={draft} messages={messages} change={change} />

        <Typography variant="h6" component="h2" id="weekdays-heading" sx={{ mt: 2 }}>
          Closed weekdays
        </Typography>
        <FormGroup row aria-labelledby="weekdays-heading">
          {WEEK.map(({ day, long }) => (
            <FormControlLabel
              key={day}
              label={long}
              control={
                <Checkbox
                  checked={draft.closedWeekdays.includes(day)}
                  onChange={(event) =>
                    change('closedWeekdays', (current) => ({ ...current, closedWeekdays: withWeekday(current.closedWeekdays, day, event.target.checked) }))
                  }
                />
              }
            />
          ))}
        </FormGroup>
        <FormHelperText error={Boolean(messages.closedWeekdays)} sx={{ mt: 0 }}>
          {messages.closedWeekdays ?? 'Closed every week, in every region. At least one day stays open.'}
        </FormHelperText>

        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          Closed dates
        </Typography>
        <Alert severity="info" variant="outlined">
          Each state’s public holidays are closed automatically in its region: there is no need to add them here.
        </Alert>
        <ClosedDates draft={draft} messages={messages} change={change} />

        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          Minimum notice
        </Typography>
        <TextField
          label="Cut-off time"
          type="time"
          value={draft.cutoff}
          onChange={(event) => change('cutoff', (current) => ({ ...current, cutoff: event.target.value }))}
          error={Boolean(messages.cutoff)}
          helperText={messages.cutoff ?? 'Nothing can be booked for today; after this time (site’s local time), not for the next business day either.'}
          slotProps={{ htmlInput: { step: 60 }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 480 }}
        />

        <Box sx={{ mt: 2 }}>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

interface SectionProps {
  draft: AvailabilityDraft;
  messages: Record<string, string>;
  change: (field: string, update: (current: AvailabilityDraft) => AvailabilityDraft) => void;
}

/** Rows: the eight regions; columns: Monday to Sunday; each cell the region's override for that weekday, or empty. */
function CapacityTable({ draft, messages, change }: SectionProps) {
  const fallback = /^\d+$/.test(draft.defaultCapacity.trim()) ? draft.defaultCapacity.trim() : '';
  const problems = messagesUnder(messages, 'capacity');
  const setCell = (region: Region, day: Weekday, value: string) =>
    change(capacityField(region, day), (current) => ({
      ...current,
      capacity: { ...current.capacity, [region]: { ...current.capacity[region], [day]: value } },
    }));

  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-labelledby="capacity-heading" sx={{ minWidth: 560, '& td, & th': { px: 0.75 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={STICKY}>Region</TableCell>
              {WEEK.map(({ day, short, long }) => {
                const closed = draft.closedWeekdays.includes(day);
                return (
                  <TableCell key={day} align="center" sx={{ color: closed ? 'text.disabled' : undefined }}>
                    <abbr title={long} style={{ textDecoration: 'none' }}>
                      {short}
                    </abbr>
                    {closed ? (
                      <Typography variant="caption" component="div">
                        closed
                      </Typography>
                    ) : null}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {REGION_CODES.map((region) => (
              <TableRow key={region}>
                <TableCell component="th" scope="row" sx={{ ...STICKY, minWidth: { xs: 56, sm: 200 } }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {region}
                  </Box>
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, color: 'text.secondary' }}>
                    {' '}
                    {REGIONS[region].name}
                  </Box>
                </TableCell>
                {WEEK.map(({ day, long }) => {
                  const message = messages[capacityField(region, day)];
                  return (
                    <TableCell key={day} align="center" sx={{ bgcolor: draft.closedWeekdays.includes(day) ? 'action.hover' : undefined }}>
                      <TextField
                        size="small"
                        fullWidth={false}
                        type="number"
                        value={draft.capacity[region][day]}
                        placeholder={fallback}
                        onChange={(event) => setCell(region, day, event.target.value)}
                        error={Boolean(message)}
                        slotProps={{
                          htmlInput: {
                            min: 0,
                            max: MAX_CAPACITY,
                            step: 1,
                            inputMode: 'numeric',
                            'aria-label': `${REGIONS[region].name}, ${long}`,
                            title: message,
                          },
                        }}
                        sx={{ width: 56, minWidth: 56, ...NO_SPINNER }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {problems.map(({ field, message }) => (
        <FormHelperText key={field} error sx={{ mt: 0 }}>
          {fieldLabel(field) ? `${fieldLabel(field)}: ${message}` : message}
        </FormHelperText>
      ))}
    </>
  );
}

/** The closed dates, per 'All regions' and region, each sorted (past ones greyed); add one or remove one. */
function ClosedDates({ draft, messages, change }: SectionProps) {
  const [day, setDay] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  // A date is past once its region's day is over (everywhere's: the console's own zone).
  const todayOf = (where: Scope) => (where === 'all' ? todayInDisplayZone() : isoDayIn(REGIONS[where].timeZone));
  const scopes = SCOPES.filter((where) => draft.closedDates[where].length > 0);
  const problems = messagesUnder(messages, 'closedDates');

  const add = () => {
    if (!DAY.test(day)) return;
    change(`closedDates.${scope}`, (current) => ({ ...current, closedDates: withClosedDate(current.closedDates, scope, day) }));
    setDay('');
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 1 }}>
        <TextField
          label="Date"
          type="date"
          value={day}
          onChange={(event) => setDay(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 200 }}
        />
        <TextField select label="Closed in" value={scope} onChange={(event) => setScope(event.target.value as Scope)} fullWidth={false} sx={{ width: 280 }}>
          {SCOPES.map((where) => (
            <MenuItem key={where} value={where}>
              {scopeName(where)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!DAY.test(day)} sx={{ mt: 1 }}>
          Add date
        </Button>
      </Box>
      {problems.map(({ field, message }) => (
        <FormHelperText key={field} error sx={{ mt: 0 }}>
          {fieldLabel(field) ? `${fieldLabel(field)}: ${message}` : message}
        </FormHelperText>
      ))}
      {scopes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No dates closed.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(240px, 1fr))' }, gap: 2 }}>
          {scopes.map((where) => {
            const today = todayOf(where);
            return (
              <Box key={where} component="section" aria-label={`Closed dates: ${scopeName(where)}`}>
                <Typography variant="subtitle2" component="h3">
                  {scopeName(where)}
                </Typography>
                <List dense disablePadding>
                  {draft.closedDates[where].map((closed) => {
                    const past = closed < today;
                    return (
                      <ListItem
                        key={closed}
                        disableGutters
                        secondaryAction={
                          <IconButton
                            edge="end"
                            size="small"
                            aria-label={`Remove ${dayLabel(closed)}, ${scopeName(where)}`}
                            onClick={() =>
                              change(`closedDates.${where}`, (current) => ({ ...current, closedDates: withoutClosedDate(current.closedDates, where, closed) }))
                            }
                          >
                            <RemoveCircleOutlineIcon fontSize="small" />
                          </IconButton>
                        }
                      >
                        <ListItemText
                          primary={dayLabel(closed)}
                          secondary={past ? 'Past' : undefined}
                          sx={past ? { color: 'text.disabled', '& .MuiListItemText-secondary': { color: 'text.disabled' } } : undefined}
                        />
                      </ListItem>
                    );
                  })}
                </List>
              </Box>
            );
          })}
        </Box>
      )}
    </>
  );
}
