import { expect } from 'vitest';

/**
 * Longest a parse of hostile text may take in a test. Not a speed target (those are checked by
 * benchmarks): a guard against patterns that try every start or split of a string a dump chose
 * (ReDoS). The texts are sized so that such a pattern takes tens of seconds and a linear one a few
 * milliseconds; the bound sits far from both, so a loaded machine cannot make a linear parse fail.
 */
export const HANG_BOUND_MS = 2000;

/** Runs `parse`, fails when it takes longer than HANG_BOUND_MS, and returns its result. */
export function withinHangBound<T>(parse: () => T): T {
  const start = performance.now();
  const result = parse();
  expect(performance.now() - start).toBeLessThan(HANG_BOUND_MS);
  return result;
}
