import { expect } from 'vitest';
import { clientSession, GUM, GUM_SUCCESS, track } from '../../../test/builders/devices.js';
import { connection, mediaRequest, session, stream, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './aec-disabled.js';

/** A call receiving audio whose microphone was opened with the given audio constraints. */
const callWithMic = (audio: unknown) => session({ mediaRequests: [mediaRequest({ audio })] });

detectorCases(detector, {
  fires: [
    {
      name: 'echoCancellation: false in a call that received audio is medium',
      session: callWithMic({ echoCancellation: false, noiseSuppression: true }),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ twoWayAudio: true });
        expect(o!.source.timestamp).toBe(T0 - 2000);
        expect(o!.meaning).toBe(
          'The microphone was opened with echo cancellation off in a call that also received audio.',
        );
      },
    },
    {
      name: 'legacy goog constraint in the optional list',
      session: callWithMic({ optional: [{ sourceId: 'default' }, { googEchoCancellation: false }] }),
      severities: ['medium'],
    },
    {
      name: 'recorded dump, exact false, no connection: low',
      session: clientSession([
        { method: GUM, value: { audio: { echoCancellation: { exact: false } } }, id: '60-0', afterMs: 100 },
        { method: GUM_SUCCESS, value: [track('audio', 'a1', 'Default')], id: '60-0', afterMs: 80 },
      ]),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toEqual({ twoWayAudio: false });
        expect(o!.meaning).toBe('The microphone was opened with echo cancellation off.');
      },
    },
    {
      name: 'inbound audio stream without packets is not two-way: low',
      session: session({
        mediaRequests: [mediaRequest({ audio: { echoCancellation: { ideal: false } } })],
        connections: [
          connection({
            streams: [stream({ kind: 'audio', direction: 'inbound', totals: { packets: 0 } })],
          }),
        ],
      }),
      severities: ['low'],
    },
  ],
  quiet: [
    {
      name: 'real clean call (audio: true)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real jitsi call with legacy goog constraints, echo cancellation on',
      session: fixtureSession('jitsi/google-legacy-stats-p2p'),
    },
    { name: 'echoCancellation required on', session: callWithMic({ echoCancellation: { exact: true } }) },
  ],
  notApplicable: [
    { name: 'real camera-only request', session: fixtureSession('rtcstats/rtcstats-gumonly.jsonl') },
    {
      name: 'real data-channel-only call (no media request)',
      session: fixtureSession('chromium156/datachannel-only/webrtc_internals_dump.txt'),
    },
    {
      name: 'screen capture with audio (not a microphone)',
      session: session({
        mediaRequests: [mediaRequest({ api: 'getDisplayMedia', audio: true, video: true })],
      }),
    },
  ],
});
