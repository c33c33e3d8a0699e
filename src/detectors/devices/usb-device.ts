import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { capturedDevices } from './device-labels.js';

/** Chrome appends "(vendor:product)" USB ids to external device labels. */
const USB = /\(([0-9a-f]{4}):([0-9a-f]{4})\)\s*$/i;

export default defineDetector({
  meta: {
    type: 'usbDevice',
    title: 'USB device in use',
    severities: ['info'],
    tags: ['peripheral'],
    category: 'devices',
    description:
      'A camera or microphone was an external USB device (its label carries a USB vendor:product id). Useful to correlate problems with specific hardware models.',
    remedy:
      'Nothing to do; look the vendor and product ids up when a model keeps appearing in problem calls.',
    thresholds: [
      {
        name: 'device label',
        value: '(vvvv:pppp)',
        source: `${SOURCES.rtcstatsFeatures} (audio/video device USB ids)`,
      },
    ],
    related: ['bluetoothDevice'],
  },
  applies: (session) => capturedDevices(session).length > 0,
  run: (session) => {
    // One finding per device: "Default - Mic (…) (vvvv:pppp)" and "Mic (…) (vvvv:pppp)" are one device.
    const seen = new Set<string>();
    return capturedDevices(session).flatMap((d) => {
      const m = USB.exec(d.label);
      if (!m) return [];
      const usbId = `${m[1]}:${m[2]}`;
      if (seen.has(`${d.kind} ${usbId}`)) return [];
      seen.add(`${d.kind} ${usbId}`);
      return [
        {
          severity: 'info' as const,
          source: d.at !== undefined ? { timestamp: d.at } : {},
          firstSeenAt: d.at,
          property: d.label,
          indicators: { kind: d.kind, label: d.label, usbId },
          meaning: `The ${d.kind === 'audio' ? 'microphone' : 'camera'} "${d.label}" is a USB device (${usbId}).`,
        },
      ];
    });
  },
});
