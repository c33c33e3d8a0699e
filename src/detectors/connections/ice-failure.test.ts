import { expect } from 'vitest';
import { both, connectedCall, connects, logged, offerAnswer } from '../../../test/builders/connections.js';
import { connection, ice, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './ice-failure.js';

detectorCases(detector, {
  fires: [
    {
      name: 'real call with all UDP dropped (webrtc-internals)',
      session: fixtureSession('chromium156/ice-fail/webrtc_internals_dump.txt'),
      severities: ['critical'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: '8-1' });
        expect(o!.durationInMs).toBeCloseTo(15_404.8, 1);
        expect(o!.indicators).toEqual({
          candidatePairs: 1,
          stunRequestsSent: 241,
          stunResponsesReceived: 0,
          localCandidates: 4,
          remoteCandidates: 1,
        });
        expect(o!.meaning).toBe(
          'Connection 8-1 failed without connecting: 1 candidate pair(s) tried, 0 of 241 connectivity checks answered.',
        );
      },
    },
    {
      name: 'the same call recorded by the rtcstats client',
      session: fixtureSession('chromium156/ice-fail/rtcstats_dump.caller.txt'),
      severities: ['critical'],
      check: ([o]) => {
        expect(o!.durationInMs).toBe(15_415);
        expect(o!.indicators).toMatchObject({ stunRequestsSent: 241, stunResponsesReceived: 0 });
      },
    },
    {
      // Data-channel-only probes (STUN user "discoverip-pct") beside the bridge connection, which
      // carried the call until it was lost: medium, the call did not fail because of them.
      name: 'real jitsi dump: both network-test connections failed beside the bridge one',
      session: fixtureSession('jitsi/chrome-standard-pc-failed'),
      severities: ['medium', 'medium'],
      check: (observations) =>
        expect(observations.map((o) => o.source?.pid).sort()).toEqual(['PC_1', 'PC_2']),
    },
    {
      name: 'real jitsi dump: four media-less network probes failed while two connections carried the call',
      session: fixtureSession('jitsi/chrome-standard-multiple-p2p'),
      // STUN-only connections to a network-test service, with no track and no media section.
      severities: ['medium', 'medium', 'medium', 'medium'],
      check: (observations) => {
        expect(observations.map((o) => o.source?.pid).sort()).toEqual(['PC_1', 'PC_2', 'PC_5', 'PC_6']);
        for (const o of observations)
          expect(o.meaning).toMatch(/\. It had no audio or video; PC_\d carried the call\.$/);
      },
    },
    {
      name: 'failed before any candidate pair was formed',
      session: session({
        connections: [
          connection({
            ...logged([...offerAnswer(0), ...connects(150).slice(0, 2), ...both(15_150, 'failed')]),
            ice: ice({ pairs: [], selected: [] }),
          }),
        ],
      }),
      severities: ['critical'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 15_150);
        expect(o!.durationInMs).toBe(15_150);
        expect(o!.meaning).toBe(
          'Connection pc1 failed without connecting: no candidate pair was even formed.',
        );
      },
    },
  ],
  quiet: [
    {
      name: 'connected, then failed (a lost connection, not a setup failure)',
      session: session({
        connections: [connection(logged([...connectedCall(), ...both(20_000, 'failed')]))],
      }),
    },
    {
      name: 'real call whose ICE connected but DTLS did not',
      session: fixtureSession('jitsi/undefined-ice-candidate'),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'no ICE or connection state logged',
      session: session({ connections: [connection(logged(offerAnswer(0)))] }),
    },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
