import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@relining/contracts/client/http';
import { session } from '../providers/session';

export interface ApiGetState<T> {
  data: T | undefined;
  /** The server's message (or the fallback) when the last attempt failed. */
  error: string | null;
  loading: boolean;
  retry: () => void;
}

/**
 * GET a console API path (under /api, e.g. '/admin/referrals/stats') with the signed-in token, typed
 * by the caller from @relining/contracts/api. `version` reloads it (after a change elsewhere on
 * the page); the last good answer stays on screen while a reload runs, so nothing flickers.
 */
export function useApiGet<T>(path: string, version: number = 0, fallbackError: string = 'The server did not answer.'): ApiGetState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    session.call<T>(path).then(
      (answer) => {
        if (cancelled) return;
        setData(answer);
        setError(null);
        setLoading(false);
      },
      (caught: unknown) => {
        if (cancelled) return;
        setError(errorMessage(caught, fallbackError));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [path, version, attempt, fallbackError]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { data, error, loading, retry };
}
