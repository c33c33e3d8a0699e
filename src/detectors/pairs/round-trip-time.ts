import { callClock } from '../../computed/call-times.js';
import { type Episode, episodes } from '../../computed/episodes.js';
import { selectedPairRtts } from '../../computed/ice-transport.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { Direction } from '../../computed/rtp-streams.js';
import { appendAll } from '../../computed/series-math.js';
import { type Detector, defineDetector } from '../detector.js';
import { RunMemo } from '../run-memo.js';
import { byExtent, ms, severitySteps, stepLimit, stepSeverity, worse } from '../severity.js';
import { SOURCES } from '../sources.js';
import { activeFrom } from '../support.js';

/** The high step, named for the peaks threshold that counts samples above it. */
const HIGH_MS = 800;
/** Shares of the samples above the high step that make the call high, or medium, whatever the average. */
const PEAKS_HIGH = 0.1;
const PEAKS_MEDIUM = 0.03;
/** A round trip this long means the path stalled; this many of them make the call high. */
const STALL_MS = 2000;
const STALLS = 2;
/** A stretch over the low step this share of the call or longer is judged on its own level. */
const STRETCH_SHARE = 0.1;

interface RttSamples {
  values: number[];
  firstAbove: (limit: number) => number | undefined;
  stretchesAbove: (limit: number) => Episode[];
}

/**
 * RTT samples (ms) of a connection for one direction: RTCP of its streams, STUN as a fallback for
 * outgoing. Memoised per connection and direction (applies() and run() both read them).
 */
const samplesOf = new RunMemo<PeerConnectionView, Map<Direction, RttSamples>>();
export function rttSamples(pc: PeerConnectionView, direction: Direction): RttSamples {
  let byDirection = samplesOf.get(pc);
  if (!byDirection) {
    byDirection = new Map();
    samplesOf.set(pc, byDirection);
  }
  let samples = byDirection.get(direction);
  if (!samples) {
    samples = collectRttSamples(pc, direction);
    byDirection.set(direction, samples);
  }
  return samples;
}

function collectRttSamples(pc: PeerConnectionView, direction: Direction): RttSamples {
  const values: number[] = [];
  const times: number[] = [];
  // Each stream's samples are in time order; those of several streams are put in order once, by index.
  let ordered = true;
  for (const s of pc.streams) {
    const rtt = s.series.rttMs;
    if (s.direction !== direction || !rtt) continue;
    for (let i = activeFrom(s); i < s.t.length; i++) {
      const v = rtt[i]!;
      // Legacy stats report -1 until the first RTCP report.
      if (Number.isFinite(v) && v >= 0) {
        if (times.length > 0 && s.t[i]! < times[times.length - 1]!) ordered = false;
        values.push(v);
        times.push(s.t[i]!);
      }
    }
  }
  if (values.length === 0 && direction === 'outbound') {
    // Legacy STUN warm-up values are already dropped by the computed layer (pair-rtt.ts).
    appendAll(values, selectedPairRtts(pc.ice));
  }
  let t = times;
  // Times only for RTCP samples (none for the STUN fallback). `values` itself when every one has
  // its time: callers only read it, and a copy of each connection's samples was a third of what
  // this memo held (1 MB of the 200 MB short-series bench dump's 703 connections).
  let v = values.length === times.length ? values : values.slice(0, times.length);
  if (!ordered) {
    const order = times.map((_, i) => i).sort((x, y) => times[x]! - times[y]!);
    t = order.map((i) => times[i]!);
    v = order.map((i) => values[i]!);
  }
  return {
    values,
    firstAbove: (limit) => {
      const i = v.findIndex((x) => x > limit);
      return i < 0 ? undefined : t[i];
    },
    stretchesAbove: (limit) => episodes(t, v, { above: limit }),
  };
}

