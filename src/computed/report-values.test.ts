import { describe, expect, it } from 'vitest';
import { MappedStatsReport } from '../ingest/stats/mapped-report.js';
import { ColumnarStatsReport } from '../model/stats-columnar.js';
import type { StatsReport } from '../model/stats-report.js';
import { RowStatsReport } from '../model/stats-rows.js';
import { lastNumber } from './report-values.js';

/** The definition lastNumber shortcuts: the last finite entry of the whole numeric series. */
function lastFiniteOfSeries(r: StatsReport, attribute: string): number | undefined {
  const values = r.numbers(attribute);
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i]!)) return values[i]!;
  return undefined;
}

/** Attribute series with numbers, numeric strings, booleans, text, gaps and a dropped attribute. */
const POLLS: Record<string, unknown>[] = [
  { a: 1, b: '10', c: 'x', d: true, e: 5, f: 'n/a' },
  { a: 2, b: '11', c: 'y', e: 6 },
  { a: 3, b: 'oops', c: 3, d: false },
  { a: Number.NaN, b: '', c: 'z', d: 'true' },
];
const ATTRIBUTES = ['a', 'b', 'c', 'd', 'e', 'f', 'missing'];

function rowReport(): RowStatsReport {
  const r = new RowStatsReport('r', 'candidate-pair');
  for (const [i, p] of POLLS.entries()) r.append(1000 * (i + 1), p);
  return r;
}

function columnarReport(): ColumnarStatsReport {
  const raw = new Map<string, { values: string }>();
  for (const a of ATTRIBUTES.slice(0, 6)) {
    const series = POLLS.map((p) => p[a] ?? null).map((v) => (Number.isNaN(v) ? null : v));
    raw.set(a, { values: JSON.stringify(series) });
  }
  return new ColumnarStatsReport('r', 'candidate-pair', raw, [1000, 2000, 3000, 4000]);
}

describe('lastNumber', () => {
  const reports: [string, () => StatsReport][] = [
    ['rows', rowReport],
    ['columns', columnarReport],
    [
      'mapped',
      () =>
        new MappedStatsReport('m', 'candidate-pair', rowReport(), {
          renamed: { from: 'b' },
          scaled: { from: 'a', scale: 1000 },
          mapped: { from: 'c', map: (v) => (typeof v === 'string' ? v.length : v) },
          constant: { constant: 7 },
          derived: { derive: (base) => base.values('e') },
        }),
    ],
  ];
  for (const [name, make] of reports) {
    it(`reads what the whole series' last finite value is (${name})`, () => {
      const r = make();
      const attributes = [...ATTRIBUTES, 'renamed', 'scaled', 'mapped', 'constant', 'derived'];
      const expected = attributes.map((a) => lastFiniteOfSeries(make(), a));
      expect(attributes.map((a) => lastNumber(r, a))).toEqual(expected);
      // Not every attribute is a number: the comparison covers both outcomes.
      expect(expected).toContain(undefined);
      expect(expected.filter((v) => v !== undefined).length).toBeGreaterThan(3);
    });
  }

  it('is undefined for a report without samples', () => {
    expect(lastNumber(new RowStatsReport('r', 'transport'), 'bytesSent')).toBeUndefined();
  });
});
