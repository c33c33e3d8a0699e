import { ms } from './severity.js';

/** A delay between two events of a connection's log, as far as the log's time resolution tells it. */
export interface LoggedDelay {
  /** The least the delay can have been: what a severity is judged on. */
  leastMs: number;
  /** The most it can have been. */
  mostMs: number;
  /** The delay in words: exact on a millisecond log, a range on a whole-second one. */
  text: string;
  /** What to add at the end of the sentence: why the delay is a range ('' when it is exact). */
  note: string;
}

/**
 * Two times of a whole-second log are each up to a second before the moment they record, so the
 * delay between them is anywhere from a second less to a second more than their difference: a
 * recorded 1000 ms can be 1 ms or 1999 ms, and is not a slow exchange.
 */
export function loggedDelay(recordedMs: number, resolutionMs: number): LoggedDelay {
  if (resolutionMs <= 1) return { leastMs: recordedMs, mostMs: recordedMs, text: ms(recordedMs), note: '' };
  const leastMs = Math.max(0, recordedMs - resolutionMs);
  const mostMs = recordedMs + resolutionMs;
  const s = (v: number): string => `${Number((v / 1000).toFixed(1))}`;
  const text = leastMs === 0 ? `under ${s(mostMs)} s` : `${s(leastMs)}–${s(mostMs)} s`;
  return { leastMs, mostMs, text, note: ' (the log records whole seconds)' };
}
