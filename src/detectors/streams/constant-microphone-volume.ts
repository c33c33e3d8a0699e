import { defineDetector } from '../detector.js';
import { activeFrom, flowingStreams, streamSource } from '../support.js';

const MIN_SAMPLES = 10;

/** The sent audio level never moves: a synthetic or stuck source, not a live microphone. */
export default defineDetector({
  meta: {
    type: 'constantMicrophoneVolume',
    title: 'Constant microphone volume',
    severities: ['low'],
    tags: ['audio', 'peripheral'],
    category: 'streams',
    description:
      'The level of the audio being sent stayed at one non-zero value for the whole call. Speech and room noise always vary; a flat level comes from a virtual or test device, a stuck driver, or a continuous tone.',
    remedy:
      'Check the selected input device; virtual audio devices and fake media flags should not be used in production calls.',
    thresholds: [
      {
        name: 'samples',
        value: MIN_SAMPLES,
        unit: 'identical non-zero samples',
        source: 'Speech level varies from one second to the next',
      },
    ],
    related: ['silentMicrophone'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'outbound' }).some(
      ({ stream }) => stream.series.audioLevel !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'outbound' }).flatMap(({ pc, stream }) => {
      const level = stream.series.audioLevel;
      if (!level) return [];
      const values = Array.from(level.subarray(activeFrom(stream))).filter(Number.isFinite);
      if (values.length < MIN_SAMPLES) return [];
      const first = values[0]!;
      if (first <= 1e-5 || values.some((v) => Math.abs(v - first) > 1e-6)) return [];
      return [
        {
          severity: 'low' as const,
          source: streamSource(pc, stream),
          firstSeenAt: stream.firstPacketAt,
          indicators: { level: first, samples: values.length },
          meaning: `The microphone level stayed at ${first.toFixed(3)} for all ${values.length} samples.`,
        },
      ];
    }),
});
