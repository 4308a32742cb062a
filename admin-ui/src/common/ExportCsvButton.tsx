import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useNotify } from 'react-admin';
import { fileNameFromDisposition, saveBlob } from './download';
import { Toast } from './Toast';
import { session } from '../providers/session';

/**
 * CSV of every record matching the list's filter and sort, produced by the server (streamed from the
 * database by the one shared exporter, no row cap), not only the rows on screen. `path` is the list's
 * export under /api ('/admin/bookings/export.csv'); the server records the export in the audit trail.
 */
export function ExportCsvButton({ path, fallbackName }: { path: string; fallbackName: string }) {
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  async function download() {
    setBusy(true);
    try {
      const params = new URLSearchParams({ filter: JSON.stringify(filterValues), sort: JSON.stringify([sort.field, sort.order]) });
      // With the access token, renewed once on 401 like every console request.
      const response = await session.send(`${path}?${params}`, { headers: { Accept: 'text/csv' } });
      if (!response.ok) throw new Error(String(response.status));
      saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName));
    } catch {
      notify(<Toast title="Export failed" description="Please try again." />, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button startIcon={<DownloadIcon />} onClick={download} disabled={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
