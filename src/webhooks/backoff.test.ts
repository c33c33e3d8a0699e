import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS, nextAttemptAt, RETRY_WINDOW_MS, retryDelay } from './backoff.js';

describe('webhook retry backoff', () => {
  it('doubles from the base, capped at an hour, with jitter of +-50 %', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, 30_000, mid))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(retryDelay(40, 30_000, mid)).toBe(MAX_DELAY_MS);
    expect(retryDelay(3, 30_000, () => 0)).toBe(60_000);
    expect(retryDelay(3, 30_000, () => 0.999999)).toBeLessThan(180_000);
    const seen = new Set(Array.from({ length: 50 }, () => retryDelay(3, 30_000)));
    expect(seen.size).toBeGreaterThan(1);
    for (const d of seen) expect(d >= 60_000 && d < 180_000).toBe(true);
  });

  it('keeps trying for 24 hours after the event, then gives up', () => {
    const created = 1_000_000;
    let now = created;
    let failed = 0;
    const times: number[] = [];
    for (;;) {
      failed++;
      const next = nextAttemptAt(created, now, failed, 30_000, () => 0.5);
      if (next === null) break;
      times.push(next);
      now = next;
    }
    expect(times.at(-1)! - created).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(times.at(-1)! - created).toBeGreaterThan(RETRY_WINDOW_MS - MAX_DELAY_MS);
    // 30 s, 1, 2, 4 ... 32 min, then hourly: about 30 attempts in the day.
    expect(failed).toBeGreaterThan(20);
    expect(failed).toBeLessThan(40);
  });
});
