import { describe, expect, it } from 'vitest';
import { quarterKey } from './quarter-key.js';

describe('quarterKey', () => {
  it('counts quarter seconds from the first finite time, equal exactly where the quarters are', () => {
    const times = [Number.NaN, 1_605_199_266_534, 1_605_199_266_660, 1_605_199_267_000];
    const key = quarterKey([times]);
    expect(key(1_605_199_266_534)).toBe(0);
    // 266 660 rounds to the next quarter, 266 700 too; 266 300 to the one before.
    expect(key(1_605_199_266_660)).toBe(1);
    expect(key(1_605_199_266_700)).toBe(key(1_605_199_266_660));
    expect(key(1_605_199_266_300)).toBe(-1);
    expect(key(Number.NaN)).toBeNaN();
    expect(key(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps the quarters themselves for times too large to count from exactly, or none finite', () => {
    expect(quarterKey([[1_000, 2e15]])(2e15)).toBe(8e12);
    expect(quarterKey([[Number.NaN]])(1_000)).toBe(4);
    expect(quarterKey([])(1_000)).toBe(4);
  });
});
