import { expect } from 'vitest';
import { connects, type LogEntry, logged, offerAnswer } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import { wholeSecondSession } from '../../../test/support/whole-seconds.js';
import detector from './high-signaling-time.js';

/** A call whose log holds `entries` (negotiations) and connects at 150 ms. */
const negotiating = (entries: LogEntry[]) =>
  session({ connections: [connection(logged([...entries, ...connects(150)]))] });

detectorCases(detector, {
  fires: [
    {
      name: 'real jitsi calls whose first offers took 1.6 s and 1.1 s are low',
      session: fixtureSession('jitsi/chrome-standard-multiple-p2p'),
      severities: ['low', 'low'],
      check: (observations) => {
        const byPc = Object.fromEntries(observations.map((o) => [o.source?.pid, o.maxInMs]));
        expect(byPc).toEqual({ PC_0: 1576, PC_4: 1123 });
      },
    },
    {
      name: 'the slowest of two exchanges, 4 s, is medium',
      session: negotiating([
        ...offerAnswer(0, { durationMs: 200 }),
        ...offerAnswer(5000, { durationMs: 4000 }),
      ]),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.maxInMs).toBe(4000);
        expect(o!.firstSeenAt).toBe(T0 + 5000);
        expect(o!.indicators).toEqual({ maxNegotiationMs: 4000, negotiations: 2, initiator: 'local' });
        expect(o!.meaning).toBe('A local offer/answer exchange on pc1 took 4000 ms.');
      },
    },
    {
      name: 'a 12 s remote offer/answer is high',
      session: negotiating([
        [0, 'setRemoteDescription', { type: 'offer', sdp: 'v=0\r\n' }],
        [1, 'onsignalingstatechange', 'have-remote-offer'],
        [12_000, 'onsignalingstatechange', 'stable'],
      ]),
      severities: ['high'],
      check: ([o]) => {
        expect(o!.maxInMs).toBe(12_000);
        expect(o!.indicators!.initiator).toBe('remote');
        expect(o!.meaning).toBe('A remote offer/answer exchange on pc1 took 12 s.');
      },
    },
    {
      name: 'a whole-second log: an exchange recorded as 3 s took 2-4 s, judged on 2 s',
      session: session({
        connections: [
          connection(
            logged(
              [...offerAnswer(0, { durationMs: 3000 }), ...connects(4000)].map(
                ([at, type, value]) => [Math.floor(at / 1000) * 1000, type, value] as LogEntry,
              ),
            ),
          ),
        ],
      }),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.maxInMs).toBe(2000);
        expect(o!.indicators).toMatchObject({ maxNegotiationMs: 2000, atMostMs: 4000 });
        expect(o!.meaning).toBe(
          'A local offer/answer exchange on pc1 took 2–4 s (the log records whole seconds).',
        );
      },
    },
  ],
  quiet: [
    { name: 'answered in 900 ms, under 1 s', session: negotiating(offerAnswer(0, { durationMs: 900 })) },
    {
      // The offer/answer took 5 ms across a second boundary: 1000 ms in a whole-second log.
      name: 'real call whose log records whole seconds: a 1000 ms exchange may have taken 1 ms',
      session: wholeSecondSession('chromium156/mute/webrtc_internals_dump.txt'),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    {
      name: 'an offer never answered has no duration',
      session: negotiating([
        [0, 'createOffer', {}],
        [7, 'onsignalingstatechange', 'have-local-offer'],
      ]),
    },
    { name: 'real getUserMedia-only dump', session: fixtureSession('rtcstats/internals-gumonly.gz') },
  ],
});
