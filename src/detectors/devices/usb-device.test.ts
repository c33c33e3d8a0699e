import { expect } from 'vitest';
import { mediaRequest, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './usb-device.js';

/** A session that captured these devices, in one request. */
const captured = (...tracks: { kind: string; label: string }[]) =>
  session({ mediaRequests: [mediaRequest({ tracks: tracks.map((t, i) => ({ ...t, id: `t${i}` })) })] });

detectorCases(detector, {
  fires: [
    {
      name: 'real webrtc-internals capture from a USB camera',
      session: fixtureSession('rtcstats/internals-gumonly.gz'),
      severities: ['info'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({
          kind: 'video',
          label: 'Logitech BRIO (046d:085e)',
          usbId: '046d:085e',
        });
        expect(o!.firstSeenAt).toBe(1758566127726);
        expect(o!.meaning).toBe('The camera "Logitech BRIO (046d:085e)" is a USB device (046d:085e).');
      },
    },
    {
      name: 'real jitsi call: the USB microphone captured twice is reported once',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
      severities: ['info'],
      check: ([o]) => expect(o!.indicators).toMatchObject({ kind: 'audio', usbId: '2516:0113' }),
    },
    {
      name: 'real jitsi call: USB headset and USB camera',
      session: fixtureSession('jitsi/google-legacy-stats-p2p'),
      severities: ['info', 'info'],
      check: (os) => expect(os.map((o) => o.indicators.usbId)).toEqual(['1532:0520', '045e:0779']),
    },
    {
      name: 'the default alias and the device itself are one device',
      session: captured(
        { kind: 'audio', label: 'Default - Microphone (Jabra Evolve 40) (0b0e:0305)' },
        { kind: 'audio', label: 'Microphone (Jabra Evolve 40) (0b0e:0305)' },
      ),
      severities: ['info'],
    },
  ],
  quiet: [
    {
      name: 'real clean call (fake devices)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'a built-in camera', session: captured({ kind: 'video', label: 'FaceTime HD Camera' }) },
  ],
  notApplicable: [
    {
      name: 'real rtcstats capture without labels',
      session: fixtureSession('rtcstats/rtcstats-gumonly.jsonl'),
    },
    {
      name: 'real data-channel-only call (no capture)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
  ],
});
