import { expect } from 'vitest';
import { connects, editSdp, logged, offerAnswer, offerSdp } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './duplicated-lines-in-local-sdp.js';

/** A connected call whose application applied `applied` instead of the offer the browser created. */
const applying = (applied: string) =>
  session({ connections: [connection(logged([...offerAnswer(0, { applied }), ...connects(150)]))] });

/** Repeats `line` where it occurs. */
const repeat = (line: string) => (lines: string[]) => lines.flatMap((l) => (l === line ? [l, l] : [l]));

detectorCases(detector, {
  fires: [
    {
      name: 'the applied offer repeats a line within one section',
      session: applying(editSdp(offerSdp(), repeat('a=rtpmap:111 opus/48000/2'))),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.firstSeenAt).toBe(T0 + 6);
        expect(o!.indicators).toEqual({
          duplicatedLines: 1,
          example: 'a=rtpmap:111 opus/48000/2',
          description: 'setLocalDescription',
        });
        expect(o!.meaning).toBe('The local SDP of pc1 repeats 1 line(s), e.g. "a=rtpmap:111 opus/48000/2".');
      },
    },
    {
      name: 'two repeated lines are counted',
      session: applying(
        editSdp(editSdp(offerSdp(), repeat('a=rtcp-fb:96 nack')), repeat('a=ssrc:1111 cname:synthetic')),
      ),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInCount).toBe(2),
    },
  ],
  quiet: [
    {
      name: 'offer as created: a=rtcp-mux and the ICE lines in each section are no repeats',
      session: applying(offerSdp()),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'no description in the log (built)', session: session() },
    { name: 'real jitsi dump without SDP', session: fixtureSession('jitsi/chrome-standard-pc-failed') },
  ],
});
