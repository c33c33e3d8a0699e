import { availableParallelism, loadavg } from 'node:os';
import { expect } from 'vitest';

/**
 * Longest a parse of hostile text may take in a test on a quiet machine. Not a speed target (those
 * are checked by benchmarks): a guard against patterns that try every start or split of a string a
 * dump chose (ReDoS), or that are quadratic in a collection a dump controls. Such a pattern takes
 * tens of seconds on these inputs; a linear one milliseconds to about a second.
 */
export const HANG_BOUND_MS = 2000;

/**
 * The bound on this machine now: HANG_BOUND_MS times how many runnable tasks share each core (the
 * one-minute load average), never less. A linear parse that took about 1 s on a quiet machine
 * took 3.2 s at a load average of 12 on two cores, past a fixed bound; a hang still fails.
 */
export function hangBoundMs(): number {
  return HANG_BOUND_MS * Math.max(1, loadavg()[0]! / availableParallelism());
}

/** Runs `parse`, fails when it takes longer than hangBoundMs(), and returns its result. */
export function withinHangBound<T>(parse: () => T): T {
  const start = performance.now();
  const result = parse();
  expect(performance.now() - start).toBeLessThan(hangBoundMs());
  return result;
}
