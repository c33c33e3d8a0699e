import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import type { StatsReport } from '../model/stats-report.js';
import { RowStatsReport } from '../model/stats-rows.js';
import { stringsAt } from './strings-at.js';

/** The scan stringsAt replaces: quadratic when asked once per sample, the reference for its readings. */
function scanned(r: StatsReport, attribute: string, at: number): string | undefined {
  const values = r.values(attribute);
  if (!values) return undefined;
  for (let i = 0; i < values.length; i++) {
    if (r.timestamps[i]! >= at && typeof values[i] === 'string' && values[i] !== '')
      return values[i] as string;
  }
  const last = r.last(attribute);
  return typeof last === 'string' ? last : undefined;
}

function reportOf(samples: readonly (readonly [number, unknown])[]): RowStatsReport {
  const r = new RowStatsReport('CP1', 'candidate-pair');
  for (const [t, v] of samples) r.append(t, v === undefined ? {} : { localCandidateId: v });
  return r;
}

describe('stringsAt', () => {
  it('reads what a scan from the first sample reads, whatever order the times are in', () => {
    const sample = fc.tuple(
      fc.integer({ min: 0, max: 20 }),
      fc.constantFrom<unknown>('L1', 'L2', 'L3', '', 7, true, undefined),
    );
    fc.assert(
      fc.property(
        fc.array(sample, { maxLength: 12 }),
        fc.array(fc.integer({ min: -1, max: 22 })),
        (samples, times) => {
          const r = reportOf(samples);
          const read = stringsAt(r, 'localCandidateId');
          for (const at of times) expect(read(at)).toBe(scanned(r, 'localCandidateId', at));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads nothing of an attribute the report does not have', () => {
    expect(stringsAt(reportOf([[1, 'L1']]), 'remoteCandidateId')(0)).toBeUndefined();
  });

  // A dump that switches pairs at every poll asks once per poll, each time over the whole series.
  it('answers 200 000 times over 200 000 samples in linear time', () => {
    const r = reportOf(Array.from({ length: 200_000 }, (_, i) => [i, i % 2 ? '' : `L${i}`] as const));
    const readAt = withinHangBound(() => stringsAt(r, 'localCandidateId'));
    const read = withinHangBound(() => Array.from({ length: 200_000 }, (_, i) => readAt(i)));
    expect([read[0], read[1], read[199_998], read[199_999]]).toEqual(['L0', 'L2', 'L199998', '']);
  });
});
