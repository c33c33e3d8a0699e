/**
 * Gathers the accumulators an insights answer needs (the whole, each group, each period of the
 * series) either from the rollup cells or, for what their keys cannot answer, by reading the
 * matching sessions. Both paths count with the same code (accumulator.ts); `scanBecause` says why
 * a request was answered by a scan.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { SessionFilters, Storage } from '../storage/index.js';
import { type FactRow, factsOf } from '../storage/insight-facts.js';
import { type CellRow, type CellWhere, DAY_MS, dayOf } from '../storage/insights.js';
import type { Database } from '../storage/schema.js';
import { sessionConditions } from '../storage/session-conditions.js';
import { type Acc, addEncoded, addSession, emptyAcc, mergeInto } from './accumulator.js';

export const GROUP_BY = [
  'browser',
  'browserVersion',
  'os',
  'connectivity',
  'observationType',
  'processorVersion',
  'conference',
  'day',
  'week',
] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export type Interval = 'day' | 'week' | 'none';

export interface Scope {
  filters: SessionFilters;
  connectivity?: string;
  processorVersion?: string;
  /** Epoch ms: call start in [from, to), creation in [createdFrom, createdTo). */
  from?: number;
  to?: number;
  createdFrom?: number;
  createdTo?: number;
}

export interface Gathered {
  source: 'rollup' | 'scan';
  scanBecause: string[];
  total: Acc;
  groups: Map<string | null, Acc>;
  series: Map<string | null, Acc>;
}

/** Sessions one answer may read when the rollups cannot answer it. */
export const SCAN_LIMIT = 200_000;

/** List filters the rollup keys cannot answer: such a request reads the sessions. */
const SCAN_FILTERS = [
  'name',
  'fileName',
  'observationTags',
  'observationFlags',
  'userId',
  'conferenceId',
  'sessionId',
] as const;

/** YYYY-MM-DD of a UTC day number (remembered: an answer asks for the same days thousands of times). */
const ISO_DAYS = new Map<number, string>();
const isoDay = (day: number) => {
  let text = ISO_DAYS.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (ISO_DAYS.size < 100_000) ISO_DAYS.set(day, text);
  }
  return text;
};
/** The Monday (UTC) of a day's ISO week: day 0, 1970-01-01, was a Thursday. */
const weekOf = (day: number) => day - ((((day + 3) % 7) + 7) % 7);
export const periodOf = (day: number | null, interval: Interval): string | null =>
  day === null ? null : isoDay(interval === 'week' ? weekOf(day) : day);

const dayAligned = (ms: number | undefined) => ms === undefined || ms % DAY_MS === 0;

/** Why the rollups cannot answer this (empty: they can). */
export function scanReasons(scope: Scope, groupBy: GroupBy | undefined): string[] {
  const reasons: string[] = SCAN_FILTERS.filter((f) => scope.filters[f] !== undefined).map(
    (f) => `filter ${f}`,
  );
  if (groupBy === 'observationType' || groupBy === 'conference') reasons.push(`groupBy ${groupBy}`);
  for (const k of ['from', 'to', 'createdFrom', 'createdTo'] as const)
    if (!dayAligned(scope[k])) reasons.push(`${k} not at 00:00 UTC`);
  return reasons;
}

