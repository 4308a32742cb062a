import { useEffect, useState } from 'react';

/**
 * False during prerendering and the first (hydrating) render, true after: content that depends on the
 * query string or the session renders only then, so the hydrated markup matches the prerendered one.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
