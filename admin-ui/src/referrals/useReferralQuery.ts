import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REFERRAL_STATUSES, URGENCIES, type ReferralStatus, type Urgency } from './referralFormat';

export interface ReferralFilters {
  q: string;
  status: ReferralStatus | '';
  urgency: Urgency | '';
  createdFrom: string;
  createdTo: string;
  overdue: boolean;
}

export const SORTABLE = ['createdAt', 'updatedAt', 'refNumber', 'status', 'urgency', 'clientName', 'plumberName'] as const;
export type SortField = (typeof SORTABLE)[number];
export type SortOrder = 'ASC' | 'DESC';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ['q', 'status', 'urgency', 'createdFrom', 'createdTo', 'overdue'] as const;

/**
 * The table's filters, sort and page, kept in the address (/admin/dashboard?status=referred&page=2)
 * so a reload, a bookmark or Back shows the same rows. Any change of filter or sort goes back to page 1.
 */
export function useReferralQuery() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<ReferralFilters>(() => {
    const status = params.get('status') ?? '';
    const urgency = params.get('urgency') ?? '';
    const from = params.get('createdFrom') ?? '';
    const to = params.get('createdTo') ?? '';
    return {
      q: params.get('q') ?? '',
      status: (REFERRAL_STATUSES as readonly string[]).includes(status) ? (status as ReferralStatus) : '',
      urgency: (URGENCIES as readonly string[]).includes(urgency) ? (urgency as Urgency) : '',
      createdFrom: DATE.test(from) ? from : '',
      createdTo: DATE.test(to) ? to : '',
      overdue: params.get('overdue') === 'true',
    };
  }, [params]);

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort') ?? '';
  const sort: SortField = (SORTABLE as readonly string[]).includes(sortParam) ? (sortParam as SortField) : 'createdAt';
  const order: SortOrder = params.get('order') === 'ASC' ? 'ASC' : 'DESC';

  const setFilters = useCallback(
    (changes: Partial<ReferralFilters>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === false || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  /** Only these filters (the others cleared): what a summary card's 'show in table' means. */
  const showOnly = useCallback(
    (changes: Partial<ReferralFilters>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of FILTER_KEYS) next.delete(key);
        for (const [key, value] of Object.entries(changes)) if (value !== '' && value !== false && value !== undefined) next.set(key, String(value));
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  const clearFilters = useCallback(() => showOnly({}), [showOnly]);

  const setPage = useCallback(
    (value: number, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value <= 1) next.delete('page');
          else next.set('page', String(value));
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  const setSort = useCallback(
    (field: SortField, direction: SortOrder) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (field === 'createdAt' && direction === 'DESC') {
          next.delete('sort');
          next.delete('order');
        } else {
          next.set('sort', field);
          next.set('order', direction);
        }
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );

  /** The filter as the API takes it: empty values left out, overdue only when asked for. */
  const apiFilter = useMemo(() => {
    const filter: Record<string, string | boolean> = {};
    const q = filters.q.trim();
    if (q) filter.q = q;
    if (filters.status) filter.status = filters.status;
    if (filters.urgency) filter.urgency = filters.urgency;
    if (filters.createdFrom) filter.createdFrom = filters.createdFrom;
    if (filters.createdTo) filter.createdTo = filters.createdTo;
    if (filters.overdue) filter.overdue = true;
    return filter;
  }, [filters]);

  const hasFilters = Object.keys(apiFilter).length > 0;
  return { filters, apiFilter, hasFilters, page, sort, order, setFilters, showOnly, clearFilters, setPage, setSort };
}

export type ReferralQuery = ReturnType<typeof useReferralQuery>;
