import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import { DETECTORS } from '../detectors/index.js';
import type { Episode, Observation } from '../model/payload/observation.js';
import { attributeCauses } from './attribute.js';
import { WindowIndex } from './window-index.js';
import type { Window } from './windows.js';

/** What a pass over every window adds up (the definition WindowIndex must keep). */
const naiveOverlap = (windows: readonly Window[], start: number, end: number) =>
  windows.reduce((sum, w) => sum + Math.max(0, Math.min(end, w.end) - Math.max(start, w.start)), 0);
const naiveContains = (windows: readonly Window[], at: number) =>
  windows.some((w) => at >= w.start && at <= w.end);

/** A deterministic generator (mulberry32), for reproducible cases. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the windows of a cause', () => {
  it('give the overlap and the containment a pass over every window gives, overlapping windows included', () => {
    const r = prng(26);
    const at = () => Math.round(r() * 1000);
    for (let round = 0; round < 300; round++) {
      const windows: Window[] = Array.from({ length: Math.floor(r() * 8) }, () => {
        const start = at();
        return { start, end: r() < 0.1 ? Number.POSITIVE_INFINITY : start + at() / 4 };
      });
      if (r() < 0.05) windows.push({ start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY });
      const index = new WindowIndex(windows);
      for (let q = 0; q < 20; q++) {
        const start = at();
        const end = r() < 0.2 ? start : start + at() / 3;
        expect(index.overlap(start, end)).toBeCloseTo(naiveOverlap(windows, start, end), 6);
        expect(index.contains(start)).toBe(naiveContains(windows, start));
        expect(index.contains(end)).toBe(naiveContains(windows, end));
      }
    }
  });

  it('attribute a symptom of 40 000 episodes to a cause of 40 000 episodes within the hang bound', () => {
    const cause = DETECTORS.find((d) => d.meta.family && (d.meta.explains?.length ?? 0) > 0)!;
    const symptomType = cause.meta.explains![0]!;
    const n = 40_000;
    // Both came and went every 10 s for most of five days: each symptom episode inside a cause's.
    const episodes = (inset: number): Episode[] =>
      Array.from({ length: n }, (_, i) => ({
        start: 1_700_000_000_000 + i * 10_000 + inset,
        end: 1_700_000_000_000 + i * 10_000 + 4_000 - inset,
        peak: 1,
        peakAt: 1_700_000_000_000 + i * 10_000 + 2_000,
      }));
    const observation = (type: string, list: Episode[], isCause: boolean): Observation => ({
      type,
      severity: 'medium',
      category: cause.meta.category,
      tags: [],
      source: { pid: 'PC_0' },
      firstSeenAt: list[0]!.start,
      indicators: {},
      meaning: type,
      episodes: list,
      ...(isCause ? { cause: { family: cause.meta.family!, symptoms: [] } } : {}),
    });
    const symptom = observation(symptomType, episodes(500), false);
    const observations = [observation(cause.meta.type, episodes(0), true), symptom];
    withinHangBound(() => attributeCauses(observations, DETECTORS));
    expect(symptom.explainedBy).toBe(cause.meta.type);
  });
});
