import { type StatsReport, toNumber } from '../model/stats-report.js';
import { lastFinite } from './series-math.js';

/**
 * The last finite number of an attribute, as `lastFinite(report.numbers(attribute))`, but without
 * building that series when the last recorded value is a number (the usual case): the views read
 * a dozen totals of every candidate pair and transport, most of which they never chart.
 */
export function lastNumber(report: StatsReport, attribute: string): number | undefined {
  if (report.size === 0) return undefined;
  const n = toNumber(report.last(attribute));
  return Number.isFinite(n) ? n : lastFinite(report.numbers(attribute));
}
