import { defineDetector } from '../detector.js';
import { mediaStreams, streamSource } from '../support.js';

/** packetsLost went negative: more packets arrived than were sent (duplicates), a broken counter. */
export default defineDetector({
  meta: {
    type: 'highNegativePacketsLost',
    title: 'Negative packet loss counter',
    severities: ['low'],
    tags: ['bug', 'network'],
    category: 'streams',
    description:
      'The cumulative packetsLost counter of a received stream went below zero. RTP counts loss as expected minus received packets, so duplicated packets (retransmissions delivered twice, a misbehaving SFU or network device) drive it negative, and loss figures for that stream are unreliable.',
    remedy:
      'Look for packet duplication on the path (media server forwarding twice, network equipment); loss reported for this stream understates the real loss.',
    thresholds: [
      {
        name: 'packetsLost',
        value: '< 0',
        source: 'RFC 3550 §6.4.1: cumulative number of packets lost can be negative if duplicates arrive',
      },
    ],
    related: ['networkAudioLossIn', 'networkVideoLossIn'],
  },
  applies: (session) =>
    mediaStreams(session, { direction: 'inbound' }).some(
      ({ stream }) => stream.totals.minPacketsLost !== undefined,
    ),
  run: (session) =>
    mediaStreams(session, { direction: 'inbound' })
      .filter(({ stream }) => (stream.totals.minPacketsLost ?? 0) < 0)
      .map(({ pc, stream }) => ({
        severity: 'low' as const,
        source: streamSource(pc, stream),
        firstSeenAt: stream.firstPacketAt,
        valueInCount: stream.totals.minPacketsLost,
        indicators: { minPacketsLost: stream.totals.minPacketsLost ?? null, kind: stream.kind },
        meaning: `The packetsLost counter of ${stream.kind} stream ${stream.ssrc ?? stream.id} went down to ${stream.totals.minPacketsLost}.`,
      })),
});
