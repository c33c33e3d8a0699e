import { RAW_LIMITS, type RawEventsQuery, type RawSeriesQuery } from '../model/api/raw-stats.js';
import type { RawStatsAsk } from '../service/raw-stats.js';

// The raw stats explorer's queries read into asks, for the owner's routes (http/) and the share
// view's (web/) alike.

const SERIES_LISTS = ['connection', 'report', 'attribute', 'kind'] as const;

/**
 * preValidation of the series route: each list split at commas (OpenAPI's form style without
 * explode, as GET /sessions takes its filters), whether it came comma-separated, repeated or both.
 */
export async function splitSeriesLists(request: { query: unknown }): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const name of SERIES_LISTS) {
    const value = query[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    query[name] = values.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  }
}

/**
 * The explorer's series ask from its query: the n-th values of the lists make the n-th series,
 * and a shorter list goes on with its last value (one connection and report, several attributes).
 */
export function seriesAsk(query: RawSeriesQuery): RawStatsAsk {
  const { connection, report, attribute, kind = ['value'] } = query;
  const n = Math.max(connection.length, report.length, attribute.length, kind.length);
  const at = <T>(list: T[], i: number): T => list[Math.min(i, list.length - 1)]!;
  return {
    kind: 'series',
    maxPoints: query.maxPoints ?? RAW_LIMITS.defaultPoints,
    series: Array.from({ length: n }, (_, i) => ({
      connection: at(connection, i),
      report: at(report, i),
      attribute: at(attribute, i),
      kind: at(kind, i),
    })),
  };
}

export function eventsAsk(query: RawEventsQuery): RawStatsAsk {
  return {
    kind: 'events',
    events: {
      connection: query.connection,
      only: query.only,
      offset: query.offset ?? 0,
      limit: query.limit ?? RAW_LIMITS.defaultEvents,
    },
  };
}
