import { describe, expect, it } from 'vitest';
import { loggedDelay } from './logged-delay.js';

describe('loggedDelay', () => {
  it('is exact on a millisecond log', () => {
    expect(loggedDelay(1576, 1)).toEqual({ leastMs: 1576, mostMs: 1576, text: '1576 ms', note: '' });
  });
  it('is a range on a whole-second log', () => {
    expect(loggedDelay(1000, 1000)).toEqual({
      leastMs: 0,
      mostMs: 2000,
      text: 'under 2 s',
      note: ' (the log records whole seconds)',
    });
    expect(loggedDelay(12_000, 1000).text).toBe('11–13 s');
  });
  it('never goes below zero', () => {
    expect(loggedDelay(0, 1000).leastMs).toBe(0);
  });
});
