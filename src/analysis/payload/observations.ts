import { SEVERITY_RANK } from '../../detectors/severity.js';
import { compareText } from '../../model/compare-text.js';
import type { Observation, ObservationsCount, Severity, Tag } from '../../model/payload/observation.js';

export function observationsCount(observations: readonly Observation[]): ObservationsCount {
  const count: ObservationsCount = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const o of observations) count[o.severity]++;
  return count;
}

/** Per tag: how many observations carry it, and the most severe of them. */
export function tagClouds(
  observations: readonly Observation[],
): { tag: Tag; total: number; severity?: Severity }[] {
  const byTag = new Map<Tag, { total: number; severity: Severity }>();
  for (const o of observations) {
    for (const tag of o.tags) {
      const entry = byTag.get(tag);
      if (!entry) byTag.set(tag, { total: 1, severity: o.severity });
      else {
        entry.total++;
        if (SEVERITY_RANK[o.severity] < SEVERITY_RANK[entry.severity]) entry.severity = o.severity;
      }
    }
  }
  return [...byTag.entries()]
    .map(([tag, e]) => ({ tag, total: e.total, severity: e.severity }))
    .sort(
      (a, b) =>
        b.total - a.total ||
        SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
        compareText(a.tag, b.tag),
    );
}
