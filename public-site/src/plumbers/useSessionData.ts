import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../auth/session';

/**
 * One GET as the signed-in plumber, loaded when the component mounts: the answer (null until it
 * comes), whether it failed, a retry, and a setter for the answer of a later save.
 */
export function useSessionData<T>(path: string) {
  const session = useSession();
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setData(await session.call<T>(path));
    } catch {
      setFailed(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- session.call is a stable function; the session object changes with every sign-in state
  }, [session.call, path]);

  useEffect(() => {
    void load();
  }, [load]);

  return { data, failed, loading: data === null && !failed, retry: load, set: setData };
}
