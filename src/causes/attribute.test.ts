import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import { DETECTORS } from '../detectors/index.js';
import type { Observation } from '../model/payload/observation.js';
import { attributeCauses } from './attribute.js';

describe('causes of many connections', () => {
  it('attribute the symptoms of 40 000 connections to their own connection’s cause within the hang bound', () => {
    const cause = DETECTORS.find((d) => d.meta.family && (d.meta.explains?.length ?? 0) > 0)!;
    const symptomType = cause.meta.explains![0]!;
    const n = 40_000;
    const observation = (type: string, pid: string, at: number, isCause: boolean): Observation => ({
      type,
      severity: 'medium',
      category: cause.meta.category,
      tags: [],
      source: { pid },
      firstSeenAt: at,
      indicators: {},
      meaning: type,
      ...(isCause ? { cause: { family: cause.meta.family!, symptoms: [] } } : {}),
    });
    // Causes from the last connection to the first (the heaviest first is then the last one's).
    const causes = Array.from({ length: n }, (_, i) =>
      observation(cause.meta.type, `PC_${n - 1 - i}`, i, true),
    );
    const symptoms = Array.from({ length: n }, (_, i) => observation(symptomType, `PC_${i}`, 2 * n, false));
    // One cause of no connection in particular, weighed after the others: it explains nothing here.
    const anywhere = { ...observation(cause.meta.type, 'x', 3 * n, true), source: {} };
    withinHangBound(() => attributeCauses([...causes, anywhere, ...symptoms], DETECTORS));
    expect(symptoms.every((s) => s.explainedBy === cause.meta.type && s.severity === 'low')).toBe(true);
    expect(causes.every((c) => c.cause!.symptoms.length === 1)).toBe(true);
    expect(anywhere.cause!.symptoms).toEqual([]);
  });
});
