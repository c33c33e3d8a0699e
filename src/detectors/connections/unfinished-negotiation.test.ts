import { expect } from 'vitest';
import { connectedCall, logged } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './unfinished-negotiation.js';

/** A connected call that made a second offer at 10 s, never answered; `media` says whether packets flowed. */
const unanswered = (media: boolean) =>
  session({
    connections: [
      connection({
        ...logged([
          ...connectedCall(),
          [10_000, 'createOffer', {}],
          [10_007, 'onsignalingstatechange', 'have-local-offer'],
        ]),
        ...(media ? {} : { streams: [] }),
      }),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'a renegotiation left unanswered on a call that carried media is low',
      session: unanswered(true),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 10_007);
        expect(o!.indicators).toEqual({ signalingState: 'have-local-offer', negotiations: 2 });
        expect(o!.meaning).toBe(
          'Connection pc1 ended in signaling state have-local-offer: the last negotiation never completed.',
        );
      },
    },
    {
      name: 'an unanswered offer on a connection that never carried media is medium',
      session: unanswered(false),
      severities: ['medium'],
    },
    {
      name: 'real jitsi peer-to-peer call left in have-remote-offer (media flowed) is low',
      session: fixtureSession('jitsi/chrome96-standard-stats-p2p-add-transceiver'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.source).toMatchObject({ pid: 'PC_1' });
        expect(o!.indicators).toEqual({ signalingState: 'have-remote-offer', negotiations: 5 });
      },
    },
    {
      name: 'real jitsi connection closed while its offer waited (no media) is medium',
      session: fixtureSession('jitsi/google-legacy-stats-sfu'),
      severities: ['medium'],
      check: ([o]) => expect(o!.indicators).toEqual({ signalingState: 'have-local-offer', negotiations: 1 }),
    },
  ],
  quiet: [
    {
      name: 'every offer answered',
      session: session({ connections: [connection(logged(connectedCall()))] }),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'no signaling state logged', session: session({ connections: [connection(logged([]))] }) },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
