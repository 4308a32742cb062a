import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppointmentRecord } from '@relining/contracts/api/appointments';
import { errorMessage } from '@relining/contracts/client/http';

/** A page as every staff list serves it; a week of a busy region may take a few. */
const PAGE = 100;
const MAX_PAGES = 20;

export interface AppointmentsState {
  data: AppointmentRecord[] | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Every appointment a filter matches (GET /api/admin/appointments, react-admin's list dialect, page by
 * page until the Content-Range total), or nothing while `filter` is null. The last answer stays on
 * screen while the next loads (a new week, another region), so the calendar does not flicker.
 */
export function useAppointments(filter: Record<string, string> | null): AppointmentsState {
  const dataProvider = useDataProvider();
  const [data, setData] = useState<AppointmentRecord[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(filter !== null);
  const [attempt, setAttempt] = useState(0);
  const key = filter === null ? null : JSON.stringify(filter);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setLoading(true);
    (async () => {
      const all: AppointmentRecord[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await dataProvider.getList<AppointmentRecord>('appointments', {
          filter: JSON.parse(key) as Record<string, string>,
          pagination: { page, perPage: PAGE },
          // The one field every list sorts by (the calendar places events itself).
          sort: { field: 'id', order: 'ASC' },
          signal: controller.signal,
        });
        all.push(...answer.data);
        if (answer.data.length < PAGE || all.length >= (answer.total ?? 0)) break;
      }
      return all;
    })().then(
      (all) => {
        if (controller.signal.aborted) return;
        setData(all);
        setError(null);
        setLoading(false);
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessage(caught, 'Could not fetch the appointments.'));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [dataProvider, key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { data, error, loading, reload };
}
