import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addEncoded, addSession, decodeAcc, emptyAcc, encodeAcc, mergeInto } from './accumulator.js';
import { binEdge, binOf, hundredths } from './metrics.js';
import { summarize } from './summary.js';

const facts = (experienceScore: number, rttMs: number) => ({
  scoreBand: 'high' as const,
  critical: false,
  high: false,
  medium: false,
  values: { experienceScore, rttMs },
  observations: [],
  causes: [],
});

describe('accumulator', () => {
  it('gives percentiles exact to the bin, means exact to 0.01, and undoes a session exactly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 100, noNaN: true }),
            fc.double({ min: 0, max: 5000, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 200,
          },
        ),
        (values) => {
          const acc = emptyAcc();
          for (const [e, r] of values) addSession(acc, facts(e, r), 1);
          const s = summarize(acc, 10);
          const q = values.map(([e]) => hundredths(e)).sort((a, b) => a - b);
          for (const [p, got] of [
            [50, s.scores.experienceScore.p50],
            [90, s.scores.experienceScore.p90],
            [95, s.scores.experienceScore.p95],
          ] as const) {
            const nearestRank = q[Math.max(1, Math.ceil((p / 100) * q.length)) - 1]!;
            expect(got).toBe(binEdge('experienceScore', binOf('experienceScore', nearestRank)));
          }
          const mean = q.reduce((a, b) => a + b, 0) / q.length / 100;
          // Reported with 2 decimals: within half a hundredth of the mean of the hundredths.
          expect(Math.abs(s.scores.experienceScore.mean! - mean)).toBeLessThanOrEqual(0.005 + 1e-9);
          const rtt = values.map(([, r]) => Math.min(hundredths(r), 200_000)).sort((a, b) => a - b);
          const median = rtt[Math.ceil(rtt.length / 2) - 1]!;
          expect(s.stats.rttMs.p50).toBe(binEdge('rttMs', binOf('rttMs', median)));
          // One more session, then the same one removed: the very same accumulator.
          const before = JSON.parse(JSON.stringify(acc));
          addSession(acc, facts(values[0]![0], 7), 1);
          addSession(acc, facts(values[0]![0], 7), -1);
          expect(acc).toEqual(before);
          expect(mergeInto(mergeInto(emptyAcc(), acc), acc, -1)).toEqual(emptyAcc());
          // The stored form reads back the same, and adds as mergeInto does.
          expect(decodeAcc(encodeAcc(acc))).toEqual(acc);
          const twice = mergeInto(mergeInto(emptyAcc(), acc), acc);
          expect(addEncoded(decodeAcc(encodeAcc(acc)), encodeAcc(acc))).toEqual(twice);
        },
      ),
    );
  });
});
