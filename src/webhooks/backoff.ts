/**
 * When a failed delivery is tried again: exponential backoff from a base delay (doubling, at most
 * an hour apart), each delay scaled by a random factor in [0.5, 1.5) so that the deliveries of an
 * outage do not all come back at once; given up once the next attempt would fall past 24 h after
 * the event.
 */

export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_DELAY_MS = 60 * 60 * 1000;

/** The delay before attempt `failed + 1`, after `failed` attempts (1 or more) failed. */
export function retryDelay(failed: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.min(30, Math.max(0, failed - 1)));
  return Math.floor(exponential * (0.5 + random()));
}

/** The time of the next attempt, or null when the delivery is given up. */
export function nextAttemptAt(
  createdAt: number,
  now: number,
  failed: number,
  baseMs: number,
  random: () => number = Math.random,
): number | null {
  const at = now + retryDelay(failed, baseMs, random);
  return at > createdAt + RETRY_WINDOW_MS ? null : at;
}
