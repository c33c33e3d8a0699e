import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamSource } from '../support.js';

/** Chrome's NullVideoDecoder: no decoder could be created, video is not decoded at all. */
export default defineDetector({
  meta: {
    type: 'nullVideoDecoder',
    title: 'Video not decoded (null decoder)',
    severities: ['high'],
    tags: ['video', 'inbound', 'bug'],
    category: 'streams',
    description:
      "The received video stream used Chrome's NullVideoDecoder: no real decoder could be created for the codec (unsupported profile, hardware decoder failure, too many decoders), so the video is received but never shown.",
    remedy:
      'Negotiate a codec/profile the receiver supports (check setCodecPreferences and SDP), and limit the number of simultaneous decoders on weak devices.',
    thresholds: [
      {
        name: 'decoderImplementation',
        value: 'NullVideoDecoder',
        source: `${SOURCES.rtcstatsFeatures} (hasNullVideoDecoder)`,
      },
    ],
    related: ['highDecodeTime'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' }).some(
      ({ stream }) => stream.decoderImplementation !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'video', direction: 'inbound' })
      .filter(({ stream }) => stream.decoderImplementation === 'NullVideoDecoder')
      .map(({ pc, stream }) => ({
        severity: 'high' as const,
        source: streamSource(pc, stream),
        firstSeenAt: stream.firstPacketAt,
        indicators: { decoderImplementation: 'NullVideoDecoder', codec: stream.codec?.mimeType ?? null },
        meaning: `Received video ${stream.ssrc ?? stream.id} (${stream.codec?.mimeType ?? 'unknown codec'}) had no working decoder.`,
      })),
});
