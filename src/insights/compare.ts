/**
 * Two sets of sessions side by side (two periods, two processor versions, two browser versions):
 * each score's distribution (Mann-Whitney U) and each bad-call share (two-proportion z-test), the
 * change, and whether it is significant once every test of the answer is taken together
 * (Benjamini-Hochberg). A test needs MIN_COUNT sessions on each side, and shares MIN_EVENTS
 * sessions with the feature on both sides together; below that the row says so and tests nothing.
 */
import type { Acc } from './accumulator.js';
import type { Metric } from './metrics.js';
import {
  ALPHA,
  benjaminiHochberg,
  MIN_COUNT,
  MIN_EVENTS,
  mannWhitney,
  twoProportionZ,
} from './significance.js';
import { percentile, share } from './summary.js';

/** Compared metrics and which way is better. Bitrates are left out: higher is not better or worse. */
const COMPARED: readonly { metric: Metric; higherIsBetter: boolean }[] = [
  { metric: 'experienceScore', higherIsBetter: true },
  { metric: 'audioScore', higherIsBetter: true },
  { metric: 'videoScore', higherIsBetter: true },
  { metric: 'connectivityScore', higherIsBetter: true },
  { metric: 'observationsScore', higherIsBetter: true },
  { metric: 'rttMs', higherIsBetter: false },
  { metric: 'jitterMs', higherIsBetter: false },
  { metric: 'packetLossPercent', higherIsBetter: false },
];

export interface Tested {
  pValue: number | null;
  significant: boolean | null;
  /** Significant, and in the bad direction. */
  worse: boolean;
}

export interface ScoreChange extends Tested {
  metric: Metric;
  baseline: { count: number; mean: number | null; p50: number | null };
  current: { count: number; mean: number | null; p50: number | null };
  /** Change of the mean (of the median where no mean is kept). */
  change: number | null;
  /** Chance that a current session's value is above a baseline one's (ties count half). */
  superiority: number | null;
}

export interface ShareChange extends Tested {
  /** lowScore, withCritical, withHigh; or an observation type or cause (at critical, high or medium). */
  kind: 'score' | 'severity' | 'observation' | 'cause';
  name: string;
  baseline: { sessions: number; share: number };
  current: { sessions: number; share: number };
  /** Change of the share, as a fraction of 1 (0.07 is 7 points). */
  change: number;
}

export interface Comparison {
  method: {
    scores: string;
    shares: string;
    significance: string;
    minCount: number;
    minEvents: number;
  };
  scores: ScoreChange[];
  shares: ShareChange[];
}

export const METHOD: Comparison['method'] = {
  scores:
    'Mann-Whitney U, two-sided, normal approximation with tie and continuity corrections, on the binned values',
  shares: 'two-proportion z-test (pooled), two-sided',
  significance: `Benjamini-Hochberg over every test of the answer, false discovery rate ${ALPHA}`,
  minCount: MIN_COUNT,
  minEvents: MIN_EVENTS,
};

const mean = (acc: Acc, metric: Metric) => {
  const m = acc.m[metric];
  return m && m.n > 0 && m.sum !== undefined ? Math.round(m.sum / m.n) / 100 : null;
};

/** The serious (critical, high, medium) sessions of each type of a severity table. */
function seriousCounts(rows: Record<string, number[]>): Map<string, number> {
  return new Map(Object.entries(rows).map(([t, c]) => [t, (c[0] ?? 0) + (c[1] ?? 0) + (c[2] ?? 0)]));
}

export function compare(baseline: Acc, current: Acc, top: number): Comparison {
  const scores: (ScoreChange & { p: number | null; higherIsBetter: boolean })[] = COMPARED.map(
    ({ metric, higherIsBetter }) => {
      const a = baseline.m[metric];
      const b = current.m[metric];
      const side = (acc: Acc) => ({
        count: acc.m[metric]?.n ?? 0,
        mean: mean(acc, metric),
        p50: percentile(metric, acc.m[metric], 50),
      });
      const [sa, sb] = [side(baseline), side(current)];
      const diff =
        sa.mean !== null && sb.mean !== null
          ? sb.mean - sa.mean
          : sa.p50 !== null && sb.p50 !== null
            ? sb.p50 - sa.p50
            : null;
      const row = {
        metric,
        baseline: sa,
        current: sb,
        change: diff === null ? null : Math.round(diff * 100) / 100,
        superiority: null as number | null,
        p: null as number | null,
        pValue: null as number | null,
        significant: null as boolean | null,
        worse: false,
        higherIsBetter,
      };
      if (a && b && a.n >= MIN_COUNT && b.n >= MIN_COUNT) {
        const t = mannWhitney(a.h, b.h);
        row.superiority = Math.round(t.superiority * 1000) / 1000;
        row.p = t.pValue;
      }
      return row;
    },
  );
  const shares: (ShareChange & { p: number | null; higherIsWorse: boolean })[] = [];
  const addShare = (
    kind: ShareChange['kind'],
    name: string,
    x1: number,
    x2: number,
    higherIsWorse = true,
  ) => {
    const n1 = baseline.sessions;
    const n2 = current.sessions;
    if (x1 + x2 === 0) return;
    const row = {
      kind,
      name,
      baseline: { sessions: x1, share: share(x1, n1) },
      current: { sessions: x2, share: share(x2, n2) },
      change: Math.round((share(x2, n2) - share(x1, n1)) * 10_000) / 10_000,
      p: null as number | null,
      pValue: null as number | null,
      significant: null as boolean | null,
      worse: false,
      higherIsWorse,
    };
    if (n1 >= MIN_COUNT && n2 >= MIN_COUNT && x1 + x2 >= MIN_EVENTS)
      row.p = twoProportionZ(x1, n1, x2, n2).pValue;
    shares.push(row);
  };
  addShare('score', 'lowScore', baseline.band.low, current.band.low);
  addShare('severity', 'withCritical', baseline.sev[0], current.sev[0]);
  addShare('severity', 'withHigh', baseline.sev[1], current.sev[1]);
  for (const [kind, a, b] of [
    ['observation', baseline.t, current.t],
    ['cause', baseline.c, current.c],
  ] as const) {
    const [ca, cb] = [seriousCounts(a), seriousCounts(b)];
    for (const type of [...new Set([...ca.keys(), ...cb.keys()])].sort())
      addShare(kind, type, ca.get(type) ?? 0, cb.get(type) ?? 0);
  }
  // One false discovery rate over every test of the answer.
  const tested = [...scores, ...shares].filter((r) => r.p !== null);
  const discoveries = benjaminiHochberg(tested.map((r) => r.p!));
  tested.forEach((r, i) => {
    r.pValue = Number(r.p!.toPrecision(3));
    r.significant = discoveries[i]!;
  });
  for (const s of scores)
    s.worse =
      s.significant === true &&
      s.superiority !== null &&
      (s.higherIsBetter ? s.superiority < 0.5 : s.superiority > 0.5);
  for (const s of shares) s.worse = s.significant === true && (s.higherIsWorse ? s.change > 0 : s.change < 0);
  const strip = <T extends { p: unknown }>({ p: _p, ...rest }: T) => rest;
  return {
    method: METHOD,
    scores: scores.map(({ higherIsBetter: _h, ...r }) => strip(r)),
    shares: shares
      .sort(
        (x, y) =>
          Number(y.significant === true) - Number(x.significant === true) ||
          (x.p ?? 2) - (y.p ?? 2) ||
          Math.abs(y.change) - Math.abs(x.change),
      )
      .slice(0, Math.max(top, 3))
      .map(({ higherIsWorse: _h, ...r }) => strip(r)),
  };
}
