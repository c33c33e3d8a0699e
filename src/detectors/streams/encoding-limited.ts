import { callClock } from '../../computed/call-times.js';
import { episodesDurationMs, flagEpisodes } from '../../computed/episodes.js';
import { sampleAt } from '../../computed/series-math.js';
import { activeFrom } from '../../computed/stream-samples.js';
import { defineDetector, type Finding } from '../detector.js';
import { ms } from '../severity.js';
import { streamSource, streamSubject } from '../support.js';

const LIMITS = {
  /**
   * The encoder's target fell to this share of its own earlier target or below: a cap, not a
   * wobble (the recorded maxBitrate of 100 kbit/s took a 1.7 Mbit/s target to 83-100 kbit/s).
   */
  dropShare: 0.25,
  /**
   * While the bandwidth estimate stayed this many times above the target: the network had room,
   * so the app's encoding parameters held the video back (3.7 Mbit/s estimated on the recorded
   * call); a congested path takes the estimate down with the target.
   */
  headroom: 4,
} as const;

/** What an app's bitrate cap brings about on the stream it caps. */
const CONSEQUENCES = ['bandwidthLimitation', 'resolutionDrop', 'lowFrameRate'];

/**
 * The app capped a sending video's encoding (RTCRtpSender.setParameters with maxBitrate, or a
 * scaleResolutionDownBy / maxFramerate that lowers it): the encoder's target fell far below what
 * it aimed at before while the bandwidth estimate had plenty of room.
 */
export default defineDetector({
  meta: {
    type: 'encodingLimited',
    title: 'Encoding limited by the app',
    severities: ['low'],
    tags: ['behavior', 'video', 'outbound'],
    category: 'streams',
    description:
      "The app capped the video it sends (`RTCRtpSender.setParameters` with a low `maxBitrate`, or parameters that have the same effect): the encoder's target bitrate fell to a quarter or less of what it aimed at before while the bandwidth estimate stayed at least four times above it. The encoder then reports a bandwidth limitation and lowers resolution and frame rate, but the network had room: the cap is the app's. Low because the other side gets lower-quality video.",
    remedy:
      "Nothing to do when intended (a thumbnail, a bandwidth-saving mode). Otherwise check the app's encoding parameters.",
    thresholds: [
      {
        name: 'target drop',
        value: LIMITS.dropShare,
        unit: 'share of the earlier target',
        source: 'callscope, measured on a recorded maxBitrate cap (Chromium 156)',
      },
      {
        name: 'headroom',
        value: LIMITS.headroom,
        unit: 'times the target, bandwidth estimate',
        source: 'callscope: a congested path lowers the estimate with the target',
      },
    ],
    related: ['bandwidthLimitation', 'resolutionDrop', 'lowBandwidthEstimate'],
    family: 'application',
    explains: CONSEQUENCES,
  },
  applies: (session) =>
    session.connections.some(
      (pc) =>
        pc.ice.bandwidth !== undefined &&
        pc.streams.some(
          (s) => s.direction === 'outbound' && s.kind === 'video' && s.series.targetBitrateKbps,
        ),
    ),
  run: (session) => {
    const clock = callClock(session);
    const findings: Finding[] = [];
    for (const pc of session.connections) {
      const bwe = pc.ice.bandwidth;
      if (!bwe) continue;
      for (const s of pc.streams) {
        const target = s.series.targetBitrateKbps;
        if (s.direction !== 'outbound' || s.kind !== 'video' || !target) continue;
        const available = sampleAt(bwe.t, bwe.availableOutgoingKbps, s.t);
        const flags = new Float64Array(target.length).fill(Number.NaN);
        let best = 0;
        for (let i = activeFrom(s); i < target.length; i++) {
          const v = target[i]!;
          const room = available[i]!;
          if (!Number.isFinite(v) || v <= 0) continue;
          flags[i] = best > 0 && v <= LIMITS.dropShare * best && room >= LIMITS.headroom * v ? 1 : 0;
          if (v > best) best = v;
        }
        const episodes = flagEpisodes(s.t, flags);
        if (episodes.length === 0) continue;
        const first = episodes[0]!;
        const total = episodesDurationMs(episodes);
        const capKbps = Math.round(minIn(target, s.t, first.start, first.end));
        const call = pc.apiCalls.find((c) => c.method === 'setParameters' && c.at <= first.start);
        findings.push({
          severity: 'low',
          source: streamSource(pc, s),
          side: 'local',
          ...streamSubject(s),
          episodes,
          durationInMs: total,
          indicators: {
            action: call ? 'setParameters' : 'encoding parameters',
            targetKbps: capKbps,
            earlierTargetKbps: best,
          },
          meaning: `The app capped the video it sends from ${clock(first.start)} for ${ms(total)}: the encoder aimed at ${capKbps} kbit/s while the network had room for far more.`,
        });
      }
    }
    return findings;
  },
});

/** The lowest finite value of a series between two times. */
function minIn(values: ArrayLike<number>, t: ArrayLike<number>, from: number, to: number): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (t[i]! >= from && t[i]! <= to && Number.isFinite(v) && v < min) min = v;
  }
  return min;
}
