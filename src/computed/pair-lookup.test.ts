import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import type { CandidatePair } from './ice-transport.js';
import { pairById } from './pair-lookup.js';

const pair = (id: string, state?: string): CandidatePair => ({
  id,
  state,
  nominated: false,
  selected: false,
  t: [],
  totals: {},
  series: {},
});

describe('pairById', () => {
  it('finds what find() would: the first pair with the id, or none', () => {
    const pairs = [pair('a', 'first'), pair('b'), pair('a', 'second')];
    expect(pairById(pairs, 'a')?.state).toBe('first');
    expect(pairById(pairs, 'b')).toBe(pairs[1]);
    expect(pairById(pairs, 'c')).toBeUndefined();
    expect(pairById(pairs, undefined)).toBeUndefined();
  });

  it('sees pairs added to the list after a first lookup', () => {
    const pairs = [pair('a')];
    expect(pairById(pairs, 'b')).toBeUndefined();
    pairs.push(pair('b'));
    expect(pairById(pairs, 'b')).toBe(pairs[1]);
  });

  // Asked once per change of the selected pair: a search of the list each time was quadratic.
  it('answers 200 000 lookups in 200 000 pairs in linear time', () => {
    const pairs = Array.from({ length: 200_000 }, (_, i) => pair(`CP${i}`));
    const found = withinHangBound(() => pairs.map((p) => pairById(pairs, p.id)));
    expect(found[199_999]).toBe(pairs[199_999]);
  });
});
