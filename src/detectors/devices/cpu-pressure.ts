import { type Detector, defineDetector } from '../detector.js';
import { pct, severitySteps, stepSeverity } from '../severity.js';

const UNIT = '% of samples serious or critical';
const SOURCE = 'W3C Compute Pressure API states (nominal, fair, serious, critical), recorded by rtcstats-js';

/** The device reported serious or critical CPU pressure (Compute Pressure API, via rtcstats-js). */
const detector: Detector = defineDetector({
  meta: {
    type: 'cpuPressure',
    title: 'CPU pressure',
    severities: ['high', 'medium', 'low'],
    tags: ['cpu'],
    category: 'devices',
    description:
      'The device reported its CPU under serious or critical pressure (Compute Pressure API) for part of the call. Encoding and decoding compete with everything else: expect CPU-limited resolution, dropped frames and audio glitches.',
    remedy:
      'Reduce the load of the call (resolution, number of video streams, effects like background blur) on devices under pressure; close other heavy apps.',
    thresholds: [
      { name: 'high', value: 30, unit: UNIT, source: SOURCE },
      { name: 'medium', value: 10, unit: UNIT, source: SOURCE },
      { name: 'low', value: 2, unit: UNIT, source: SOURCE },
    ],
    related: ['cpuLimitation', 'framesDropped'],
    family: 'device',
    explains: [
      'cpuLimitation',
      'framesDropped',
      'highEncodeTime',
      'highDecodeTime',
      'lowFrameRate',
      'resolutionDrop',
    ],
  },
  applies: (session) => session.connections.some((pc) => pc.cpuPressure !== undefined),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const p = pc.cpuPressure;
      if (!p) return [];
      const stressed = p.state.filter((s) => s <= 2).length;
      const share = stressed / p.state.length;
      const severity = stepSeverity(share, STEPS);
      if (!severity) return [];
      const firstAt = p.t[p.state.findIndex((s) => s <= 2)];
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: firstAt,
          durationInPercent: share * 100,
          indicators: { stressedPercent: share * 100, critical: p.state.filter((s) => s === 1).length },
          meaning: `The CPU was under serious or critical pressure ${pct(share * 100, 0)} of the time.`,
        },
      ];
    }),
});

/** The steps run() applies are the severity thresholds of the meta, as shares of the samples. */
const STEPS = severitySteps(detector.meta.thresholds, 100);

export default detector;
