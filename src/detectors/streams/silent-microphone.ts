import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { activeFrom, flowingStreams, streamSource } from '../support.js';

/** Digital silence: a real microphone never reads exactly zero (its noise floor does not). */
const SILENT = 1e-5;
const MIN_RUN_MS = 4_000;

/**
 * The microphone never produced a sound: only digital silence was sent, muted at the OS or device
 * level, or broken. Silence after the microphone had produced sound is a mute (`track.enabled =
 * false`), which trackMuted reports as what the app did.
 */
export default defineDetector({
  meta: {
    type: 'silentMicrophone',
    title: 'Silent microphone',
    severities: ['high'],
    tags: ['audio', 'peripheral', 'outbound'],
    category: 'streams',
    description:
      'The audio being sent had a level of exactly zero for the whole call (digital silence): the microphone never produced a sound. A working microphone always picks up some noise, so this means the device is muted in hardware or by the OS, the wrong input is selected, or the capture is broken. Silence after the microphone had produced sound is what a muted track sends (`track.enabled = false`): trackMuted reports it as what the app did, not as a fault.',
    remedy:
      'Check the selected input device, OS microphone permissions and mute switches; offer a microphone test before the call.',
    thresholds: [
      { name: 'silence', value: MIN_RUN_MS, unit: 'ms', source: SOURCES.jitsiNoAudio },
      {
        name: 'level',
        value: SILENT,
        unit: 'audioLevel',
        source: `${SOURCES.clientMonitor} (capture failure: RMS below 0.001)`,
      },
    ],
    related: ['constantMicrophoneVolume', 'getUserMediaNotReadable', 'trackMuted'],
  },
  applies: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'outbound' }).some(
      ({ stream }) => stream.series.audioLevel !== undefined,
    ),
  run: (session) =>
    flowingStreams(session, { kind: 'audio', direction: 'outbound' }).flatMap(({ pc, stream }) => {
      const level = stream.series.audioLevel;
      if (!level) return [];
      const t = stream.t;
      let runStart: number | undefined;
      let longest = 0;
      let firstAt: number | undefined;
      let measured = 0;
      let silent = 0;
      for (let i = activeFrom(stream); i < level.length; i++) {
        const v = level[i]!;
        if (!Number.isFinite(v)) continue;
        measured++;
        if (v <= SILENT) {
          silent++;
          runStart ??= t[i];
          const run = t[i]! - runStart!;
          if (run > longest) longest = run;
          if (run >= MIN_RUN_MS) firstAt ??= runStart;
        } else runStart = undefined;
      }
      const allSilent = measured > 0 && silent === measured;
      if (longest < MIN_RUN_MS || !allSilent) return [];
      return [
        {
          severity: 'high' as const,
          source: streamSource(pc, stream),
          firstSeenAt: firstAt,
          maxInMs: longest,
          durationInPercent: measured ? (100 * silent) / measured : undefined,
          indicators: {
            longestSilenceMs: longest,
            silentSamplesPercent: measured ? (100 * silent) / measured : null,
          },
          meaning: 'The microphone sent only digital silence for the whole call.',
        },
      ];
    }),
});
