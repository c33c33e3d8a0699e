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

/**
 * The stored form of a rollup cell: one JSON array of numbers and type names, which parses and
 * merges several times faster than the object form (a month's answer reads thousands of cells).
 * `[sessions, critical, high, medium, bandHigh, bandMedium, bandLow, bandUnrated, metrics, types,
 * causes]`; metrics in METRICS order, each 0 when absent or `[n, (sum, sq,) bin, count, …]` (sums
 * for the metrics that keep them); types and causes flat: `[type, critical, high, medium, low,
 * info, type, …]`.
 */
export function encodeAcc(acc: Acc): string {
  const metrics = METRICS.map((metric) => {
    const m = acc.m[metric];
    if (!m) return 0;
    const out = METRIC_SPECS[metric].sums ? [m.n, m.sum ?? 0, m.sq ?? 0] : [m.n];
    for (const [bin, count] of Object.entries(m.h)) out.push(Number(bin), count);
    return out;
  });
  const flat = (rows: Record<string, number[]>) =>
    Object.entries(rows).flatMap(([type, counts]) => [type, ...counts]);
  const b = acc.band;
  return JSON.stringify([
    acc.sessions,
    ...acc.sev,
    b.high,
    b.medium,
    b.low,
    b.unrated,
    metrics,
    flat(acc.t),
    flat(acc.c),
  ]);
}

type Encoded = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  (0 | number[])[],
  (string | number)[],
  (string | number)[],
];

function addFlat(rows: Record<string, number[]>, flat: (string | number)[]): void {
  for (let i = 0; i + 5 < flat.length; i += 6) {
    const type = flat[i] as string;
    const row = rows[type] ?? [0, 0, 0, 0, 0];
    for (let k = 0; k < 5; k++) row[k]! += flat[i + 1 + k] as number;
    rows[type] = row;
  }
}

/**
 * Adds a stored cell into `acc`. Only additions: counts never reach zero here, so the result is
 * what mergeInto gives (subtractions go through decodeAcc and mergeInto, which drop zeros).
 */
export function addEncoded(acc: Acc, text: string): Acc {
  const e = JSON.parse(text) as Encoded;
  acc.sessions += e[0];
  acc.sev[0] += e[1];
  acc.sev[1] += e[2];
  acc.sev[2] += e[3];
  acc.band.high += e[4];
  acc.band.medium += e[5];
  acc.band.low += e[6];
  acc.band.unrated += e[7];
  const metrics = e[8];
  for (let i = 0; i < METRICS.length; i++) {
    const m = metrics[i];
    if (!m) continue;
    const metric = METRICS[i]!;
    const cur = acc.m[metric] ?? { n: 0, h: {} };
    cur.n += m[0]!;
    let at = 1;
    if (METRIC_SPECS[metric].sums) {
      cur.sum = (cur.sum ?? 0) + m[1]!;
      cur.sq = (cur.sq ?? 0) + m[2]!;
      at = 3;
    }
    const h = cur.h;
    for (; at + 1 < m.length; at += 2) h[m[at]!] = (h[m[at]!] ?? 0) + m[at + 1]!;
    acc.m[metric] = cur;
  }
  addFlat(acc.t, e[9]);
  addFlat(acc.c, e[10]);
  return acc;
}

/** A stored cell as an accumulator. */
export function decodeAcc(text: string): Acc {
  return addEncoded(emptyAcc(), text);
}
