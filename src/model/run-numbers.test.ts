import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RunNumbers } from './run-numbers.js';

/** Pushes `values` (trimming after `trimAt` of them), then reads them back. */
function roundTrip(values: number[], trimAt = -1): { back: number[]; runs: RunNumbers } {
  const runs = new RunNumbers();
  values.forEach((v, i) => {
    runs.push(v);
    if (i === trimAt) runs.trim();
  });
  runs.trim();
  const next = runs.reader();
  return { back: Array.from({ length: runs.length }, () => next()), runs };
}

const present = (values: number[]) => values.filter((v) => !Number.isNaN(v));

/** Each value as Object.is tells them apart (-0, NaN). */
const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe('RunNumbers', () => {
  it('gives back counters, gaps, fractions and edge values exactly, in each of its forms', () => {
    const counter = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i * 1_337 + (i % 7));
    const withGaps = counter.map((v, i) => (i % 11 === 0 ? Number.NaN : v));
    const fractions = Array.from({ length: 3_000 }, (_, i) => i / 7);
    const edges = [
      0,
      -0,
      1,
      -1,
      2 ** 50,
      -(2 ** 50),
      2 ** 50 + 1,
      2 ** 53,
      -(2 ** 53),
      1e300,
      -1e-300,
      0.1,
      5e-324,
    ];
    const mixed = Array.from({ length: 2_000 }, (_, i) => (i % 3 === 0 ? i / 3 : edges[i % edges.length]!));
    // Whole numbers first, then mostly fractions: moves to doubles at a later decision.
    const late = [...counter.slice(0, 300), ...fractions.slice(0, 1_000)];
    for (const values of [[], [7], counter, withGaps, fractions, edges, mixed, late]) {
      const { back, runs } = roundTrip(values, 100);
      expect(same(back, values)).toBe(true);
      expect(Object.is(runs.last, values.length ? values.at(-1)! : Number.NaN)).toBe(true);
      expect(Object.is(runs.firstPresent, present(values)[0] ?? Number.NaN)).toBe(true);
      expect(Object.is(runs.lastPresent, present(values).at(-1) ?? Number.NaN)).toBe(true);
    }
  });

  it('gives back any sequence of numbers (property)', () => {
    const value = fc.oneof(
      fc.integer(),
      fc.integer({ min: 0, max: 300 }),
      fc.double(),
      fc.constant(Number.NaN),
      fc.constant(-0),
      fc.maxSafeInteger(),
    );
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 1_200 }),
        fc.integer({ min: -1, max: 1_200 }),
        (values, trimAt) => same(roundTrip(values, trimAt).back, values),
      ),
    );
  });
});
