import { describe, expect, it } from 'vitest';
import { addSession, emptyAcc, type SessionFacts } from './accumulator.js';
import { compare } from './compare.js';
import { benjaminiHochberg, erfc, mannWhitney, twoProportionZ } from './significance.js';

/** A histogram of raw values (each value its own bin, as integer scores are). */
const hist = (values: number[]) => {
  const h: Record<string, number> = {};
  for (const v of values) h[v] = (h[v] ?? 0) + 1;
  return h;
};

describe('significance tests on known cases', () => {
  it('erfc agrees with the reference values', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1)).toBeCloseTo(0.157299207, 7);
    expect(erfc(-1)).toBeCloseTo(1.842700793, 7);
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 5);
  });

  it('two-proportion z-test: 2 % against 9 % of 1000 sessions, and 45 % against 56 % of 100', () => {
    // Reference values computed from the pooled formula with an exact erfc.
    const big = twoProportionZ(20, 1000, 90, 1000);
    expect(big.z).toBeCloseTo(6.8657, 3);
    expect(big.pValue / 6.616e-12).toBeCloseTo(1, 2);
    const small = twoProportionZ(45, 100, 56, 100);
    expect(small.z).toBeCloseTo(1.5557, 3);
    expect(small.pValue).toBeCloseTo(0.1198, 3);
    expect(twoProportionZ(0, 50, 0, 50)).toEqual({ z: 0, pValue: 1 });
  });

  it('Mann-Whitney U: the textbook example, and ties with their correction', () => {
    // SciPy's mannwhitneyu documentation example (asymptotic): U = 17 for the first sample, p 0.1111.
    const textbook = mannWhitney(hist([19, 22, 16, 29, 24]), hist([20, 11, 17, 12]));
    expect(textbook.u).toBe(3); // U of the second sample: 5 * 4 - 17
    expect(textbook.z).toBeCloseTo(-1.5922, 3);
    expect(textbook.pValue).toBeCloseTo(0.1113, 3);
    const ties = mannWhitney(hist([1, 2, 2, 3, 3, 3, 4]), hist([2, 3, 3, 4, 4, 5, 5, 5]));
    expect(ties.u).toBe(45);
    expect(ties.z).toBeCloseTo(1.9665, 3);
    expect(ties.pValue).toBeCloseTo(0.0492, 3);
    const apart = mannWhitney(hist([1, 2, 3, 4, 5]), hist([6, 7, 8, 9, 10]));
    expect(apart.superiority).toBe(1);
  });

  it('Benjamini-Hochberg keeps the p-values up to the largest one under its line', () => {
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.2], 0.05)).toEqual([true, false, false, false]);
    expect(benjaminiHochberg([0.01, 0.02, 0.03, 0.04], 0.05)).toEqual([true, true, true, true]);
    expect(benjaminiHochberg([])).toEqual([]);
  });
});

describe('compare', () => {
  const session = (over: Partial<SessionFacts> = {}): SessionFacts => ({
    scoreBand: 'high',
    critical: false,
    high: false,
    medium: false,
    values: { experienceScore: 85 },
    observations: [],
    causes: [],
    ...over,
  });

  it('finds "ICE failures went from 2 % to 9 %" and a lower score, and nothing where nothing changed', () => {
    const before = emptyAcc();
    const after = emptyAcc();
    for (let i = 0; i < 1000; i++) {
      const failed = i < 20;
      addSession(
        before,
        session(
          failed
            ? { observations: [{ type: 'iceFailure', severity: 'critical' }], critical: true }
            : { values: { experienceScore: 80 + (i % 10) } },
        ),
        1,
      );
    }
    for (let i = 0; i < 1000; i++) {
      const failed = i < 90;
      addSession(
        after,
        session(
          failed
            ? { observations: [{ type: 'iceFailure', severity: 'critical' }], critical: true }
            : { values: { experienceScore: 75 + (i % 10) } },
        ),
        1,
      );
    }
    const c = compare(before, after, 10);
    const ice = c.shares.find((s) => s.name === 'iceFailure')!;
    expect(ice).toMatchObject({ kind: 'observation', significant: true, worse: true });
    expect(ice.baseline.share).toBe(0.02);
    expect(ice.current.share).toBe(0.09);
    const experience = c.scores.find((s) => s.metric === 'experienceScore')!;
    expect(experience).toMatchObject({ significant: true, worse: true });
    const same = compare(before, before, 10);
    expect([...same.scores, ...same.shares].some((r) => r.significant)).toBe(false);
  });

  it('tests nothing below the minimum count', () => {
    const few = emptyAcc();
    for (let i = 0; i < 29; i++) addSession(few, session({ critical: true }), 1);
    const c = compare(few, few, 10);
    expect(c.shares.every((s) => s.pValue === null && s.significant === null && !s.worse)).toBe(true);
  });
});