export function rttDetector(type: string, direction: Direction): Detector {
  const outgoing = direction === 'outbound';
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `High ${outgoing ? 'outgoing' : 'incoming'} round-trip time`,
      severities: ['high', 'medium', 'low'],
      tags: ['network', direction],
      category: 'pairs',
      description: outgoing
        ? 'The round-trip time measured on the media this client sends (RTCP receiver reports, or STUN checks on the selected pair) was high. Conversation becomes awkward above ~300 ms RTT (people talk over each other) and recovery from loss slows down.'
        : 'The round-trip time measured on the media this client receives (RTCP sender reports) was high: the path from the remote side is long or congested.',
      remedy:
        'Look at the route: a distant TURN relay or media server, a VPN, satellite or congested cellular links. Use servers closer to the users.',
      thresholds: [
        { name: 'low', value: 150, unit: 'ms', source: SOURCES.consensusRtt },
        { name: 'medium', value: 300, unit: 'ms', source: SOURCES.consensusRtt },
        {
          name: 'high',
          value: HIGH_MS,
          unit: 'ms',
          source: `${SOURCES.g114} (400 ms one way, i.e. 800 ms round trip, is unacceptable)`,
        },
        {
          name: 'stretch',
          value: STRETCH_SHARE * 100,
          unit: "% of the samples or more over the low step: judged on their average instead of the whole call's",
          source:
            'callscope: a path that slowed half-way through is as slow as one that was slow from the start (as for jitter)',
        },
        {
          name: 'peaks',
          value: PEAKS_HIGH * 100,
          unit: `% of samples above ${HIGH_MS} ms (high); ${PEAKS_MEDIUM * 100} % (medium)`,
          source: SOURCES.g114,
        },
        {
          name: 'stalls',
          value: STALL_MS,
          unit: `ms, at least ${STALLS} samples (high)`,
          source: 'A multi-second round trip means the path stalled',
        },
      ],
      related: ['networkMediaJitterIn', 'relayOverTcp', 'useVpn'],
      // Latency itself is what people notice (talking over each other); it explains nothing else.
      family: 'network',
    },
    applies: (session) => session.connections.some((pc) => rttSamples(pc, direction).values.length > 0),
    run: (session) => {
      const at = callClock(session);
      return session.connections.flatMap((pc) => {
        const { values, firstAbove, stretchesAbove } = rttSamples(pc, direction);
        if (values.length === 0) return [];
        const low = stepLimit(steps, 'low');
        const high = stepLimit(steps, 'high');
        // One pass: the average, the peak, and how many samples were over the low and high steps.
        let sum = 0;
        let max = Number.NEGATIVE_INFINITY;
        let sumAbove = 0;
        let countAbove = 0;
        let countHigh = 0;
        let stalls = 0;
        for (const v of values) {
          sum += v;
          if (v > max) max = v;
          if (v > low) {
            sumAbove += v;
            countAbove++;
          }
          if (v > high) countHigh++;
          if (v >= STALL_MS) stalls++;
        }
        const avg = sum / values.length;
        const share = countAbove / values.length;
        // Peaks matter even when the average looks fine: a tenth of the call above 800 ms, or
        // repeated multi-second round trips (the path stalled), is high.
        const peaks = countHigh / values.length;
        // Judged, like jitter, on the stretch it was high when that is a tenth of the call or more:
        // a path that slowed half-way through is as slow as one that was slow from the start.
        const avgAbove = countAbove ? sumAbove / countAbove : 0;
        const judged = Math.max(avg, share >= STRETCH_SHARE ? avgAbove : 0);
        const fromAverage = stepSeverity(judged, steps);
        const fromPeaks =
          peaks >= PEAKS_HIGH || stalls >= STALLS ? 'high' : peaks >= PEAKS_MEDIUM ? 'medium' : undefined;
        const severity = worse(fromAverage ? byExtent(fromAverage, share) : undefined, fromPeaks);
        if (!severity) return [];
        const stretches = stretchesAbove(low);
        return [
          {
            severity,
            source: { pid: pc.id },
            side: 'network',
            direction,
            episodes: stretches,
            firstSeenAt: stretches[0]?.start ?? firstAbove(low),
            averageInMs: avg,
            maxInMs: max,
            durationInPercent: share * 100,
            indicators: {
              averageMs: avg,
              maxMs: max,
              samples: values.length,
              samplesAbove150msPercent: share * 100,
              samplesAbove800msPercent: peaks * 100,
              stalls,
            },
            meaning:
              share < 0.9 && stretches.length > 0
                ? `Round-trip time on the media ${outgoing ? 'sent' : 'received'} by ${pc.id} was ${ms(avgAbove)} on average from ${at(stretches[0]!.start)} (max ${ms(max)}; ${ms(avg)} over the call).`
                : `Round-trip time averaged ${ms(avg)} (max ${ms(max)}) on the media ${outgoing ? 'sent' : 'received'} by ${pc.id}.`,
          },
        ];
      });
    },
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}
