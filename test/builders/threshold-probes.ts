/**
 * Probes for the threshold test (src/detectors/thresholds.test.ts): for every detector whose
 * severity follows steps its meta documents, a session in which the value the detector judges is
 * exactly `value`, in the unit the meta gives, the rest of the call steady and clean. The test
 * walks the documented steps with them, so the numbers tried are always the catalog's own.
 */
import type { MediaKind, RtpStream } from '../../src/computed/rtp-streams.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { withStreams } from './media-network.js';
import { gathered, oneConnection, switching } from './pairs.js';
import {
  connection,
  flat,
  ice,
  lifecycle,
  series,
  session,
  signaling,
  stream,
  T0,
  times,
} from './session.js';
import { receivedVideo, sentVideo, stepAt } from './video.js';

export interface Probe {
  /** A session whose judged value is `value` (in the meta's unit). */
  session(value: number): SessionView;
  /** How a value meets a step: by reaching it (the default) or by staying under it. */
  meets?: 'atLeast' | 'below';
  /** The least change of the value the session can express (counts: 1); default 0.01. */
  delta?: number;
}

/** One stream of 101 one-second samples: 100 s of media from T0. */
const long = (overrides: Parameters<typeof stream>[0]): RtpStream => stream({ n: 101, ...overrides });

/** `value` % of 1000 samples: a series starting with that many `on` values, then `off`. */
const shareOf = (value: number, on: number, off: number): number[] =>
  Array.from({ length: 1000 }, (_, i) => (i < Math.round(value * 10) ? on : off));

const loss = (kind: MediaKind, inbound: boolean): Probe => ({
  session: (percent) =>
    withStreams(
      stream({
        kind,
        direction: inbound ? 'inbound' : 'outbound',
        // 10 000 packets expected, `percent` of them lost; every interval as lossy as the whole.
        totals: inbound
          ? { packets: 10_000 - percent * 100, packetsLost: percent * 100 }
          : { packets: 10_000, remotePacketsLost: percent * 100 },
        values: { lossPercent: flat(30, percent) },
      }),
    ),
});

const jitter = (inbound: boolean): Probe => ({
  session: (ms) =>
    withStreams(stream({ direction: inbound ? 'inbound' : 'outbound', values: { jitterMs: flat(30, ms) } })),
});

const rtt = (inbound: boolean): Probe => ({
  session: (ms) =>
    withStreams(stream({ direction: inbound ? 'inbound' : 'outbound', values: { rttMs: flat(30, ms) } })),
});

const codecTime = (encode: boolean): Probe => ({
  // 1000 frames in 100 s (10 fps, a 100 ms budget): `percent` % of the budget is `percent` ms a frame.
  session: (percent) =>
    withStreams(
      long({
        kind: 'video',
        direction: encode ? 'outbound' : 'inbound',
        totals: encode
          ? { packets: 10_000, framesEncoded: 1000, totalEncodeTimeSec: percent }
          : { packets: 10_000, framesDecoded: 1000, totalDecodeTimeSec: percent },
        values: { [encode ? 'encodeMsPerFrame' : 'decodeMsPerFrame']: flat(101, percent) },
      }),
    ),
});

/** Sent video limited for `reason` a share of the time, the per-sample reason showing it after 15 s. */
const limitation = (reason: 'bandwidth' | 'cpu' | 'other'): Probe => ({
  session: (percent) =>
    withStreams(
      sentVideo({
        qualityLimitation: {
          bandwidth: 0,
          cpu: 0,
          other: 0,
          [reason]: percent / 100,
          none: 1 - percent / 100,
        },
        limitationReasons: stepAt(30, 15, reason, 'none'),
      }),
    ),
});

/** The first candidate of `type` comes `ms` after gathering starts (T0 + 50 in the default lifecycle). */
const gatheringDelay = (type: 'relay' | 'srflx'): Probe => ({
  session: (ms) =>
    oneConnection({ signaling: signaling({ localCandidates: [gathered(type, T0 + 50 + ms)] }) }),
  delta: 1,
});

/** One stream of the path, 100 packets a second, every interval losing `percent` of them. */
const pathLoss = (inbound: boolean): Probe => ({
  session: (percent) =>
    withStreams(
      stream({
        direction: inbound ? 'inbound' : 'outbound',
        totals: { packets: 3000 },
        values: { lossPercent: flat(30, percent), packetRate: flat(30, 100) },
      }),
    ),
});

/** Video of 100 packets a second, `perHundred` NACKs per 100 of them, none lost. */
const reordering = (inbound: boolean): Probe => ({
  session: (perHundred) =>
    withStreams(
      stream({
        kind: 'video',
        direction: inbound ? 'inbound' : 'outbound',
        totals: { packets: 3000 },
        values: { nackPerSecond: flat(30, perHundred), packetRate: flat(30, 100), lossPercent: flat(30, 0) },
      }),
    ),
});

/** ICE disconnected at 10 s for `ms`, then connected again. */
const interrupted: Probe = {
  session: (ms) => {
    const base = lifecycle();
    const states = {
      ...base.states,
      iceConnection: [
        ...base.states.iceConnection,
        { state: 'disconnected', at: T0 + 10_000 },
        { state: 'connected', at: T0 + 10_000 + ms },
      ],
    };
    return session({ connections: [connection({ lifecycle: lifecycle({ states }) })] });
  },
  delta: 1,
};

