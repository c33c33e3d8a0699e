import { callClock } from '../../computed/call-times.js';
import { type Episode, episodesDurationMs, flagEpisodes } from '../../computed/episodes.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { Direction } from '../../computed/rtp-streams.js';
import { type Detector, defineDetector, type Finding } from '../detector.js';
import { byExtent, ms } from '../severity.js';
import { congestionSignal, THRESHOLDS } from './congestion-signal.js';
import { latencyStep } from './latency-step.js';

/** What a path short of capacity brings about on that path. */
const CONSEQUENCES = [
  'bandwidthLimitation',
  'lowBandwidthEstimate',
  'resolutionDrop',
  'lowFrameRate',
  'delaysSendingMedia',
  'highFreezeDuration',
  'framesDropped',
  'pliStorm',
  'nackStorm',
  'highRetransmissions',
  'speakerDelay',
  'audioConcealment',
  'highIncomingRoundTripTime',
  'highOutgoingRoundTripTime',
  'networkMediaJitterIn',
  'networkMediaJitterOut',
];

/** What a congested path to this client does to what it sends, through its delayed feedback. */
const ACROSS = ['bandwidthLimitation', 'lowBandwidthEstimate'];

/**
 * The path ran short of capacity. Sending: the browser's bandwidth estimate fell well below what it
 * had reached (or stayed low) while the encoder was held back by it, and not because it was
 * still climbing (the start of a call, a renegotiation). Receiving: the video that arrived fell to
 * a fraction of its earlier rate while its packets came later than before (queueing on the way).
 */
export function congestionDetector(type: string, direction: Direction): Detector {
  const inbound = direction === 'inbound';
  return defineDetector({
    meta: {
      type,
      title: `Network congestion on the path ${inbound ? 'to this client' : 'from this client'}`,
      severities: ['high', 'medium', 'low'],
      tags: ['network', direction, 'video'],
      category: 'connections',
      description: inbound
        ? 'The video this client received fell to a fraction of its earlier bitrate while its packets arrived later than before: the path from the sender (its uplink or the network between) ran short of capacity and queued, and the sender backed off. Lower resolution, frame rate and freezes of the received video follow.'
        : "The browser's estimate of the bandwidth available to send (the candidate pair's availableOutgoingBitrate) fell well below what it had reached, or stayed low, while the video encoder was held back by it: this client's uplink or the path ran short of capacity. Lower sent resolution and frame rate and a longer send queue follow.",
      remedy:
        'Find what competes for the link (uploads, other calls, a congested Wi-Fi) or a narrow link on the way (cellular, a throttled VPN). Simulcast and a lower maximum bitrate keep calls usable on narrow links.',
      thresholds: [
        {
          name: 'fall',
          value: THRESHOLDS.fallShare,
          unit: 'of the highest rate reached, at most',
          source:
            'callscope: Chrome backs its estimate off by 15 % per overuse signal; falling under 60 % of the peak is sustained congestion, not one signal',
        },
        {
          name: 'low estimate',
          value: THRESHOLDS.lowKbps,
          unit: 'kbit/s (sending)',
          source:
            "Chrome's start estimate is 300 kbit/s: staying under it means the estimate never found more",
        },
        {
          name: 'rising',
          value: THRESHOLDS.risingShare,
          unit: 'times the estimate 5 s earlier: still climbing, not congestion',
          source: 'callscope: a ramp after the start or a renegotiation is not a lack of capacity',
        },
        {
          name: 'delay rise',
          value: THRESHOLDS.delayRiseMs,
          unit: "ms of round-trip time or jitter over the call's own baseline (receiving)",
          source:
            'callscope: queueing shows as delay; a sender that lowers its rate on its own does not add any',
        },
        {
          name: 'start-up',
          value: THRESHOLDS.startupMs,
          unit: 'ms: an episode over before this much video is the estimate finding its level',
          source: "callscope: Chrome's estimate starts at 300 kbit/s and climbs for several seconds",
        },
        {
          name: 'latency step',
          value: THRESHOLDS.latencyStepMs,
          unit: 'ms of steady extra round-trip time: a longer path, not congestion',
          source: 'callscope: a queue makes delay vary; a longer route adds a constant',
        },
        {
          name: 'steady',
          value: THRESHOLDS.steadyVariation,
          unit: 'standard deviation over mean of the round-trip times, at most',
          source:
            'callscope: measured on recorded calls, a 200 ms step varied by under 10 %, a 250 kbit/s queue by over 50 %',
        },
        {
          name: 'stopped',
          value: THRESHOLDS.stoppedKbps,
          unit: 'kbit/s of received video, under which the sender stopped (a muted camera): no congestion within 3 s of it',
          source: 'the black frames of a muted camera, as longMute reads them',
        },
        {
          name: 'high when below',
          value: THRESHOLDS.highKbps,
          unit: 'kbit/s: an estimate (or a received video rate) this low during the episodes is high',
          source: 'Video under 150 kbit/s is at most thumbnail quality (webrtc-issue-detector low bitrate)',
        },
      ],
      related: [inbound ? 'networkLossIn' : 'networkLossOut', 'bandwidthLimitation', 'lowBandwidthEstimate'],
      family: 'network',
      explains: CONSEQUENCES,
      // The feedback on what this client sends (RTCP, transport-wide congestion control) comes back
      // over the congested path: late feedback backs the send estimate off though the uplink has
      // room (chromium156/bandwidth-drop-down: the caller's clean uplink bandwidth-limited from 0:12).
      ...(inbound ? { explainsAcross: ACROSS } : {}),
    },
    applies: (session) => session.connections.some((pc) => congestionSignal(pc, direction) !== undefined),
    run(session) {
      const at = callClock(session);
      const findings: Finding[] = [];
      for (const pc of session.connections) {
        const signal = congestionSignal(pc, direction);
        if (!signal) continue;
        const stretches = flagEpisodes(signal.t, signal.congested).filter(
          (e) => e.end > signal.from + THRESHOLDS.startupMs && !latencyStep(pc, e.start, e.end),
        );
        if (stretches.length === 0) continue;
        const lowest = lowestWithin(signal.t, signal.kbps, stretches);
        const lasting = episodesDurationMs(stretches);
        const share = signal.spanMs > 0 ? Math.min(1, lasting / signal.spanMs) : 1;
        const base = lowest < THRESHOLDS.highKbps ? 'high' : 'medium';
        findings.push(finding(pc, direction, stretches, lowest, signal.peakKbps, lasting, share, base, at));
      }
      return findings;
    },
  });
}

