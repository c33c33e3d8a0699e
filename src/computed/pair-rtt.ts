import type { IceTransports } from './ice-transport.js';
import { pairById } from './pair-lookup.js';
import { firstIndexWhere } from './series-math.js';

/**
 * Round trip times (ms) of the selected candidate pairs, each while it was the one in use. Asked
 * for by several detectors, scores and the payload, per connection and per stream: computed once
 * per connection, and a copy returned (some callers sort it).
 */
export function selectedPairRtts(ice: IceTransports): number[] {
  let rtts = rttsOf.get(ice);
  if (!rtts) {
    rtts = collectRtts(ice);
    rttsOf.set(ice, rtts);
  }
  return rtts.slice();
}

const rttsOf = new WeakMap<IceTransports, number[]>();

/**
 * Each change of the selected pair owns the samples of its pair from its time to the next change.
 * Every sample goes to the change whose span holds its time (found by bisection in the changes,
 * which are in time order), then the spans are read in order: the samples of one pair are read
 * once, not once per change, which was quadratic when a dump flipped between two pairs at every
 * poll. Same values in the same order as scanning each span, whatever order the times are in.
 */
function collectRtts(ice: IceTransports): number[] {
  const changes = ice.selected;
  const spans: number[][] = changes.map(() => []);
  const seen = new Set<string>();
  for (const change of changes) {
    if (seen.has(change.pairId)) continue;
    seen.add(change.pairId);
    const pair = pairById(ice.pairs, change.pairId);
    const rtt = pair?.series.rttMs;
    if (!pair || !rtt) continue;
    for (let j = 0; j < rtt.length; j++) {
      const k = lastChangeAtOrBefore(changes, pair.t[j]!);
      if (k >= 0 && changes[k]!.pairId === pair.id && Number.isFinite(rtt[j]!)) spans[k]!.push(rtt[j]!);
    }
  }
  const out: number[] = [];
  for (const span of spans) for (const v of span) out.push(v);
  return out;
}

/** Index of the last change at or before `t` (-1 when none is). */
const lastChangeAtOrBefore = (changes: IceTransports['selected'], t: number): number =>
  firstIndexWhere(changes.length, (i) => changes[i]!.at > t) - 1;

/**
 * Legacy Chrome (goog stats) smoothed the STUN round-trip time from a 3000 ms default,
 * `rtt = (3 × rtt + sample) / 4`, so its first reports decay by about a quarter each from ~2250 ms
 * whatever the path; it also reports -1 before the first measurement. Both are not round trips:
 * they become NaN (missing) here, in place.
 */
export function dropLegacyRttWarmup(rtt: Float64Array): void {
  for (let i = 0; i < rtt.length; i++) if (rtt[i]! < 0) rtt[i] = Number.NaN;
  const first = rtt.findIndex((v) => Number.isFinite(v));
  if (first === -1) return;
  const at = (k: number) => rtt[first + k]!;
  const decays = (k: number) => {
    const ratio = at(k) / at(k - 1);
    return ratio >= 0.7 && ratio <= 0.8;
  };
  if (rtt.length - first < 3 || at(0) < 1500 || at(0) > 3000 || !decays(1) || !decays(2)) return;
  let end = first + 1;
  while (end < rtt.length && rtt[end]! < rtt[end - 1]!) end++;
  rtt.fill(Number.NaN, first, end);
}
