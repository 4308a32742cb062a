import { TextField } from '@mui/material';

/** The required 'Reason' box of a staff action (void, refund, cancel): its error clears as staff type. */
export function ReasonField({ value, onChange, error, hint }: { value: string; onChange: (value: string) => void; error: string | null; hint: string }) {
  return (
    <TextField
      label="Reason"
      required
      fullWidth
      multiline
      minRows={2}
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== null}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}
