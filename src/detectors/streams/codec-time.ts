import type { Direction } from '../../computed/rtp-streams.js';
import { type Detector, defineDetector } from '../detector.js';
import { ms, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';
import { flowingStreams, streamSource } from '../support.js';

/** Encoding (sent video) or decoding (received video) takes a large part of each frame's time. */
export function codecTimeDetector(type: string, direction: Direction): Detector {
  const encode = direction === 'outbound';
  const word = encode ? 'encode' : 'decode';
  const unit = '% of the frame interval';
  const source = `${SOURCES.clientMonitor} (decode time over 80 % of the frame budget${encode ? ', applied to encoding by analogy' : ''})`;
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `High ${word} time`,
      severities: ['high', 'medium', 'low'],
      tags: ['video', 'cpu', direction],
      category: 'streams',
      description: `${encode ? 'Encoding' : 'Decoding'} one video frame took a large share of the time available per frame at the stream's frame rate. At 100 % the ${word}r cannot keep up: frames are ${encode ? 'skipped and the encoder reduces quality' : 'dropped or delayed'}. Usually a busy or weak CPU, or ${encode ? 'software encoding of a demanding codec' : 'software decoding'}.`,
      remedy: `Reduce the load: hardware-accelerated codecs, lower resolution or frame rate, fewer simultaneous ${encode ? 'simulcast layers' : 'video streams'}; close other heavy applications.`,
      // Shares of the frame budget (1000 / fps ms) spent encoding or decoding one frame.
      thresholds: [
        { name: 'high', value: 100, unit, source },
        { name: 'medium', value: 80, unit, source },
        { name: 'low', value: 50, unit, source },
      ],
      related: [encode ? 'cpuLimitation' : 'framesDropped', 'softwareVideoCodec'],
    },
    applies: (session) =>
      flowingStreams(session, { kind: 'video', direction }).some(
        ({ stream }) => stream.series[encode ? 'encodeMsPerFrame' : 'decodeMsPerFrame'] !== undefined,
      ),
    run: (session) =>
      flowingStreams(session, { kind: 'video', direction }).flatMap(({ pc, stream }) => {
        const busy = encode ? stream.totals.totalEncodeTimeSec : stream.totals.totalDecodeTimeSec;
        const frames = encode ? stream.totals.framesEncoded : stream.totals.framesDecoded;
        const seconds = (stream.lastSeenAt - (stream.firstPacketAt ?? stream.firstSeenAt)) / 1000;
        if (busy === undefined || !frames || frames < 50 || seconds <= 0) return [];
        const perFrame = (1000 * busy) / frames;
        const fps = frames / seconds;
        const budget = 1000 / Math.max(fps, 1);
        const ratio = perFrame / budget;
        const severity = stepSeverity(ratio, steps);
        if (!severity) return [];
        return [
          {
            severity,
            source: streamSource(pc, stream),
            firstSeenAt: stream.firstPacketAt,
            averageInMs: perFrame,
            valueInPercent: ratio * 100,
            indicators: {
              msPerFrame: perFrame,
              framesPerSecond: fps,
              frameBudgetMs: budget,
              implementation: (encode ? stream.encoderImplementation : stream.decoderImplementation) ?? null,
            },
            meaning: `${encode ? 'Encoding' : 'Decoding'} took ${ms(perFrame)} per frame, ${Math.round(ratio * 100)} % of the ${ms(budget)} available at ${fps.toFixed(0)} fps.`,
          },
        ];
      }),
  });
  /** The steps run() applies are the severity thresholds of the meta, as shares of the frame budget. */
  const steps = severitySteps(detector.meta.thresholds, 100);
  return detector;
}
