/**
 * What the Overview reads: GET /v1.0/insights over a period of whole UTC days (so that the rollups
 * answer it), with the period before it as the baseline of `compare`, and the same period grouped
 * by browser, OS and connectivity. Each number of the page is a set of sessions the list can show:
 * `ListFilter` is that set, as the list page's address takes it.
 */
import { getJson } from './api.js';

export const PERIODS = [7, 30, 90] as const;
export type Days = (typeof PERIODS)[number];
export const DEFAULT_DAYS: Days = 30;
const DAY_MS = 86_400_000;

export interface TypeShare {
  type: string;
  sessions: number;
  share: number;
  bySeverity: Record<'critical' | 'high' | 'medium' | 'low' | 'info', number>;
}

export interface Summary {
  sessions: number;
  withCritical: number;
  withHigh: number;
  withMedium: number;
  scores: Record<
    string,
    {
      count: number;
      mean: number | null;
      p50: number | null;
      bands?: { high: number; medium: number; low: number; unrated?: number };
    }
  >;
  observations: TypeShare[];
  causes: TypeShare[];
}

export interface SeriesPoint {
  period: string | null;
  sessions: number;
  experienceMean: number | null;
  lowScore: number;
}

export interface ShareChange {
  kind: 'score' | 'severity' | 'observation' | 'cause';
  name: string;
  baseline: { sessions: number; share: number };
  current: { sessions: number; share: number };
  change: number;
  pValue: number | null;
  significant: boolean | null;
  worse: boolean;
}

export interface ScoreChange {
  metric: string;
  baseline: { count: number; mean: number | null; p50: number | null };
  current: { count: number; mean: number | null; p50: number | null };
  change: number | null;
  pValue: number | null;
  significant: boolean | null;
  worse: boolean;
}

export interface Insights {
  total: Summary;
  groups: (Summary & { key: string | null })[];
  interval: 'day' | 'week' | 'none';
  series: SeriesPoint[];
  compare: {
    method: { scores: string; shares: string; significance: string; minCount: number };
    baseline: { sessions: number };
    current: { sessions: number };
    scores: ScoreChange[];
    shares: ShareChange[];
  } | null;
}

/** A period of whole UTC days ending with today: [from, to) as YYYY-MM-DD. */
export interface Period {
  days: Days;
  from: string;
  to: string;
  baselineFrom: string;
  interval: 'day' | 'week';
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function periodOf(days: Days, now = Date.now()): Period {
  const to = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const from = to - days * DAY_MS;
  return {
    days,
    from: isoDay(from),
    to: isoDay(to),
    baselineFrom: isoDay(from - days * DAY_MS),
    interval: days > 30 ? 'week' : 'day',
  };
}

/** The end of a series period (a day or an ISO week starting on that day), clipped to the period. */
export function periodEnd(start: string, interval: 'day' | 'week', period: Period): string {
  const end = isoDay(Date.parse(`${start}T00:00:00Z`) + (interval === 'week' ? 7 : 1) * DAY_MS);
  return end > period.to ? period.to : end;
}

export const clipStart = (start: string, period: Period): string =>
  start < period.from ? period.from : start;

/** A set of sessions, as the list page's address takes it (filters.ts reads it back). */
export type ListFilter = Record<string, string>;

export const listHref = (filter: ListFilter): string => `/sessions?${new URLSearchParams(filter)}`;

export interface OverviewData {
  period: Period;
  main: Insights;
  by: Record<'browser' | 'os' | 'connectivity', Insights>;
  /** Sessions of the account at all (of any time), to tell "none yet" from "none in this period". */
  stored: number;
  titles: Map<string, string>;
}

export async function loadOverview(period: Period): Promise<OverviewData> {
  const range = { from: period.from, to: period.to };
  const insights = (extra: Record<string, string>) =>
    getJson<Insights>(`/v1.0/insights?${new URLSearchParams({ ...range, ...extra })}`);
  const grouped = (groupBy: string) => insights({ groupBy, interval: 'none', top: '1' });
  const [main, browser, os, connectivity, list, catalog] = await Promise.all([
    insights({ compare: 'period', interval: period.interval, top: '100' }),
    grouped('browser'),
    grouped('os'),
    grouped('connectivity'),
    getJson<{ totalCount: number }>('/v1.0/sessions?limit=1'),
    getJson<{ data: { type: string; title: string }[] }>('/v1.0/observations').catch(() => ({ data: [] })),
  ]);
  return {
    period,
    main,
    by: { browser, os, connectivity },
    stored: list.totalCount,
    titles: new Map(catalog.data.map((e) => [e.type, e.title])),
  };
}

/** Sessions of a share of a whole: shares are rounded to 4 decimals, exact below 10 000 sessions. */
export const sessionsOf = (share: number | undefined, whole: number): number =>
  Math.round((share ?? 0) * whole);
