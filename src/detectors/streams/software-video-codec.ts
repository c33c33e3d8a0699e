import { defineDetector } from '../detector.js';
import { flowingStreams, streamSource } from '../support.js';

const HD = 720;

/** HD video encoded or decoded in software (powerEfficientEncoder/Decoder false). */
export default defineDetector({
  meta: {
    type: 'softwareVideoCodec',
    title: 'Software video codec',
    severities: ['low', 'info'],
    tags: ['video', 'cpu'],
    category: 'streams',
    description:
      'Video was encoded or decoded in software rather than by power-efficient hardware (powerEfficientEncoder / powerEfficientDecoder false). It costs CPU and battery; at 720p and above it is low severity, otherwise informational.',
    remedy:
      'Prefer a codec the device accelerates (usually H.264 or VP8 on older devices, VP9/AV1 on recent ones) through setCodecPreferences.',
    thresholds: [
      {
        name: 'height',
        value: HD,
        unit: 'px',
        source: 'W3C webrtc-stats powerEfficientEncoder / powerEfficientDecoder',
      },
    ],
    related: ['highEncodeTime', 'highDecodeTime', 'cpuLimitation'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'video' }).some(({ stream }) => stream.powerEfficient !== undefined),
  run: (session) =>
    flowingStreams(session, { kind: 'video' })
      .filter(({ stream }) => stream.powerEfficient === false)
      .map(({ pc, stream }) => {
        const h = stream.series.frameHeight;
        const height = h ? Math.max(0, ...Array.from(h).filter(Number.isFinite)) : 0;
        const implementation =
          (stream.direction === 'outbound' ? stream.encoderImplementation : stream.decoderImplementation) ??
          null;
        return {
          severity: height >= HD ? ('low' as const) : ('info' as const),
          source: streamSource(pc, stream),
          firstSeenAt: stream.firstPacketAt,
          indicators: { implementation, maxHeight: height, direction: stream.direction },
          meaning: `Video ${stream.direction === 'outbound' ? 'encoding' : 'decoding'} ran in software${implementation ? ` (${implementation})` : ''}${height ? ` up to ${height}p` : ''}.`,
        };
      }),
});