function cellWhere(scope: Scope): CellWhere {
  const f = scope.filters;
  const w: CellWhere = {};
  if (scope.from !== undefined || scope.to !== undefined)
    w.startDays = {
      ...(scope.from !== undefined ? { from: dayOf(scope.from) } : {}),
      ...(scope.to !== undefined ? { to: dayOf(scope.to) } : {}),
    };
  if (scope.createdFrom !== undefined || scope.createdTo !== undefined)
    w.createdDays = {
      ...(scope.createdFrom !== undefined ? { from: dayOf(scope.createdFrom) } : {}),
      ...(scope.createdTo !== undefined ? { to: dayOf(scope.createdTo) } : {}),
    };
  if (f.browser !== undefined) w.browser = f.browser;
  if (f.browserVersion !== undefined) w.browserVersion = f.browserVersion;
  if (f.os !== undefined) w.os = f.os;
  if (scope.connectivity !== undefined) w.connectivity = scope.connectivity;
  if (scope.processorVersion !== undefined) w.processorVersion = scope.processorVersion;
  // The list's has*Score filters, as sessionConditions reads them: each true keeps its band only,
  // each false drops it.
  let bands = ['high', 'medium', 'low', 'unrated'];
  for (const [band, v] of [
    ['low', f.hasLowScore],
    ['medium', f.hasMediumScore],
    ['high', f.hasHighScore],
  ] as const)
    if (v !== undefined) bands = bands.filter((b) => (v ? b === band : b !== band));
  if (bands.length < 4) w.bands = bands;
  const severity = (
    [
      [1, f.hasCritical],
      [2, f.hasHigh],
      [4, f.hasMedium],
    ] as const
  ).flatMap(([bit, v]) => (v === undefined ? [] : [{ bit, set: v }]));
  if (severity.length) w.severity = severity;
  return w;
}

function groupOfCell(c: CellRow, groupBy: GroupBy | undefined, timeField: TimeField): string | null {
  switch (groupBy) {
    case undefined:
      return null;
    case 'browser':
      return c.browser;
    case 'browserVersion':
      return c.browser === null && c.browser_version === null
        ? null
        : `${c.browser ?? '?'} ${c.browser_version ?? '?'}`;
    case 'os':
      return c.os;
    case 'connectivity':
      return c.connectivity;
    case 'processorVersion':
      return c.processor_version;
    case 'day':
    case 'week':
      return periodOf(timeField === 'createdAt' ? c.created_day : c.start_day, groupBy);
    default:
      throw new Error(`groupBy ${groupBy} needs a scan`);
  }
}

export type TimeField = 'callStart' | 'createdAt';

export interface GatherOptions {
  groupBy?: GroupBy;
  interval: Interval;
  timeField: TimeField;
  /** Tests: answer by a scan even when the rollups could. */
  forceScan?: boolean;
}

const add = (m: Map<string | null, Acc>, key: string | null, acc: Acc) => {
  const cur = m.get(key);
  if (cur) mergeInto(cur, acc);
  else m.set(key, mergeInto(emptyAcc(), acc));
};

/**
 * Each cell is counted once, into a bucket per (group, period) (a cell is in one group); the
 * whole, the groups and the series are then merged from the buckets, far fewer than the cells.
 */
class Buckets {
  private readonly map = new Map<string, { group: string | null; period: string | null; acc: Acc }>();
  at(group: string | null, period: string | null): Acc {
    const key = JSON.stringify([group, period]);
    let b = this.map.get(key);
    if (!b) {
      b = { group, period, acc: emptyAcc() };
      this.map.set(key, b);
    }
    return b.acc;
  }
  result(scanBecause: string[], o: GatherOptions): Gathered {
    const total = emptyAcc();
    const groups = new Map<string | null, Acc>();
    const series = new Map<string | null, Acc>();
    for (const b of this.map.values()) {
      mergeInto(total, b.acc);
      if (o.groupBy) add(groups, b.group, b.acc);
      if (o.interval !== 'none') add(series, b.period, b.acc);
    }
    return { source: 'rollup', scanBecause, total, groups, series };
  }
}

export async function gather(
  storage: Storage,
  accountId: string,
  scope: Scope,
  o: GatherOptions,
): Promise<Gathered> {
  const scanBecause = scanReasons(scope, o.groupBy);
  if (scanBecause.length === 0 && !o.forceScan) {
    const buckets = new Buckets();
    for (const c of await storage.insights.cells(accountId, cellWhere(scope))) {
      const period =
        o.interval === 'none'
          ? null
          : periodOf(o.timeField === 'createdAt' ? c.created_day : c.start_day, o.interval);
      addEncoded(buckets.at(o.groupBy ? groupOfCell(c, o.groupBy, o.timeField) : null, period), c.data);
    }
    return buckets.result(scanBecause, o);
  }
  return scan(storage, accountId, scope, o, scanBecause);
}

