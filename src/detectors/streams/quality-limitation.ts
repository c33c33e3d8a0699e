import { type Episode, flagEpisodes } from '../../computed/episodes.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { RtpStream } from '../../computed/rtp-streams.js';
import { activeFrom } from '../../computed/stream-samples.js';
import type { Tag } from '../../model/payload/observation.js';
import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamSource, streamSubject } from '../support.js';

type Reason = 'bandwidth' | 'cpu' | 'other';

const TEXT: Record<
  Reason,
  {
    title: string;
    tags: Tag[];
    description: string;
    remedy: string;
    /** Share of the time limited (percent) from which each severity applies, most severe first. */
    limits: Partial<Record<'high' | 'medium' | 'low', number>>;
  }
> = {
  bandwidth: {
    title: 'Bandwidth limitation',
    tags: ['video', 'outbound', 'network'],
    description:
      'The video encoder reduced resolution or frame rate because the estimated bandwidth was not enough (qualityLimitationReason "bandwidth"). A short limitation while the estimate ramps up at the start is normal and is not counted (up to 10 s, and at most 60 % of the time of a short stream, unless the per-sample reasons show the limitation began later); a long one means the uplink cannot carry the video.',
    remedy:
      'Check the uplink: competing uploads, Wi-Fi quality, cellular signal. Lower the sending resolution for constrained users, or use simulcast/SVC so receivers get what fits.',
    limits: { high: 60, medium: 30, low: 10 },
  },
  cpu: {
    title: 'CPU limitation',
    tags: ['video', 'outbound', 'cpu'],
    description:
      'The video encoder reduced resolution or frame rate because the device\'s CPU could not keep up (qualityLimitationReason "cpu"). Other apps, thermal throttling, many streams or software encoding of high resolutions cause it.',
    remedy:
      'Close other heavy apps, prefer hardware-accelerated codecs (VP8/H.264 hardware encoders, avoid software AV1/VP9 on weak devices), reduce resolution or the number of simulcast layers.',
    limits: { high: 50, medium: 30, low: 10 },
  },
  other: {
    title: 'Other limitation',
    tags: ['video', 'outbound'],
    description:
      'The video encoder reduced quality for a reason other than CPU or bandwidth (qualityLimitationReason "other"), for example a resolution or frame-rate cap set by the application through setParameters or constraints.',
    remedy:
      'Review encoding parameters (maxBitrate, scaleResolutionDownBy, maxFramerate) set by the application.',
    limits: { medium: 30, low: 10 },
  },
};

/** Share (percent) of a sent video's time limited for one reason. */
export function limitationPercent(stream: RtpStream, reason: Reason): number | undefined {
  const q = stream.qualityLimitation;
  return q ? q[reason] * 100 : undefined;
}

/** Bandwidth limitation up to this long is the start-up ramp of the bandwidth estimate, not a problem. */
export const RAMP_UP_MS = 10_000;

export const RAMP_UP_SOURCE =
  'libwebrtc starts its bandwidth estimate at 300 kbps (kDefaultStartBitrateBps) and the encoder needs seconds to adapt up; 10 s is a project choice';

/**
 * The ramp takes at most this share of a stream's time. With a flat 10 s, a stream shorter than
 * that was never judged at all, however much of it was held back (96 % of a 10 s sender read as
 * nothing): the allowance scales down for short streams. A project choice, kept above the 55 % a
 * sender of 9 s limited 65 % of its time needs to stay a ramp (jitsi/9c93a447..., reviewed).
 */
export const RAMP_UP_MAX_SHARE = 0.6;

/** First sample time whose per-sample reason is `reason`. */
function firstReasonAt(stream: RtpStream, reason: Reason): number | undefined {
  const reasons = stream.limitationReasons;
  if (reasons) for (let i = 0; i < reasons.length; i++) if (reasons[i] === reason) return stream.t[i];
  return undefined;
}

/**
 * The share (percent) judged for one stream: for bandwidth, the start-up ramp (RAMP_UP_MS of the
 * time the stream sent media, at most RAMP_UP_MAX_SHARE of it) is taken off, unless the per-sample reasons show the limitation began
 * only after the ramp.
 */
function judgedPercent(
  stream: RtpStream,
  reason: Reason,
  share: number,
  firstAt: number | undefined,
): number {
  if (reason !== 'bandwidth') return share;
  const start = stream.firstPacketAt ?? stream.firstSeenAt;
  if (firstAt !== undefined && firstAt > start + RAMP_UP_MS) return share;
  const spanMs = stream.lastSeenAt - start;
  if (!(spanMs > 0)) return 0;
  return Math.max(0, share - (100 * (rampEndOf(stream) - start)) / spanMs);
}

/** Where the start-up ramp taken off a stream ends: RAMP_UP_MS in, at most RAMP_UP_MAX_SHARE of it. */
function rampEndOf(stream: RtpStream): number {
  const start = stream.firstPacketAt ?? stream.firstSeenAt;
  return start + Math.min(RAMP_UP_MS, RAMP_UP_MAX_SHARE * Math.max(0, stream.lastSeenAt - start));
}

