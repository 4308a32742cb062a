import { isRegion } from '@relining/contracts/regions';
import { FreeSlotPicker } from './FreeSlotPicker';
import { PlainSlotFields } from './SlotFields';
import type { SlotFieldsProps } from './SlotParts';
import { regionOfSuburb } from './slots';

export { NO_TIMES_LEFT } from './FreeSlotPicker';
export const SUBURB_FIRST = 'Choose your suburb first to see the times we can come';

interface SlotPickerProps extends SlotFieldsProps {
  /** The suburb as typed or picked: its state decides the region ('Toowong QLD 4066'). */
  suburb: string;
  /** The state of the suggestion picked, if any. */
  placeState: string | null;
  /** The choice as availability leaves it (a day no longer open, a time no longer free); not the visitor's. */
  onAdjust: (choice: { date: string; time: string }) => void;
}

/**
 * The booking form's date and time once the page is interactive (issue 16): the suburb comes first;
 * then the region's open days and free times (FreeSlotPicker). The fields keep their names and values
 * (`preferred_date` yyyy-MM-dd, `preferred_time` '9:00 AM'). When the times cannot be loaded, the
 * plain fields come back and the server decides.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { suburb, placeState, ...fields } = props;
  const region = regionOfSuburb(suburb) ?? (isRegion(placeState) ? placeState : null);
  // The server reads the state from the suburb as typed; a moment's grace: typing a postcode after the
  // state asks once, not once a keystroke.
  const source = region
    ? { key: region, path: (days: number) => `/availability?suburb=${encodeURIComponent(suburb.trim())}&days=${days}`, delayMs: 200 }
    : null;
  return (
    <FreeSlotPicker
      {...fields}
      source={source}
      waiting={SUBURB_FIRST}
      labels={{ date: 'Preferred date', time: 'Preferred time' }}
      unavailable={(error, retry) => (
        <PlainSlotFields
          {...fields}
          note={
            <>
              {error} Choose a date and time, and we will confirm it or offer the nearest free time.{retry}
            </>
          }
        />
      )}
    />
  );
}
