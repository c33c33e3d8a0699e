import type { Observation } from '../model/payload/observation.js';
import { OBSERVATION_PENALTIES, OBSERVATIONS_MAX, PENALTIES_PER_TYPE } from './constants.js';

/**
 * 40 minus a penalty per observation by severity, never below 0. Each type is charged at most
 * twice, so that one cause seen on many streams does not drown everything else.
 */
export function observationsScore(observations: readonly Observation[]): number {
  const charged = new Map<string, number>();
  let penalty = 0;
  const sorted = [...observations].sort(
    (a, b) => OBSERVATION_PENALTIES[b.severity] - OBSERVATION_PENALTIES[a.severity],
  );
  for (const o of sorted) {
    const n = charged.get(o.type) ?? 0;
    if (n >= PENALTIES_PER_TYPE) continue;
    charged.set(o.type, n + 1);
    penalty += OBSERVATION_PENALTIES[o.severity];
  }
  return Math.max(0, OBSERVATIONS_MAX - penalty);
}
