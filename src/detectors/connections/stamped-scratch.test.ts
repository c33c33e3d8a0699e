import { describe, expect, it } from 'vitest';
import { StampedScratch } from './stamped-scratch.js';

describe('StampedScratch', () => {
  it('gives a new stamp each call, so nothing marked before counts as set', () => {
    const s = new StampedScratch();
    const a = s.next(10);
    s.marks[3] = a;
    const b = s.next(10);
    expect(b).not.toBe(a);
    expect(s.marks[3]).not.toBe(b);
  });

  it('grows to the size asked for, keeping both arrays the same length', () => {
    const s = new StampedScratch();
    s.next(1000);
    expect(s.marks.length).toBeGreaterThanOrEqual(1000);
    expect(s.values.length).toBe(s.marks.length);
  });
});
