import { describe, expect, it } from 'vitest';
import { toNumber } from '../../model/stats-report.js';
import { RowStatsReport } from '../../model/stats-rows.js';
import { MappedStatsReport } from './mapped-report.js';

/** The definition `last` shortcuts: the last present value of the whole mapped series. */
function lastOfSeries(values: ArrayLike<unknown> | undefined): unknown {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isNaN(v))) return v;
  }
  return undefined;
}

/** Polls with numbers, numeric strings, text, nulls, gaps and attributes that leave. */
const POLLS: Record<string, unknown>[] = [
  { a: '7', b: 'host', c: 1, d: null },
  { a: 'x', b: 'Relay', c: null },
  { a: '9', c: 'keep' },
  { a: null, b: 'skip', d: 'k' },
];

const MAPS: Record<string, (v: unknown) => unknown> = {
  number: toNumber,
  lower: (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  // Present values that map to nothing: `last` must look further back.
  dropsSkip: (v) => (v === 'skip' ? undefined : v),
  // null maps to a present value: `last` must not pass over it.
  nullIsFalse: (v) => v === 'k' || v === 1,
};

describe('MappedStatsReport last of a mapped attribute', () => {
  for (const count of [1, 2, 3, 4]) {
    it(`reads what the whole mapped series' last value is (${count} polls)`, () => {
      const base = new RowStatsReport('r', 'local-candidate');
      for (const [i, p] of POLLS.slice(0, count).entries()) base.append(1000 * (i + 1), p);
      for (const from of ['a', 'b', 'c', 'd', 'missing']) {
        for (const [name, map] of Object.entries(MAPS)) {
          const mapped = () => new MappedStatsReport('m', 'local-candidate', base, { x: { from, map } });
          expect(mapped().last('x'), `${from} ${name}`).toEqual(lastOfSeries(mapped().values('x')));
        }
      }
    });
  }
});
