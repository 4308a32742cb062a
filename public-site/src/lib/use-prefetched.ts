import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { answerOf, api } from '@relining/contracts/client/http';
import { peekPrefetched, takePrefetched, type PrefetchedAnswer } from '../page-loaders';

export type Loading = { kind: 'loading' };

/**
 * The one record a shell page shows (`GET /api{path}`: a job, an appointment, a review link). The
 * entry script asked for it as the page started (page-loaders.ts): when its answer is here by the
 * time the page renders, the first render shows it; otherwise the page shows its loading state until
 * the prefetch (or, without one, a request of its own) answers. `found` makes the page's state of
 * the record, `failed` of an error in the one format or a network failure (never of an abort when the
 * page goes). Both must be stable (module-level functions).
 */
export function usePrefetched<T, S extends { kind: string }>(
  path: string,
  found: (value: T) => S,
  failed: (error: unknown) => S,
): [S | Loading, Dispatch<SetStateAction<S | Loading>>] {
  const [state, setState] = useState<S | Loading>(() => {
    const answer = peekPrefetched(path);
    return answer ? stateOf(answer, found, failed) : { kind: 'loading' };
  });

  useEffect(() => {
    const prefetch = takePrefetched(path);
    const settled = prefetch?.settled;
    if (settled) {
      setState((current) => (current.kind === 'loading' ? stateOf(settled, found, failed) : current));
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.kind === 'loading' ? current : { kind: 'loading' }));
    const record = prefetch ? prefetch.answer.then((answer) => answerOf<T>(answer)) : api<T>(path, { signal: controller.signal });
    record.then(
      (value) => {
        if (!controller.signal.aborted) setState(found(value));
      },
      (error) => {
        if ((error as Error).name === 'AbortError' || controller.signal.aborted) return;
        setState(failed(error));
      },
    );
    return () => controller.abort();
  }, [path, found, failed]);

  return [state, setState];
}

function stateOf<T, S>(answer: PrefetchedAnswer, found: (value: T) => S, failed: (error: unknown) => S): S {
  try {
    return found(answerOf<T>(answer));
  } catch (error) {
    return failed(error);
  }
}
