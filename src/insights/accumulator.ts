/**
 * The figures of a set of sessions, in a form that adds and subtracts exactly: counts, integer
 * sums of hundredths, fixed-bin histograms, and session counts per observation type and cause by
 * their worst severity. One session is added with `addSession(acc, facts, 1)` and removed with -1;
 * two sets merge with `mergeInto`. Rollup cells store it as JSON, a scan builds it from rows: the
 * same code answers both, so they cannot disagree. Zero entries are dropped, so that a rollup and
 * a recount of the same sessions are equal as values.
 */
import {
  binOf,
  hundredths,
  METRIC_SPECS,
  METRICS,
  type Metric,
  SEVERITIES,
  severityIndex,
} from './metrics.js';

export interface MetricAcc {
  /** Sessions with a value. */
  n: number;
  /** Sum and sum of squares of the values in hundredths (scores only). */
  sum?: number;
  sq?: number;
  /** Sessions per bin. */
  h: Record<string, number>;
}

export interface Acc {
  sessions: number;
  /** Sessions with at least one critical, high, medium observation. */
  sev: [number, number, number];
  /** Experience score bands (scoreBand): high, medium, low, unrated. */
  band: { high: number; medium: number; low: number; unrated: number };
  m: Partial<Record<Metric, MetricAcc>>;
  /** Observation type -> sessions by the worst severity of that type (critical..info). */
  t: Record<string, number[]>;
  /** Cause (an observation type that explains others) -> sessions by its worst severity. */
  c: Record<string, number[]>;
}

/** The facts of one session that insights count. */
export interface SessionFacts {
  scoreBand: 'low' | 'medium' | 'high' | 'unrated';
  critical: boolean;
  high: boolean;
  medium: boolean;
  values: Partial<Record<Metric, number | null>>;
  /** Worst severity per observation type, and per cause. */
  observations: readonly { type: string; severity: string }[];
  causes: readonly { type: string; severity: string }[];
}

export function emptyAcc(): Acc {
  return {
    sessions: 0,
    sev: [0, 0, 0],
    band: { high: 0, medium: 0, low: 0, unrated: 0 },
    m: {},
    t: {},
    c: {},
  };
}

function bump(record: Record<string, number>, key: string, by: number): void {
  const v = (record[key] ?? 0) + by;
  if (v === 0) delete record[key];
  else record[key] = v;
}

function bumpSeverities(record: Record<string, number[]>, type: string, counts: readonly number[]): void {
  const row = record[type] ?? [0, 0, 0, 0, 0];
  let any = false;
  for (let i = 0; i < row.length; i++) {
    row[i] = (row[i] ?? 0) + (counts[i] ?? 0);
    if (row[i] !== 0) any = true;
  }
  if (any) record[type] = row;
  else delete record[type];
}

function mergeMetric(acc: Acc, metric: Metric, add: MetricAcc, sign: 1 | -1): void {
  const cur = acc.m[metric] ?? { n: 0, h: {} };
  cur.n += sign * add.n;
  if (METRIC_SPECS[metric].sums) {
    cur.sum = (cur.sum ?? 0) + sign * (add.sum ?? 0);
    cur.sq = (cur.sq ?? 0) + sign * (add.sq ?? 0);
  }
  for (const [bin, count] of Object.entries(add.h)) bump(cur.h, bin, sign * count);
  if (cur.n === 0 && Object.keys(cur.h).length === 0) delete acc.m[metric];
  else acc.m[metric] = cur;
}

/** Adds (sign 1) or removes (sign -1) one session. */
export function addSession(acc: Acc, f: SessionFacts, sign: 1 | -1): Acc {
  acc.sessions += sign;
  if (f.critical) acc.sev[0] += sign;
  if (f.high) acc.sev[1] += sign;
  if (f.medium) acc.sev[2] += sign;
  acc.band[f.scoreBand] += sign;
  for (const metric of METRICS) {
    const v = f.values[metric];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    const q = hundredths(v);
    const one: MetricAcc = { n: 1, h: { [binOf(metric, q)]: 1 } };
    if (METRIC_SPECS[metric].sums) {
      one.sum = q;
      one.sq = q * q;
    }
    mergeMetric(acc, metric, one, sign);
  }
  const severityRow = (s: string) => SEVERITIES.map((_, i) => (i === severityIndex(s) ? sign : 0));
  for (const o of f.observations)
    if (severityIndex(o.severity) >= 0) bumpSeverities(acc.t, o.type, severityRow(o.severity));
  for (const o of f.causes)
    if (severityIndex(o.severity) >= 0) bumpSeverities(acc.c, o.type, severityRow(o.severity));
  return acc;
}

/** Adds (or with -1 subtracts) `add` into `acc`. */
export function mergeInto(acc: Acc, add: Acc, sign: 1 | -1 = 1): Acc {
  acc.sessions += sign * add.sessions;
  for (let i = 0; i < 3; i++) acc.sev[i] = (acc.sev[i] ?? 0) + sign * (add.sev[i] ?? 0);
  for (const k of ['high', 'medium', 'low', 'unrated'] as const) acc.band[k] += sign * add.band[k];
  for (const [metric, m] of Object.entries(add.m) as [Metric, MetricAcc][]) mergeMetric(acc, metric, m, sign);
  for (const [type, row] of Object.entries(add.t))
    bumpSeverities(
      acc.t,
      type,
      row.map((v) => sign * v),
    );
  for (const [type, row] of Object.entries(add.c))
    bumpSeverities(
      acc.c,
      type,
      row.map((v) => sign * v),
    );
  return acc;
}

/** Reads a stored accumulator (rollup cell data), tolerating fields a later version added. */
export function parseAcc(text: string): Acc {
  const raw = JSON.parse(text) as Partial<Acc>;
  return {
    sessions: raw.sessions ?? 0,
    sev: raw.sev ?? [0, 0, 0],
    band: { high: 0, medium: 0, low: 0, unrated: 0, ...raw.band },
    m: raw.m ?? {},
    t: raw.t ?? {},
    c: raw.c ?? {},
  };
}
