import { describe, expect, it } from 'vitest';
import { defaultAccountAnalyses } from '../config/config.js';
import { AccountSlots } from './account-slots.js';

describe('analyses per account', () => {
  it('refuses a slot past the limit, per account, and gives one back when an analysis ends', () => {
    const slots = new AccountSlots(2);
    expect([slots.take('a'), slots.take('a'), slots.take('a')]).toEqual([true, true, false]);
    expect(slots.take('b')).toBe(true);
    slots.give('a');
    expect(slots.held('a')).toBe(1);
    expect(slots.take('a')).toBe(true);
    slots.give('a');
    slots.give('a');
    expect(slots.held('a')).toBe(0);
    expect(slots.held('b')).toBe(1);
  });

  it('defaults to half the workers, at least one', () => {
    expect([1, 2, 3, 4, 16].map(defaultAccountAnalyses)).toEqual([1, 1, 1, 2, 8]);
  });
});
