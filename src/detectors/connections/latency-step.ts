import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import { firstIndexWhere, kthSmallest } from '../../computed/series-math.js';
import { activeFrom } from '../../computed/stream-samples.js';
import { RunMemo } from '../run-memo.js';
import { timesAscending } from '../times-ascending.js';
import { THRESHOLDS } from './congestion-signal.js';

/**
 * Whether the round-trip time during an episode sat at a steady level well above the call's
 * baseline: a longer path, whose delay the estimate mistook for a queue. Judged per stream, as
 * streams get receiver reports at different rates (audio every few seconds).
 */
export function latencyStep(pc: PeerConnectionView, start: number, end: number): boolean {
  const baseline = rttBaseline(pc);
  if (baseline === undefined) return false;
  return pc.streams.some((s) => {
    const rtt = s.series.rttMs;
    if (!rtt) return false;
    const inside: number[] = [];
    // Times in order (as polls come): from the episode's first sample to its last, not the call.
    const ordered = timesAscending(s.t);
    const from = activeFrom(s);
    let i = ordered
      ? Math.max(
          from,
          firstIndexWhere(s.t.length, (k) => s.t[k]! >= start),
        )
      : from;
    for (; i < rtt.length; i++) {
      const at = s.t[i]!;
      if (ordered && at > end) break;
      if (at >= start && at <= end && Number.isFinite(rtt[i]!) && rtt[i]! >= 0) inside.push(rtt[i]!);
    }
    // The estimate falls as the delay steps up, so the episode may begin a sample or two before
    // the round trips show the step: judge the samples after it.
    const raised = inside.filter((v) => v >= baseline + THRESHOLDS.latencyStepMs);
    if (raised.length < 3 || raised.length < 0.75 * inside.length) return false;
    const mean = raised.reduce((a, b) => a + b, 0) / raised.length;
    const sd = Math.sqrt(raised.reduce((a, b) => a + (b - mean) ** 2, 0) / raised.length);
    return sd < THRESHOLDS.steadyVariation * mean;
  });
}

/**
 * The tenth percentile of a connection's round-trip times, undefined with fewer than six. Memoised
 * per connection: latencyStep asks for it once per congested stretch, in both directions.
 */
const rttBaselines = new RunMemo<PeerConnectionView, number | undefined>();
function rttBaseline(pc: PeerConnectionView): number | undefined {
  if (rttBaselines.has(pc)) return rttBaselines.get(pc);
  const all: number[] = [];
  for (const s of pc.streams) {
    const rtt = s.series.rttMs;
    if (!rtt) continue;
    for (let i = activeFrom(s); i < rtt.length; i++)
      if (Number.isFinite(rtt[i]!) && rtt[i]! >= 0) all.push(rtt[i]!);
  }
  const baseline = all.length < 6 ? undefined : kthSmallest(all, Math.floor(all.length / 10));
  rttBaselines.set(pc, baseline);
  return baseline;
}
