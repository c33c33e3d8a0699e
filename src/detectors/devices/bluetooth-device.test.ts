import { expect } from 'vitest';
import { clientSession, GUM, GUM_SUCCESS, track } from '../../../test/builders/devices.js';
import { mediaRequest, session } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './bluetooth-device.js';

/** A session that captured a microphone with this label. */
const microphone = (label: string) =>
  session({ mediaRequests: [mediaRequest({ tracks: [{ kind: 'audio', id: 'a1', label }] })] });

detectorCases(detector, {
  fires: [
    {
      name: 'recorded dump: AirPods as microphone',
      session: clientSession([
        { method: GUM, value: { audio: true, video: true }, id: '60-0', afterMs: 100 },
        {
          method: GUM_SUCCESS,
          value: [track('audio', 'a1', 'AirPods Pro'), track('video', 'v1', 'FaceTime HD Camera')],
          id: '60-0',
          afterMs: 300,
        },
      ]),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.property).toBe('AirPods Pro');
        expect(o!.firstSeenAt).toBe(1758602115670 + 400);
        expect(o!.meaning).toBe('The microphone "AirPods Pro" is a Bluetooth device.');
      },
    },
    {
      name: 'Windows hands-free endpoint',
      session: microphone('Headset (WH-1000XM4 Hands-Free AG Audio)'),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators).toEqual({ label: 'Headset (WH-1000XM4 Hands-Free AG Audio)' }),
    },
  ],
  quiet: [
    {
      name: 'real clean call (fake microphone)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    { name: 'real jitsi call with a USB headset', session: fixtureSession('jitsi/google-legacy-stats-p2p') },
    {
      name: 'a USB headset named "Headset (…)" carries a USB id',
      session: microphone('Headset (2- Logitech USB Headset H340) (046d:0a38)'),
    },
    { name: 'a built-in microphone', session: microphone('Default - MacBook Pro Microphone (Built-in)') },
  ],
  notApplicable: [
    { name: 'real camera-only capture', session: fixtureSession('rtcstats/internals-gumonly.gz') },
    {
      name: 'real data-channel-only call (no capture)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'failed microphone request',
      session: session({ mediaRequests: [mediaRequest({ outcome: 'failure', tracks: [] })] }),
    },
  ],
});
