import { defineDetector } from '../detector.js';
import { capturedDevices } from './device-labels.js';

const BLUETOOTH = /bluetooth|airpods|hands-?free|headset \(|\bbt\b|a2dp|hfp/i;
/** Chrome's "(vendor:product)" suffix: a USB device, whatever its name says ("Headset (… USB Headset)"). */
const USB_ID = /\([0-9a-f]{4}:[0-9a-f]{4}\)\s*$/i;

/** A Bluetooth audio device was used: narrowband hands-free profile and added latency. */
export default defineDetector({
  meta: {
    type: 'bluetoothDevice',
    title: 'Bluetooth device in use',
    severities: ['low'],
    tags: ['peripheral', 'audio'],
    category: 'devices',
    description:
      "The microphone was a Bluetooth device. Using a Bluetooth headset's microphone switches it to the hands-free profile: narrowband audio (8–16 kHz) for both directions, plus 100–200 ms of extra latency, and dropouts when the radio link is weak.",
    remedy:
      'Suggest the built-in or a wired microphone while keeping the Bluetooth headphones for output, where the OS allows it.',
    thresholds: [
      {
        name: 'device label',
        value: 'Bluetooth, AirPods, Hands-Free…',
        source: 'Bluetooth HFP/HSP profiles: narrowband voice',
      },
    ],
    related: ['usbDevice'],
  },
  applies: (session) => capturedDevices(session).some((d) => d.kind === 'audio'),
  run: (session) => {
    const device = capturedDevices(session).find(
      (d) => d.kind === 'audio' && BLUETOOTH.test(d.label) && !USB_ID.test(d.label),
    );
    if (!device) return [];
    return [
      {
        severity: 'low' as const,
        source: device.at !== undefined ? { timestamp: device.at } : {},
        firstSeenAt: device.at,
        property: device.label,
        indicators: { label: device.label },
        meaning: `The microphone "${device.label}" is a Bluetooth device.`,
      },
    ];
  },
});
