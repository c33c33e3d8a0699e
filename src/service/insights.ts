/**
 * GET /v1.0/insights and the MCP get_insights tool: the list's filters (parsed by the list's own
 * code), a time range, a grouping, a series and a comparison, answered from the rollups where
 * their keys can (src/insights/collect.ts) and by a scan of the sessions otherwise.
 */
import { type Acc, emptyAcc } from '../insights/accumulator.js';
import {
  GROUP_BY,
  type GroupBy,
  gather,
  type Interval,
  ScanTooLarge,
  type Scope,
  type TimeField,
} from '../insights/collect.js';
import { type Comparison, compare } from '../insights/compare.js';
import { METRIC_SPECS, METRICS } from '../insights/metrics.js';
import { type Summary, scoreSummary, share, summarize } from '../insights/summary.js';
import type { Storage } from '../storage/index.js';
import { ApiError } from './api-error.js';
import { type ListQuery, type ListQueryForm, parseListQuery } from './session-filters.js';

export interface InsightsQuery extends Omit<ListQuery, 'limit' | 'page'> {
  from?: string;
  to?: string;
  createdFrom?: string;
  createdTo?: string;
  connectivity?: string;
  processorVersion?: string;
  groupBy?: string;
  interval?: string;
  timeField?: string;
  top?: number | string;
  compare?: string;
  baseline?: string;
  current?: string;
  baselineFrom?: string;
  baselineTo?: string;
}

export const COMPARE_BY = ['period', 'processorVersion', 'browserVersion'] as const;
export const INTERVALS = ['day', 'week', 'none'] as const;
export const TOP_DEFAULT = 10;
export const TOP_MAX = 100;

export interface InsightsRequest {
  scope: Scope;
  groupBy?: GroupBy;
  interval: Interval;
  timeField: TimeField;
  top: number;
  compare?:
    | { by: 'period'; baseline: { from: number; to: number } }
    | { by: 'processorVersion' | 'browserVersion'; baseline: string; current: string };
}

const bad = (message: string) => new ApiError('invalid_request', message);

/** An instant: YYYY-MM-DD (00:00 UTC) or an ISO 8601 date-time with its offset. */
export function instant(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ok = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/.test(value);
  const ms = ok ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value) : Number.NaN;
  if (!Number.isFinite(ms))
    throw bad(`${name} must be a date (YYYY-MM-DD, 00:00 UTC) or an ISO 8601 date-time with an offset.`);
  return ms;
}

