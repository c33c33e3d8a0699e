import { expect } from 'vitest';
import {
  type ClientRecord,
  clientSession,
  GUM,
  GUM_SUCCESS,
  GUMONLY_START,
  TRACK_ENDED,
  TRACK_STOP,
  track,
} from '../../../test/builders/devices.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './short-lived-track.js';

/** Microphone and camera obtained 300 ms after the dump's first record + 100 ms. */
const CAPTURE: ClientRecord[] = [
  { method: GUM, value: { audio: true, video: true }, id: '60-0', afterMs: 100 },
  {
    method: GUM_SUCCESS,
    value: [track('audio', 'a1', 'Default'), track('video', 'v1', 'Integrated Camera')],
    id: '60-0',
    afterMs: 300,
  },
];
const OBTAINED_AT = GUMONLY_START + 400;

/** The capture, then one track event `afterMs` after it. */
const thenTrack = (method: number, id: string, afterMs: number) =>
  clientSession([...CAPTURE, { method, value: id, id: '60-0', afterMs }]);

detectorCases(detector, {
  fires: [
    {
      name: 'the camera ended 250 ms after it was obtained',
      session: thenTrack(TRACK_ENDED, 'v1', 250),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(250);
        expect(o!.firstSeenAt).toBe(OBTAINED_AT + 250);
        expect(o!.source.timestamp).toBe(OBTAINED_AT + 250);
        expect(o!.indicators).toEqual({ kind: 'video', lifetimeMs: 250 });
        expect(o!.meaning).toBe('A video track ended 250 ms after it was obtained.');
      },
    },
    {
      name: 'the microphone ended just under a second after',
      session: thenTrack(TRACK_ENDED, 'a1', 999),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators).toEqual({ kind: 'audio', lifetimeMs: 999 }),
    },
  ],
  quiet: [
    { name: 'ended after exactly one second', session: thenTrack(TRACK_ENDED, 'a1', 1000) },
    {
      name: 'the app stopped the track at once (permission probe)',
      session: thenTrack(TRACK_STOP, 'v1', 200),
    },
    { name: 'an unknown track ended', session: thenTrack(TRACK_ENDED, 'remote-3', 100) },
  ],
  notApplicable: [
    {
      name: 'real clean call (no track events recorded)',
      session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt'),
    },
    {
      name: 'real rtcstats capture without track events',
      session: fixtureSession('rtcstats/rtcstats-gumonly.jsonl'),
    },
    {
      name: 'track event without any capture',
      session: clientSession([{ method: TRACK_ENDED, value: 'v1', afterMs: 100 }]),
    },
  ],
});
