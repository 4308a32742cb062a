import { SaveButton, Toolbar } from 'react-admin';

/**
 * A form's toolbar with Save alone: react-admin's default adds Delete, and the console deletes
 * nothing (records are archived from their page, or changed by their own actions).
 */
export function SaveOnlyToolbar({ label }: { label?: string }) {
  return (
    <Toolbar>
      <SaveButton label={label} />
    </Toolbar>
  );
}
