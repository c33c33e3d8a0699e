import type { Observation } from '../model/payload/observation.js';

/** A stretch of time, epoch ms. */
export interface Window {
  start: number;
  end: number;
}

/**
 * How close in time a consequence must be to its cause. These are the numbers the cause layer runs
 * on; docs/observations prints them.
 */
export const ATTRIBUTION = {
  /**
   * A consequence may be dated up to this long before the cause's onset: stats are sampled about
   * once a second and receiver reports every 1-5 s, so two series of one event can disagree by a
   * few seconds on when it began.
   */
  leadMs: 3_000,
  /**
   * A consequence may outlast its cause by this long: a jitter buffer drains, a keyframe is
   * requested and arrives, a bandwidth estimate climbs back (Chrome's takes several seconds).
   */
  lagMs: 10_000,
  /** Share of a finding's episode time that must fall in the cause's windows for it to be explained. */
  coveredShare: 0.8,
} as const;

/**
 * The windows in which a cause explains what happens: each of its episodes, widened by the lead
 * and the lag; a cause without episodes (a single event, such as a renegotiation) from its first
 * sighting to the end of the call.
 */
export function causeWindows(o: Observation): Window[] {
  if (o.episodes?.length) {
    return o.episodes.map((e) => ({ start: e.start - ATTRIBUTION.leadMs, end: e.end + ATTRIBUTION.lagMs }));
  }
  if (o.firstSeenAt === null) return [{ start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY }];
  return [{ start: o.firstSeenAt - ATTRIBUTION.leadMs, end: Number.POSITIVE_INFINITY }];
}
