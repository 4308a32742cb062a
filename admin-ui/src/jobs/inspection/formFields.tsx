import { TextField, type TextFieldProps } from '@mui/material';
import { useController, type FieldValues, type Path } from 'react-hook-form';

/** Touch-sized boxes (a technician's gloved finger on a tablet): at least 48 px high. */
export const TOUCH = { '& .MuiInputBase-root': { minHeight: 48 } } as const;

type BoxProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { label: string };

/**
 * A text box bound to a react-hook-form field (of the surrounding FormProvider): its value as typed,
 * and its message (the contract's or the server's) in red under it, else `helperText`.
 */
export function FormText<T extends FieldValues>({ name, helperText, sx, ...props }: BoxProps & { name: Path<T> }) {
  const { field, fieldState } = useController<T>({ name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      sx={[TOUCH, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

/**
 * A choice from a short list as the device's own picker (a native select: the wheel on a tablet),
 * 'Choose…' while nothing is chosen.
 */
export function FormSelect<T extends FieldValues>({
  name,
  choices,
  helperText,
  sx,
  ...props
}: BoxProps & { name: Path<T>; choices: Record<string, string> | ReadonlyArray<[string, string]> }) {
  const { field, fieldState } = useController<T>({ name });
  const options = Array.isArray(choices) ? (choices as ReadonlyArray<[string, string]>) : Object.entries(choices);
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={[TOUCH, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <option value="" disabled>
        Choose…
      </option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </TextField>
  );
}
