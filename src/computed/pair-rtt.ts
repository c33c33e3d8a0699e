import type { IceTransports } from './ice-transport.js';

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

function collectRtts(ice: IceTransports): number[] {
  const out: number[] = [];
  ice.selected.forEach((change, i) => {
    const pair = ice.pairs.find((p) => p.id === change.pairId);
    const rtt = pair?.series.rttMs;
    if (!pair || !rtt) return;
    const until = ice.selected[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    for (let j = 0; j < rtt.length; j++) {
      const t = pair.t[j]!;
      if (t >= change.at && t < until && Number.isFinite(rtt[j]!)) out.push(rtt[j]!);
    }
  });
  return out;
}

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
