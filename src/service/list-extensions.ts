/**
 * The list's own extensions of GET /v1.0/sessions, beside the specification's filters
 * (session-filters.ts): the call start range and the connectivity the Overview's numbers stand
 * for, so that each of them opens the list of exactly its sessions, and the order of the list.
 * GET /insights takes from, to and connectivity itself, with the same meaning.
 */
import { SESSION_SORTS, type SessionFilters, type SessionSort } from '../storage/index.js';
import { ApiError } from './api-error.js';
import { instant } from './insights.js';

export const SORT_ORDERS = ['asc', 'desc'] as const;

export interface ListExtensionQuery {
  from?: string;
  to?: string;
  connectivity?: string;
  sort?: string;
  order?: string;
}

const bad = (message: string) => new ApiError('invalid_request', message);

export function parseListExtensions(q: ListExtensionQuery): {
  filters: Pick<SessionFilters, 'from' | 'to' | 'connectivity'>;
  sort: SessionSort;
} {
  const filters: Pick<SessionFilters, 'from' | 'to' | 'connectivity'> = {};
  const from = instant('from', q.from);
  const to = instant('to', q.to);
  if (from !== undefined && to !== undefined && from >= to)
    throw bad('from/to: the start must be before the end.');
  if (from !== undefined) filters.from = from;
  if (to !== undefined) filters.to = to;
  if (q.connectivity !== undefined) {
    if (q.connectivity.length === 0 || q.connectivity.length > 200)
      throw bad('connectivity must be 1 to 200 characters.');
    filters.connectivity = q.connectivity;
  }
  const by = q.sort ?? 'createdAt';
  if (!(SESSION_SORTS as readonly string[]).includes(by))
    throw bad(`sort must be one of ${SESSION_SORTS.join(', ')}.`);
  const order = q.order ?? 'desc';
  if (!(SORT_ORDERS as readonly string[]).includes(order)) throw bad('order must be asc or desc.');
  return { filters, sort: { by: by as SessionSort['by'], order: order as SessionSort['order'] } };
}