function finding(
  pc: PeerConnectionView,
  direction: Direction,
  stretches: Episode[],
  lowest: number,
  peak: number,
  lasting: number,
  share: number,
  base: 'high' | 'medium',
  at: (t: number) => string,
): Finding {
  const inbound = direction === 'inbound';
  const first = stretches[0]!;
  const what = inbound
    ? `the video this client received fell to ${Math.round(lowest)} kbit/s (it had reached ${Math.round(peak)}) while its packets arrived later than before`
    : `the bandwidth this client could send fell to ${Math.round(lowest)} kbit/s (it had reached ${Math.round(peak)}) and held its video back`;
  return {
    severity: byExtent(base, share),
    source: { pid: pc.id },
    side: 'network',
    direction,
    kind: 'video',
    episodes: stretches,
    durationInMs: lasting,
    durationInPercent: share * 100,
    indicators: { lowestKbps: lowest, peakKbps: peak, episodes: stretches.length },
    meaning: `From ${at(first.start)}, for ${ms(lasting)}${stretches.length > 1 ? ` in ${stretches.length} stretches` : ''}, ${what}: the path ${inbound ? 'to this client' : 'from this client'} ran short of capacity.`,
  };
}

/** The lowest rate inside the episodes. */
function lowestWithin(t: ArrayLike<number>, kbps: ArrayLike<number>, stretches: readonly Episode[]): number {
  let lowest = Number.POSITIVE_INFINITY;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    while (j < stretches.length && stretches[j]!.end < t[i]!) j++;
    const e = stretches[j];
    if (!e || t[i]! < e.start || !Number.isFinite(kbps[i]!)) continue;
    lowest = Math.min(lowest, kbps[i]!);
  }
  return Number.isFinite(lowest) ? lowest : 0;
}
