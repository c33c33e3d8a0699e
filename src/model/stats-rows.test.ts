import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toNumber } from './stats-report.js';
import { RowStatsReport } from './stats-rows.js';

type Poll = Record<string, unknown>;

/** Every way of reading a report, to compare two of them. */
const read = (r: RowStatsReport, attributes: string[]) => ({
  size: r.size,
  t: Array.from(r.timestamps),
  attributes: [...r.attributes()],
  values: attributes.map((a) => r.values(a) && Array.from(r.values(a)!)),
  numbers: attributes.map((a) => r.numbers(a) && Array.from(r.numbers(a)!)),
  first: attributes.map((a) => r.first(a)),
  last: attributes.map((a) => r.last(a)),
});

/**
 * The same polls appended whole (a fresh object each time) and as deltas of one object updated
 * in place, the way delta decoders hand them over.
 */
function both(polls: Poll[]): [RowStatsReport, RowStatsReport] {
  const whole = new RowStatsReport('r', 'inbound-rtp');
  const delta = new RowStatsReport('r', 'inbound-rtp');
  let merged: Poll = {};
  polls.forEach((poll, i) => {
    whole.append(i, { ...merged, ...poll });
    if (i === 0) merged = { ...poll };
    else Object.assign(merged, poll);
    delta.append(i, merged, i === 0 ? undefined : poll);
  });
  return [whole, delta];
}

describe('RowStatsReport delta appends', () => {
  it('read like whole appends: unchanged values carry over, changed ones are recorded', () => {
    const polls = [{ a: '1', b: 'x', c: 3 }, {}, { a: '2' }, { d: true }, {}, { c: 'text', b: 'y' }, {}];
    const [whole, delta] = both(polls);
    const attributes = ['a', 'b', 'c', 'd', 'missing'];
    expect(read(delta, attributes)).toEqual(read(whole, attributes));
    expect(Array.from(delta.values('a')!)).toEqual(['1', '1', '2', '2', '2', '2', '2']);
    expect(Array.from(delta.numbers('d')!)).toEqual([Number.NaN, Number.NaN, Number.NaN, 1, 1, 1, 1]);
  });

  it('reads all of a report given without its changes or as another object', () => {
    const r = new RowStatsReport('r', 'inbound-rtp');
    const merged: Poll = { a: 1, b: 2 };
    r.append(0, merged);
    merged.a = 5;
    // A skipped poll: its change never reached the series.
    r.resync();
    merged.b = 7;
    r.append(1, merged, { b: 7 });
    r.append(2, { a: 9 }, {});
    expect(Array.from(r.numbers('a')!)).toEqual([1, 5, 9]);
    expect(Array.from(r.numbers('b')!)).toEqual([2, 7, Number.NaN]);
    expect(r.last('b')).toBe(7);
  });

  it('carries values across reads and later appends', () => {
    const [whole, delta] = both([{ a: 1 }, {}]);
    expect(Array.from(delta.numbers('a')!)).toEqual([1, 1]);
    const merged = { a: 1 };
    delta.append(2, merged);
    delta.append(3, merged, {});
    whole.append(2, { a: 1 });
    whole.append(3, { a: 1 });
    expect(read(delta, ['a'])).toEqual(read(whole, ['a']));
  });

  it('reads the same after trim(), and takes appends after it', () => {
    const polls = [{ a: '1', b: 'x' }, {}, { a: '2' }, { c: 1.5 }, {}];
    const [whole, delta] = both(polls);
    const before = read(delta, ['a', 'b', 'c']);
    delta.trim();
    whole.trim();
    expect(read(delta, ['a', 'b', 'c'])).toEqual(before);
    whole.append(5, { a: '3', b: 'x', c: 1.5 });
    delta.append(5, { a: '3', b: 'x', c: 1.5 });
    expect(read(delta, ['a', 'b', 'c'])).toEqual(read(whole, ['a', 'b', 'c']));
    expect(Array.from(delta.values('a')!)).toEqual(['1', '1', '2', '2', '2', '3']);
  });
});

/**
 * What a report of `polls` (each appended whole) reads as, one slot per poll and attribute: the
 * meaning the run-length columns must keep. Numbers of an attribute only ever recorded as numbers
 * are taken as they are; others are converted (toNumber).
 */
function dense(polls: Poll[], attributes: string[]) {
  const recorded = (a: string) => polls.map((p) => p[a]);
  const numeric = (a: string) => recorded(a).every((v) => v === undefined || typeof v === 'number');
  const defined = (v: unknown) => v !== undefined && v !== null;
  return attributes.map((a) => {
    const seen = polls.some((p) => a in p);
    const values = recorded(a);
    return {
      values: seen ? values : undefined,
      numbers: seen
        ? values.map((v) => (v === undefined ? Number.NaN : numeric(a) ? (v as number) : toNumber(v)))
        : undefined,
      first: values.find(defined),
      last: values.findLast(defined),
    };
  });
}

describe('RowStatsReport columns, kept as runs of one value', () => {
  const value = fc.oneof(
    fc.integer({ min: -2, max: 3 }),
    fc.constantFrom(-0, 0.5),
    fc.constantFrom('1', '2', 'x', '', true, false, null),
    // Legacy goog stats spell counters as digits; some strings only look like numbers.
    fc.constantFrom('0', '10', '123456789012345', '1234567890123456', '007', '-1', '1.5', ' 1'),
  );
  const poll = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), value, { maxKeys: 4 });

  it('read as one slot per poll would, appended whole or as deltas (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(poll, { minLength: 1, maxLength: 40 }), (polls) => {
        const attributes = ['a', 'b', 'c', 'd'];
        const whole = new RowStatsReport('r', 'inbound-rtp');
        polls.forEach((p, i) => {
          whole.append(i, p);
        });
        const read = (r: RowStatsReport) =>
          attributes.map((a) => ({
            values: r.values(a) && Array.from(r.values(a)!),
            numbers: r.numbers(a) && Array.from(r.numbers(a)!),
            first: r.first(a),
            last: r.last(a),
          }));
        expect(read(whole)).toEqual(dense(polls, attributes));
        // Deltas carry what a poll leaves out: the same polls with every value carried over.
        const carried: Poll[] = [];
        for (const [i, p] of polls.entries()) carried.push(i === 0 ? { ...p } : { ...carried[i - 1], ...p });
        expect(read(both(polls)[1])).toEqual(dense(carried, attributes));
      }),
      { numRuns: 500 },
    );
  });
});
