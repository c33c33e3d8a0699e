/**
 * What insights measure about each session, and how values are kept: every value is first
 * quantized to hundredths (an integer), then counted in a fixed bin. Sums and sums of squares are
 * of the hundredths, so they are integers and add and subtract exactly (a rollup that saw a save
 * and the delete of the same session is the rollup that never saw it). Means and standard
 * deviations are exact to 0.01; percentiles are exact to the bin (the answer is the lower edge of
 * the bin holding the value) and bands are counted on bin edges that match their thresholds.
 */

/** The scores of a session (docs/scoring.md). */
export const SCORE_METRICS = [
  'experienceScore',
  'audioScore',
  'videoScore',
  'connectivityScore',
  'observationsScore',
] as const;
/** One figure per session from its aggregated stats (see payloadInsight). */
export const STAT_METRICS = [
  'rttMs',
  'jitterMs',
  'packetLossPercent',
  'bitrateInKbps',
  'bitrateOutKbps',
] as const;
export const METRICS = [...SCORE_METRICS, ...STAT_METRICS] as const;
export type ScoreMetric = (typeof SCORE_METRICS)[number];
export type StatMetric = (typeof STAT_METRICS)[number];
export type Metric = (typeof METRICS)[number];

export interface MetricSpec {
  /** Width of a bin, in the metric's unit. */
  binWidth: number;
  /** Values at or above this fall in one last, open bin (its lower edge is this). */
  top: number;
  /** Sums kept (mean, standard deviation); only for scores, whose sums of squares stay exact. */
  sums: boolean;
  /** Band thresholds: low below `low`, high at or above `high`, medium between. */
  bands?: { low: number; high: number };
  unit: string;
}

const MOS = { binWidth: 0.05, top: 5, sums: true, bands: { low: 3, high: 4 }, unit: '1-5' };

export const METRIC_SPECS: Record<Metric, MetricSpec> = {
  experienceScore: { binWidth: 1, top: 100, sums: true, bands: { low: 60, high: 80 }, unit: '0-100' },
  audioScore: MOS,
  videoScore: MOS,
  connectivityScore: MOS,
  observationsScore: { binWidth: 1, top: 40, sums: true, unit: '0-40' },
  rttMs: { binWidth: 5, top: 2000, sums: false, unit: 'ms' },
  jitterMs: { binWidth: 1, top: 500, sums: false, unit: 'ms' },
  packetLossPercent: { binWidth: 0.5, top: 100, sums: false, unit: '%' },
  bitrateInKbps: { binWidth: 50, top: 20000, sums: false, unit: 'kbps' },
  bitrateOutKbps: { binWidth: 50, top: 20000, sums: false, unit: 'kbps' },
};

/** A value in hundredths, the integer everything else counts (negative values count as 0). */
export function hundredths(value: number): number {
  return Math.max(0, Math.round(value * 100));
}

/** The bin of a value in hundredths. */
export function binOf(metric: Metric, q: number): number {
  const spec = METRIC_SPECS[metric];
  const width = Math.round(spec.binWidth * 100);
  return Math.min(Math.floor(q / width), Math.floor(Math.round(spec.top * 100) / width));
}

/** The lower edge of a bin, in the metric's unit. */
export function binEdge(metric: Metric, bin: number): number {
  return (bin * Math.round(METRIC_SPECS[metric].binWidth * 100)) / 100;
}

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const severityIndex = (s: string): number => SEVERITIES.indexOf(s as Severity);