export function limitationDetector(type: string, reason: Reason): Detector {
  const text = TEXT[reason];
  const source =
    reason === 'cpu'
      ? `${SOURCES.clientMonitor} (encoder CPU-limitation share above 0.3)`
      : `${SOURCES.rtcstatsFeatures} (qualityLimitationDurations shares)`;
  const limits = Object.entries(text.limits) as ['high' | 'medium' | 'low', number][];
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: text.title,
      severities: limits.map(([severity]) => severity),
      tags: text.tags,
      category: 'streams',
      description: text.description,
      remedy: text.remedy,
      thresholds: [
        ...limits.map(([severity, value]) => ({
          name: severity,
          value,
          unit: '% of the time',
          source,
        })),
        ...(reason === 'bandwidth'
          ? [
              {
                name: 'start-up ramp not counted',
                value: RAMP_UP_MS / 1000,
                unit: 's',
                source: RAMP_UP_SOURCE,
              },
              {
                name: 'start-up ramp at most',
                value: RAMP_UP_MAX_SHARE * 100,
                unit: "% of the stream's time",
                source:
                  'callscope: a stream shorter than the ramp is still judged; kept above the 55 % a reviewed 9 s ramp-only sender needs',
              },
            ]
          : []),
      ],
      related: ['resolutionDrop', 'lowFrameRate', reason === 'cpu' ? 'cpuPressure' : 'lowBandwidthEstimate'],
      // An encoder short of CPU is a cause of its own (the device); short of bandwidth, it is a
      // symptom of what limited the bandwidth (the network, a renegotiation, the app's cap).
      ...(reason === 'cpu'
        ? {
            family: 'device' as const,
            explains: ['resolutionDrop', 'lowFrameRate', 'framesDropped', 'highEncodeTime'],
          }
        : {}),
    },
    applies: (session) =>
      flowingStreams(session, { kind: 'video', direction: 'outbound' }).some(
        ({ stream }) => stream.qualityLimitation !== undefined,
      ),
    run: (session) => {
      // Simulcast layers of one track share the encoder's limitation: one finding per sent track.
      const byTrack = new Map<
        string,
        { pc: PeerConnectionView; stream: RtpStream; share: number; judged: number; layers: number }
      >();
      for (const { pc, stream } of flowingStreams(session, { kind: 'video', direction: 'outbound' })) {
        const share = limitationPercent(stream, reason);
        if (share === undefined) continue;
        const judged = judgedPercent(stream, reason, share, firstReasonAt(stream, reason));
        const key = JSON.stringify([pc.id, stream.trackId ?? stream.id]);
        const seen = byTrack.get(key);
        if (!seen) byTrack.set(key, { pc, stream, share, judged, layers: 1 });
        else {
          seen.layers++;
          if (judged > seen.judged) Object.assign(seen, { stream, share, judged });
        }
      }
      return [...byTrack.values()].flatMap(({ pc, stream, share, judged, layers }) => {
        const severity = stepSeverity(judged, steps);
        if (!severity) return [];
        return [
          {
            severity,
            source: streamSource(pc, stream),
            ...streamSubject(stream),
            ...moments(stream, reason),
            // The figure the severity was judged on is the one the sentence gives.
            durationInPercent: judged,
            indicators: {
              limitedPercent: share,
              judgedPercent: judged,
              reason,
              layers,
              rid: stream.rid ?? null,
            },
            meaning: limitationMeaning(reason, share, judged),
          },
        ];
      });
    },
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}

/**
 * When the limitation happened: its stretches and their start. For bandwidth, the part of a stretch
 * inside the start-up ramp is left out as judgedPercent leaves it out, so a limitation that a path
 * change caused later is dated (and attributed) from where the ramp ended, not from the first second.
 */
function moments(stream: RtpStream, reason: Reason): { episodes: Episode[]; firstSeenAt?: number } {
  const all = reasonEpisodes(stream, reason);
  if (reason !== 'bandwidth') return { episodes: all, firstSeenAt: firstReasonAt(stream, reason) };
  const rampEnd = rampEndOf(stream);
  const episodes = all
    .filter((e) => e.end > rampEnd)
    .map((e) => (e.start >= rampEnd ? e : { ...e, start: rampEnd, peakAt: Math.max(e.peakAt, rampEnd) }));
  return { episodes, firstSeenAt: episodes[0]?.start ?? firstReasonAt(stream, reason) };
}

/**
 * The sentence gives the share the severity was judged on; when the start-up ramp was taken off,
 * it says so and gives the whole share beside it (a sentence of 100 % on a finding judged on 47 %
 * read as a contradiction).
 */
function limitationMeaning(reason: Reason, share: number, judged: number): string {
  const cause = reason === 'other' ? 'other causes' : reason;
  if (Math.round(judged) === Math.round(share))
    return `Sent video was limited by ${cause} ${pct(judged, 0)} of the time.`;
  return `Sent video was limited by ${cause} ${pct(judged, 0)} of the time after the start-up ramp of the bandwidth estimate (${pct(share, 0)} with it).`;
}

/** The stretches in which the encoder gave `reason` as its limitation. */
function reasonEpisodes(stream: RtpStream, reason: string): Episode[] {
  const reasons = stream.limitationReasons;
  if (!reasons) return [];
  const limited = new Float64Array(reasons.length);
  for (let i = 0; i < reasons.length; i++) limited[i] = reasons[i] === reason ? 1 : 0;
  return flagEpisodes(stream.t, limited, {}, activeFrom(stream));
}
