import { defineDetector } from '../detector.js';
import { ms, pct } from '../severity.js';
import { flowingStreams, streamSource } from '../support.js';

/** Received video paused (no frame for 5 s or more): usually the sender stopped on purpose. */
export default defineDetector({
  meta: {
    type: 'videoPaused',
    title: 'Video paused',
    severities: ['low', 'info'],
    tags: ['video', 'inbound', 'behavior'],
    category: 'streams',
    description:
      'Received video paused: no frame for 5 seconds or more (Chrome pauseCount). Typically the remote user turned the camera off, the SFU stopped forwarding the layer, or the sender was bandwidth-limited to zero. Low when paused for most of the call.',
    remedy:
      "Usually intended. If not, check the sender's bandwidth limitation and the SFU's layer selection.",
    thresholds: [
      {
        name: 'pause',
        value: 5_000,
        unit: 'ms',
        source: 'W3C webrtc-stats: pauseCount counts gaps of at least 5 s between rendered frames',
      },
    ],
    related: ['highFreezeDuration', 'bandwidthLimitation'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).some(
      ({ stream }) => stream.totals.pauseCount !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).flatMap(({ pc, stream }) => {
      const count = stream.totals.pauseCount ?? 0;
      if (count === 0) return [];
      const pausedMs = (stream.totals.totalPausesDurationSec ?? 0) * 1000;
      const activeMs = stream.lastSeenAt - (stream.firstPacketAt ?? stream.firstSeenAt);
      const share = activeMs > 0 ? (100 * pausedMs) / activeMs : 0;
      return [
        {
          severity: share >= 50 ? ('low' as const) : ('info' as const),
          source: streamSource(pc, stream),
          firstSeenAt: stream.firstPacketAt,
          valueInCount: count,
          durationInMs: pausedMs,
          durationInPercent: share,
          indicators: { pauses: count, pausedMs, pausedPercent: share },
          meaning: `Received video paused ${count} time${count > 1 ? 's' : ''} for ${ms(pausedMs)} (${pct(share)} of the time).`,
        },
      ];
    }),
});
