import type { StatsReport, StatsStore } from '../model/stats-report.js';
import { firstIndexWhere, sampleAt, timesInOrder } from './series-math.js';

/**
 * Whether anything else arrived on the connection between two times: another received stream's
 * packets, or bytes on a candidate pair or transport (RTCP keeps coming while a stream is paused;
 * an outage stops it all). Answers for one stream (`self`), asked once per pause of it.
 *
 * The other reports' counters are read at the first question and kept for the next ones, and each
 * question finds its two samples by binary search. Read anew at every pause, through the
 * connection's few-entry series cache, a 19-hour call whose streams paused every ten minutes
 * rebuilt a 24 000-sample counter 914 times (175 MB of arrays made and dropped), and a linear scan
 * for each pause made the check quadratic in the call's length.
 */
export function otherTraffic(store: StatsStore, self: StatsReport): (from: number, to: number) => boolean {
  let counters: Counter[] | undefined;
  return (from, to) => {
    counters ??= trafficCounters(store, self);
    for (const c of counters) {
      const [before, after] = c.sorted ? valuesAt(c.t, c.v, from, to) : sampleAt(c.t, c.v, [from, to]);
      if (after! > before!) return true;
    }
    return false;
  };
}

const TRAFFIC = [
  ['inbound-rtp', 'packetsReceived'],
  ['candidate-pair', 'bytesReceived'],
  ['transport', 'bytesReceived'],
] as const;

interface Counter {
  t: ArrayLike<number>;
  v: ArrayLike<number>;
  /** Times in order (never going back): binary search finds what sampleAt's scan would. */
  sorted: boolean;
}

function trafficCounters(store: StatsStore, self: StatsReport): Counter[] {
  const out: Counter[] = [];
  for (const [type, attr] of TRAFFIC) {
    for (const other of store.ofType(type)) {
      if (other === self) continue;
      const v = other.numbers(attr);
      if (!v) continue;
      const t = other.timestamps;
      out.push({ t, v, sorted: timesInOrder(t) });
    }
  }
  return out;
}

/**
 * sampleAt(t, v, [from, to]) for times in order: the value of the last sample at or before each
 * time (NaN before the first), the second never taken from before the first's sample, as the scan
 * goes on from where it stopped.
 */
export function valuesAt(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  from: number,
  to: number,
): [number, number] {
  const i = lastAtOrBefore(t, from);
  const j = Math.max(i, lastAtOrBefore(t, to));
  return [i >= 0 ? v[i]! : Number.NaN, j >= 0 ? v[j]! : Number.NaN];
}

/** The index of the last time <= `at` in times in order, -1 when none is. */
function lastAtOrBefore(t: ArrayLike<number>, at: number): number {
  // Not `t[i] > at`: a time of NaN finds no sample, as sampleAt's scan does.
  return firstIndexWhere(t.length, (i) => !(t[i]! <= at)) - 1;
}