function scanWhere(accountId: string, scope: Scope) {
  return (eb: ExpressionBuilder<Database, 'sessions'>): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [sessionConditions(eb, accountId, scope.filters)];
    const range = (column: 'call_start' | 'created_at', from?: number, to?: number) => {
      if (from !== undefined) all.push(eb(column, '>=', from));
      if (to !== undefined) all.push(eb(column, '<', to));
    };
    range('call_start', scope.from, scope.to);
    range('created_at', scope.createdFrom, scope.createdTo);
    if (scope.connectivity !== undefined) all.push(eb('connectivity', '=', scope.connectivity));
    if (scope.processorVersion !== undefined) all.push(eb('processor_version', '=', scope.processorVersion));
    return eb.and(all);
  };
}

function groupsOfRow(
  row: FactRow,
  serious: string[],
  groupBy: GroupBy | undefined,
  timeField: TimeField,
): (string | null)[] {
  const day = (ms: number | string | null) => (ms === null ? null : dayOf(Number(ms)));
  switch (groupBy) {
    case undefined:
      return [];
    case 'browser':
      return [row.browser];
    case 'browserVersion':
      return [
        row.browser === null && row.browser_version === null
          ? null
          : `${row.browser ?? '?'} ${row.browser_version ?? '?'}`,
      ];
    case 'os':
      return [row.os];
    case 'connectivity':
      return [row.connectivity];
    case 'processorVersion':
      return [row.processor_version];
    case 'conference':
      return [row.conference_id];
    case 'observationType':
      return serious;
    case 'day':
    case 'week':
      return [periodOf(day(timeField === 'createdAt' ? row.created_at : row.call_start), groupBy)];
  }
}

async function scan(
  storage: Storage,
  accountId: string,
  scope: Scope,
  o: GatherOptions,
  scanBecause: string[],
): Promise<Gathered> {
  // Each session is added to the whole, its period and its groups (several for observationType,
  // none when it has no such type), so neither the whole nor the series count it twice.
  const total = emptyAcc();
  const groups = new Map<string | null, Acc>();
  const series = new Map<string | null, Acc>();
  const into = (m: Map<string | null, Acc>, key: string | null) => {
    const acc = m.get(key) ?? emptyAcc();
    m.set(key, acc);
    return acc;
  };
  const where = scanWhere(accountId, scope);
  let after: string | null = null;
  for (;;) {
    const page = await storage.insights.scan(where, after, 5000);
    if (page.rows.length === 0) break;
    for (const row of page.rows) {
      const observations = page.observations.get(row.id) ?? [];
      const facts = factsOf(row, observations);
      addSession(total, facts, 1);
      if (o.interval !== 'none') {
        const ms = o.timeField === 'createdAt' ? row.created_at : row.call_start;
        addSession(into(series, periodOf(ms === null ? null : dayOf(Number(ms)), o.interval)), facts, 1);
      }
      if (!o.groupBy) continue;
      const serious = observations
        .filter((f) => f.kind === 'type' && ['critical', 'high', 'medium'].includes(f.severity))
        .map((f) => f.type);
      for (const g of groupsOfRow(row, serious, o.groupBy, o.timeField))
        addSession(into(groups, g), facts, 1);
    }
    if (total.sessions > SCAN_LIMIT) throw new ScanTooLarge(scanBecause);
    after = page.rows[page.rows.length - 1]!.id;
  }
  return { source: 'scan', scanBecause, total, groups, series };
}

export class ScanTooLarge extends Error {
  constructor(readonly because: string[]) {
    super(
      `This request is answered by reading the sessions (${because.join(', ') || 'forced'}) and matches more than ${SCAN_LIMIT.toLocaleString('en')}: narrow the time range, or drop what needs a scan (docs/insights.md).`,
    );
  }
}
