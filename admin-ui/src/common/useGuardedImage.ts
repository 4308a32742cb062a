import { useEffect, useState } from 'react';
import { session } from '../providers/session';

/**
 * A photo the API serves only with the access token: fetched with it (`path` under /api, renewed once
 * on 401 like every console request) and shown through an object URL, released when the image goes
 * away.
 */
export function useGuardedImage(path: string) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setFailed(false);
    session.blob(path).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [path, attempt]);
  return { src, failed, retry: () => setAttempt((value) => value + 1) };
}
