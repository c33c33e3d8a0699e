import type { Severity } from '../model/payload/observation.js';
import type { Threshold } from './detector.js';

export const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/** One step of a severity scale: a value that reaches `limit` has `severity`. */
export type Step = readonly [limit: number, severity: Severity];

const isSeverity = (name: string): name is Severity => Object.hasOwn(SEVERITY_RANK, name);

/**
 * The steps a detector runs on, read from the thresholds its meta documents (those named after a
 * severity), most severe first as stepSeverity walks them: the catalog's numbers are the ones
 * applied. `scale` turns the documented unit into the computed one, e.g. 100 for a 0..1 share
 * documented in percent (30 / 100 is exactly 0.3, so nothing is lost on the way).
 */
export function severitySteps(thresholds: readonly Threshold[], scale = 1): Step[] {
  const steps: Step[] = [];
  for (const { name, value } of thresholds) {
    if (!isSeverity(name)) continue;
    if (typeof value !== 'number' || steps.some(([, s]) => s === name))
      throw new Error(`severity threshold "${name}" must be one number`);
    steps.push([value / scale, name]);
  }
  return steps.sort((a, b) => SEVERITY_RANK[a[1]] - SEVERITY_RANK[b[1]]);
}

/** The limit of one severity's step (a step the detector documents). */
export function stepLimit(steps: readonly Step[], severity: Severity): number {
  const step = steps.find(([, s]) => s === severity);
  if (!step) throw new Error(`no ${severity} step`);
  return step[0];
}

/** The severity of the first step `value` reaches, steps ordered from the most severe down. */
export function stepSeverity(value: number, steps: readonly Step[]): Severity | undefined {
  for (const [limit, severity] of steps) if (value >= limit) return severity;
  return undefined;
}

/** One level less severe (info stays info). */
export function milder(severity: Severity): Severity {
  const order: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
  return order[Math.min(order.length - 1, order.indexOf(severity) + 1)]!;
}

/**
 * Scales a magnitude-based severity by how much of the call it affected: a problem present in less
 * than a tenth of the call's samples is one level milder, under 2 % two levels — never below `floor`.
 */
export function byExtent(severity: Severity, shareOfCall: number, floor: Severity = 'low'): Severity {
  let out = severity;
  if (shareOfCall < 0.1) out = milder(out);
  if (shareOfCall < 0.02) out = milder(out);
  return SEVERITY_RANK[out] > SEVERITY_RANK[floor] ? floor : out;
}

/** The more severe of two severities (undefined counts as none). */
export function worse(a: Severity | undefined, b: Severity | undefined): Severity | undefined {
  if (!a) return b;
  if (!b) return a;
  return SEVERITY_RANK[a] <= SEVERITY_RANK[b] ? a : b;
}

export const pct = (v: number, digits = 1): string => `${Number(v.toFixed(digits))} %`;
export const ms = (v: number): string =>
  v >= 10_000 ? `${Number((v / 1000).toFixed(1))} s` : `${Math.round(v)} ms`;