function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw bad(`${name} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

function range(name: string, from: number | undefined, to: number | undefined): void {
  if (from !== undefined && to !== undefined && from >= to)
    throw bad(`${name}: the start must be before the end.`);
}

export function parseInsightsQuery(q: InsightsQuery, form: ListQueryForm = 'query'): InsightsRequest {
  const { filters } = parseListQuery(q, form);
  const scope: Scope = { filters };
  const set = <K extends keyof Scope>(k: K, v: Scope[K] | undefined) => {
    if (v !== undefined) scope[k] = v;
  };
  set('from', instant('from', q.from));
  set('to', instant('to', q.to));
  set('createdFrom', instant('createdFrom', q.createdFrom));
  set('createdTo', instant('createdTo', q.createdTo));
  range('from/to', scope.from, scope.to);
  range('createdFrom/createdTo', scope.createdFrom, scope.createdTo);
  for (const k of ['connectivity', 'processorVersion'] as const) {
    const v = q[k];
    if (v !== undefined && (v.length === 0 || v.length > 200)) throw bad(`${k} must be 1 to 200 characters.`);
    set(k, v);
  }
  const top = q.top === undefined ? TOP_DEFAULT : Number(q.top);
  if (!Number.isInteger(top) || top < 1 || top > TOP_MAX)
    throw bad(`top must be a whole number from 1 to ${TOP_MAX}.`);
  const groupBy = oneOf('groupBy', q.groupBy, GROUP_BY);
  const timeField = oneOf('timeField', q.timeField, ['callStart', 'createdAt'] as const) ?? 'callStart';
  const span = scope.from !== undefined && scope.to !== undefined ? scope.to - scope.from : undefined;
  const interval =
    oneOf('interval', q.interval, INTERVALS) ??
    (span !== undefined && span <= 92 * 86_400_000 ? 'day' : 'week');
  const request: InsightsRequest = { scope, interval, timeField, top, ...(groupBy ? { groupBy } : {}) };
  const by = oneOf('compare', q.compare, COMPARE_BY);
  const versions = q.baseline !== undefined || q.current !== undefined;
  const periods = q.baselineFrom !== undefined || q.baselineTo !== undefined;
  if (by === undefined) {
    if (versions || periods) throw bad('baseline, current, baselineFrom and baselineTo go with compare.');
  } else if (by === 'period') {
    if (versions) throw bad('compare=period takes baselineFrom and baselineTo, not baseline and current.');
    if (scope.from === undefined || scope.to === undefined)
      throw bad('compare=period compares the call start range from/to with a baseline: give from and to.');
    const length = scope.to - scope.from;
    const baseline = {
      from: instant('baselineFrom', q.baselineFrom) ?? scope.from - length,
      to: instant('baselineTo', q.baselineTo) ?? scope.from,
    };
    range('baselineFrom/baselineTo', baseline.from, baseline.to);
    request.compare = { by, baseline };
  } else {
    if (periods) throw bad(`compare=${by} takes baseline and current, not baselineFrom and baselineTo.`);
    if (!q.baseline || !q.current || q.baseline.length > 200 || q.current.length > 200)
      throw bad(
        `compare=${by} needs baseline and current (the two ${by === 'browserVersion' ? 'major versions' : 'versions'}).`,
      );
    if (by === 'browserVersion' ? filters.browserVersion !== undefined : scope.processorVersion !== undefined)
      throw bad(`compare=${by} sets ${by} itself: drop the ${by} filter.`);
    request.compare = { by, baseline: q.baseline, current: q.current };
  }
  return request;
}

export interface InsightsAnswer {
  source: 'rollup' | 'scan';
  scanBecause: string[];
  binWidths: Record<string, number>;
  total: Summary;
  groupBy: GroupBy | null;
  groups: (Summary & { key: string | null })[];
  interval: Interval;
  series: SeriesPoint[];
  compare: (Comparison & { by: string; baseline: Side; current: Side; regressions: string[] }) | null;
}

interface Side {
  label: string;
  sessions: number;
}

export interface SeriesPoint {
  period: string | null;
  sessions: number;
  experienceMean: number | null;
  experienceP50: number | null;
  lowScore: number;
  withCritical: number;
  withHigh: number;
}

export const BIN_WIDTHS = Object.fromEntries(METRICS.map((m) => [m, METRIC_SPECS[m].binWidth]));

function seriesPoint(period: string | null, acc: Acc): SeriesPoint {
  const experience = scoreSummary('experienceScore', acc);
  return {
    period,
    sessions: acc.sessions,
    experienceMean: experience.mean,
    experienceP50: experience.p50,
    lowScore: share(acc.band.low, acc.sessions),
    withCritical: share(acc.sev[0], acc.sessions),
    withHigh: share(acc.sev[1], acc.sessions),
  };
}

const byKey = (a: string | null, b: string | null) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b));

export async function insights(
  storage: Storage,
  accountId: string,
  r: InsightsRequest,
  options: { forceScan?: boolean } = {},
): Promise<InsightsAnswer> {
  const run = (scope: Scope, groupBy: GroupBy | undefined, interval: Interval) =>
    gather(storage, accountId, scope, {
      interval,
      timeField: r.timeField,
      ...(groupBy ? { groupBy } : {}),
      ...(options.forceScan ? { forceScan: true } : {}),
    }).catch((error) => {
      throw error instanceof ScanTooLarge ? bad(error.message) : error;
    });
  const main = await run(r.scope, r.groupBy, r.interval);
  const answer: InsightsAnswer = {
    source: main.source,
    scanBecause: main.scanBecause,
    binWidths: BIN_WIDTHS,
    total: summarize(main.total, r.top),
    groupBy: r.groupBy ?? null,
    groups: [...main.groups]
      .sort((a, b) => b[1].sessions - a[1].sessions || byKey(a[0], b[0]))
      .map(([key, acc]) => ({ key, ...summarize(acc, Math.min(r.top, 5)) })),
    interval: r.interval,
    series: [...main.series].sort((a, b) => byKey(a[0], b[0])).map(([p, acc]) => seriesPoint(p, acc)),
    compare: null,
  };
  const c = r.compare;
  if (c) {
    let base: Acc;
    let cur: Acc;
    let labels: [string, string];
    if (c.by === 'period') {
      base = (await run({ ...r.scope, from: c.baseline.from, to: c.baseline.to }, undefined, 'none')).total;
      cur = main.total;
      const iso = (ms: number) => new Date(ms).toISOString();
      labels = [`${iso(c.baseline.from)}/${iso(c.baseline.to)}`, `${iso(r.scope.from!)}/${iso(r.scope.to!)}`];
    } else {
      const scoped = (v: string): Scope =>
        c.by === 'browserVersion'
          ? { ...r.scope, filters: { ...r.scope.filters, browserVersion: v } }
          : { ...r.scope, processorVersion: v };
      base = (await run(scoped(c.baseline), undefined, 'none')).total;
      cur = (await run(scoped(c.current), undefined, 'none')).total;
      labels = [c.baseline, c.current];
    }
    const result = compare(base ?? emptyAcc(), cur, r.top);
    answer.compare = {
      by: c.by,
      baseline: { label: labels[0], sessions: base.sessions },
      current: { label: labels[1], sessions: cur.sessions },
      ...result,
      regressions: regressions(result),
    };
  }
  return answer;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/** One line per significant change for the worse, for people and agents. */
function regressions(c: Comparison): string[] {
  const lines: string[] = [];
  for (const s of c.scores)
    if (s.worse)
      lines.push(
        `${s.metric}: mean ${s.baseline.mean ?? s.baseline.p50} -> ${s.current.mean ?? s.current.p50} (p = ${s.pValue})`,
      );
  for (const s of c.shares)
    if (s.worse)
      lines.push(
        `${s.name} (${s.kind}): ${pct(s.baseline.share)} -> ${pct(s.current.share)} of sessions (p = ${s.pValue})`,
      );
  return lines;
}
