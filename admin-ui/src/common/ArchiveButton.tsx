import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';
import { Toast } from './Toast';

/**
 * Staff retire a record instead of deleting it: Archive keeps it (out of the active list, restorable)
 * and Restore puts it back. The console offers no Delete: no staff action ends in a refused request.
 * `apiPath` is the resource's path under /api ('/admin/jobs').
 */
export function ArchiveButton({ apiPath, archivedField, name }: { apiPath: string; archivedField: string; name: (record: Record<string, unknown>) => string }) {
  const record = useRecordContext<Record<string, unknown>>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const archived = Boolean(record[archivedField]);

  async function toggle() {
    setBusy(true);
    try {
      await session.call(`${apiPath}/${String(record!.id)}/${archived ? 'restore' : 'archive'}`, { method: 'POST' });
      notify(
        <Toast
          title={`${name(record!)} ${archived ? 'restored' : 'archived'}`}
          description={archived ? 'It is back in the active list.' : 'It is kept, and hidden from the active list until restored.'}
        />,
        { type: 'success' },
      );
      refresh();
    } catch (error) {
      notify(<Toast title="Error" description={errorMessage(error, 'Please try again.')} />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button startIcon={archived ? <UnarchiveIcon /> : <ArchiveIcon />} onClick={toggle} disabled={busy} color={archived ? 'primary' : 'warning'}>
      {archived ? 'Restore' : 'Archive'}
    </Button>
  );
}