export const PROBES: Readonly<Record<string, Probe>> = {
  connectionInterrupted: interrupted,
  networkLossIn: pathLoss(true),
  networkLossOut: pathLoss(false),
  networkReorderingIn: reordering(true),
  networkReorderingOut: reordering(false),
  audioConcealment: {
    session: (percent) =>
      withStreams(
        stream({ totals: { totalSamplesReceived: 1_000_000, concealedSamples: percent * 10_000 } }),
      ),
  },
  audioInterruptions: {
    session: (ms) =>
      withStreams(stream({ totals: { interruptionCount: 1, totalInterruptionDurationSec: ms / 1000 } })),
  },
  bandwidthLimitation: limitation('bandwidth'),
  connectionChurn: {
    session: (drops) => oneConnection({ lifecycle: lifecycle({ disconnections: drops }) }),
    delta: 1,
  },
  cpuLimitation: limitation('cpu'),
  cpuPressure: {
    // Compute Pressure states: 2 is serious, 3 fair.
    session: (percent) =>
      session({
        connections: [connection({ cpuPressure: { t: times(1000), state: shareOf(percent, 2, 3) } })],
      }),
    delta: 0.1,
  },
  delaysSendingMedia: {
    session: (ms) =>
      withStreams(stream({ direction: 'outbound', values: { sendDelayMsPerPacket: flat(30, ms) } })),
  },
  framesDropped: {
    session: (percent) =>
      withStreams(
        stream({
          kind: 'video',
          totals: { packets: 10_000, framesReceived: 10_000, framesDropped: percent * 100 },
        }),
      ),
  },
  frequentPathSwitches: { session: (switches) => oneConnection({ ice: switching(switches + 1) }), delta: 1 },
  highDecodeTime: codecTime(false),
  highEncodeTime: codecTime(true),
  highFreezeDuration: {
    // 1000 short freezes: the average freeze stays far under a second.
    session: (percent) =>
      withStreams(
        long({
          kind: 'video',
          totals: { packets: 10_000, freezeCount: 1000, totalFreezesDurationSec: percent },
        }),
      ),
  },
  highIncomingRoundTripTime: rtt(true),
  highOutgoingRoundTripTime: rtt(false),
  highRetransmissions: {
    session: (percent) =>
      withStreams(
        stream({ direction: 'outbound', totals: { packets: 10_000, retransmittedPackets: percent * 100 } }),
      ),
  },
  highSignalingTime: {
    session: (ms) =>
      oneConnection({
        signaling: signaling({
          negotiations: [
            { initiator: 'local', startedAt: T0, completedAt: T0 + ms, durationMs: ms, iceRestart: false },
          ],
        }),
      }),
  },
  highStunDelay: gatheringDelay('srflx'),
  highTurnDelay: gatheringDelay('relay'),
  iceRestart: {
    session: (restarts) => oneConnection({ signaling: signaling({ iceRestarts: restarts }) }),
    delta: 1,
  },
  lowBandwidthEstimate: {
    // 1000 s of sent video; the estimate is 100 kbit/s for `percent` % of it, 2500 otherwise.
    session: (percent) =>
      oneConnection({
        streams: [stream({ kind: 'video', direction: 'outbound', n: 1000 })],
        ice: ice({
          bandwidth: { t: times(1000), availableOutgoingKbps: series(shareOf(percent, 100, 2500)) },
        }),
      }),
    delta: 0.1,
  },
  lowFrameRate: {
    session: (fps) => withStreams(sentVideo({ values: { framesPerSecond: flat(30, fps) } })),
    meets: 'below',
  },
  nackStorm: {
    session: (per100) =>
      withStreams(stream({ kind: 'video', totals: { packets: 10_000, nackCount: per100 * 100 } })),
  },
  networkAudioLossIn: loss('audio', true),
  networkAudioLossOut: loss('audio', false),
  networkMediaJitterIn: jitter(true),
  networkMediaJitterOut: jitter(false),
  networkVideoLossIn: loss('video', true),
  networkVideoLossOut: loss('video', false),
  otherLimitation: limitation('other'),
  pliStorm: {
    session: (perSecond) =>
      withStreams(long({ kind: 'video', totals: { packets: 10_000, pliCount: perSecond * 100 } })),
  },
  resolutionDrop: {
    // 10 s of start-up ramp (not judged), then 1000 samples at 720p, `percent` % of them at 360p.
    session: (percent) =>
      withStreams(
        receivedVideo({
          n: 1010,
          values: { frameHeight: [...flat(10, 720), ...shareOf(percent, 360, 720)] },
        }),
      ),
    delta: 0.1,
  },
  slowDtlsEstablishment: {
    // The default selected pair has a 20 ms round trip: three of them are not counted.
    session: (ms) => oneConnection({ lifecycle: lifecycle({ dtlsTimeMs: ms + 60 }) }),
  },
  slowIceConnection: {
    session: (ms) => oneConnection({ lifecycle: lifecycle({ iceConnectionTimeMs: ms }) }),
  },
  speakerDelay: {
    session: (ms) => withStreams(stream({ values: { jitterBufferMs: flat(30, ms) } })),
  },
};
