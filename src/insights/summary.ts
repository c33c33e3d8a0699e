/** An accumulator (accumulator.ts) told as numbers a person or an agent reads. */
import type { Acc, MetricAcc } from './accumulator.js';
import {
  binEdge,
  METRIC_SPECS,
  type Metric,
  SCORE_METRICS,
  type ScoreMetric,
  SEVERITIES,
  STAT_METRICS,
  type StatMetric,
} from './metrics.js';

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
/** Shares are fractions of 1 with 4 decimals (0.0912 is 9.12 %). */
export const share = (part: number, whole: number): number => (whole > 0 ? round(part / whole, 4) : 0);

export interface Bands {
  high: number;
  medium: number;
  low: number;
  unrated?: number;
}

export interface ScoreSummary {
  count: number;
  mean: number | null;
  stddev: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  bands?: Bands;
}

export interface StatSummary {
  count: number;
  p50: number | null;
  p95: number | null;
}

export interface TypeShare {
  type: string;
  /** Sessions with the type at any severity, and their share of the sessions. */
  sessions: number;
  share: number;
  /** Sessions whose worst observation of the type has this severity. */
  bySeverity: { critical: number; high: number; medium: number; low: number; info: number };
}

export interface Summary {
  sessions: number;
  /** Shares of the sessions with at least one critical, high, medium observation. */
  withCritical: number;
  withHigh: number;
  withMedium: number;
  scores: Record<ScoreMetric, ScoreSummary>;
  stats: Record<StatMetric, StatSummary>;
  observations: TypeShare[];
  causes: TypeShare[];
}

/** The lower edge of the bin holding the nearest-rank p-th percentile. */
export function percentile(metric: Metric, m: MetricAcc | undefined, p: number): number | null {
  if (!m || m.n <= 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * m.n));
  const bins = Object.entries(m.h)
    .map(([b, c]) => [Number(b), c] as const)
    .sort((x, y) => x[0] - y[0]);
  let seen = 0;
  for (const [bin, count] of bins) {
    seen += count;
    if (seen >= rank) return binEdge(metric, bin);
  }
  return binEdge(metric, bins[bins.length - 1]![0]);
}

/** Sessions of a histogram in bins below / at or above a threshold (thresholds sit on bin edges). */
function binsBelow(metric: Metric, m: MetricAcc, threshold: number): number {
  let n = 0;
  for (const [bin, count] of Object.entries(m.h)) if (binEdge(metric, Number(bin)) < threshold) n += count;
  return n;
}

export function scoreSummary(metric: ScoreMetric, acc: Acc): ScoreSummary {
  const m = acc.m[metric];
  const n = m?.n ?? 0;
  const mean = n > 0 ? round((m!.sum ?? 0) / n / 100, 2) : null;
  let stddev: number | null = null;
  if (n > 1) {
    const sum = m!.sum ?? 0;
    const variance = ((m!.sq ?? 0) - (sum * sum) / n) / (n - 1);
    stddev = round(Math.sqrt(Math.max(0, variance)) / 100, 2);
  }
  const out: ScoreSummary = {
    count: n,
    mean,
    stddev,
    p50: percentile(metric, m, 50),
    p90: percentile(metric, m, 90),
    p95: percentile(metric, m, 95),
  };
  const bands = METRIC_SPECS[metric].bands;
  if (metric === 'experienceScore') {
    // The sessions list's scoreBand: shares of every session, unrated (no audio or video) included.
    out.bands = {
      high: share(acc.band.high, acc.sessions),
      medium: share(acc.band.medium, acc.sessions),
      low: share(acc.band.low, acc.sessions),
      unrated: share(acc.band.unrated, acc.sessions),
    };
  } else if (bands && m && n > 0) {
    const low = binsBelow(metric, m, bands.low);
    const notHigh = binsBelow(metric, m, bands.high);
    out.bands = { high: share(n - notHigh, n), medium: share(notHigh - low, n), low: share(low, n) };
  }
  return out;
}

export function statSummary(metric: StatMetric, acc: Acc): StatSummary {
  const m = acc.m[metric];
  return { count: m?.n ?? 0, p50: percentile(metric, m, 50), p95: percentile(metric, m, 95) };
}

function typeShares(rows: Record<string, number[]>, sessions: number, top: number): TypeShare[] {
  return Object.entries(rows)
    .map(([type, counts]) => {
      const total = counts.reduce((a, b) => a + b, 0);
      const bySeverity = Object.fromEntries(
        SEVERITIES.map((s, i) => [s, counts[i] ?? 0]),
      ) as TypeShare['bySeverity'];
      return { type, sessions: total, share: share(total, sessions), bySeverity };
    })
    .sort((a, b) => serious(b) - serious(a) || b.sessions - a.sessions || a.type.localeCompare(b.type))
    .slice(0, top);
}

/** Sessions with the type at critical, high or medium: what the list's observationFlags filter counts. */
export const serious = (t: { bySeverity: TypeShare['bySeverity'] }): number =>
  t.bySeverity.critical + t.bySeverity.high + t.bySeverity.medium;

/** `top`: how many observation types and causes to list (the most sessions at medium or above first). */
export function summarize(acc: Acc, top: number): Summary {
  return {
    sessions: acc.sessions,
    withCritical: share(acc.sev[0], acc.sessions),
    withHigh: share(acc.sev[1], acc.sessions),
    withMedium: share(acc.sev[2], acc.sessions),
    scores: Object.fromEntries(SCORE_METRICS.map((m) => [m, scoreSummary(m, acc)])) as Summary['scores'],
    stats: Object.fromEntries(STAT_METRICS.map((m) => [m, statSummary(m, acc)])) as Summary['stats'],
    observations: typeShares(acc.t, acc.sessions, top),
    causes: typeShares(acc.c, acc.sessions, top),
  };
}
