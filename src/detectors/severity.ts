import type { Severity } from '../model/payload/observation.js';

export const SEVERITY_RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/** The severity of the first step `value` reaches, steps ordered from the most severe down. */
export function stepSeverity(
  value: number,
  steps: readonly (readonly [number, Severity])[],
): Severity | undefined {
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
