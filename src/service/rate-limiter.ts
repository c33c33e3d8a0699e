import type { Config } from '../config/config.js';
import type { Storage } from '../storage/index.js';
import { ApiError } from './api-error.js';

export type RateBucket = 'ingest' | 'chunks' | 'reads' | 'public';

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Fixed windows per account and bucket, counted in the database so every node shares them. */
export class RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly storage: Storage,
    private readonly limits: Config['rateLimits'],
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the request; throws rate_limited (with Retry-After) over the limit. */
  async hit(accountId: string, bucket: RateBucket): Promise<RateState> {
    const now = this.now();
    const window = this.limits.windowMs;
    const start = Math.floor(now / window) * window;
    const count = await this.storage.rateCounters.hit(accountId, bucket, start);
    const limit = this.limits[bucket];
    const resetSeconds = Math.max(1, Math.ceil((start + window - now) / 1000));
    const state = { limit, remaining: Math.max(0, limit - count), resetSeconds };
    if (now - this.lastSweep > window) {
      this.lastSweep = now;
      await this.storage.rateCounters.expire(start - window);
    }
    if (count > limit)
      throw new ApiError(
        'rate_limited',
        `Too many ${bucket} requests: ${limit} per ${window / 1000} s. Retry in ${resetSeconds} s.`,
        {
          'retry-after': String(resetSeconds),
          ...rateHeaders(state),
        },
      );
    return state;
  }
}

export function rateHeaders(s: RateState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(s.limit),
    'x-ratelimit-remaining': String(s.remaining),
    'x-ratelimit-reset': String(s.resetSeconds),
  };
}
