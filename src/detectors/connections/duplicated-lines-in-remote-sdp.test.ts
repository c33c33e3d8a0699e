import { expect } from 'vitest';
import { answerSdp, connects, editSdp, logged, offerAnswer } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './duplicated-lines-in-remote-sdp.js';

/** A connected call answered with `answer`. */
const answered = (answer: string) =>
  session({ connections: [connection(logged([...offerAnswer(0, { answer }), ...connects(150)]))] });

/** Repeats `line` where it occurs. */
const repeat = (line: string) => (lines: string[]) => lines.flatMap((l) => (l === line ? [l, l] : [l]));

detectorCases(detector, {
  fires: [
    {
      name: 'the remote answer repeats an ssrc line',
      session: answered(editSdp(answerSdp(), repeat('a=ssrc:4444 cname:synthetic'))),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.firstSeenAt).toBe(T0 + 99);
        expect(o!.indicators).toEqual({
          duplicatedLines: 1,
          example: 'a=ssrc:4444 cname:synthetic',
          description: 'setRemoteDescription',
        });
        expect(o!.meaning).toBe(
          'The remote SDP of pc1 repeats 1 line(s), e.g. "a=ssrc:4444 cname:synthetic".',
        );
      },
    },
    {
      name: 'a repeated session-level line counts too',
      session: answered(editSdp(answerSdp(), repeat('a=msid-semantic: WMS stream0'))),
      severities: ['low'],
      check: ([o]) => expect(o!.indicators!.example).toBe('a=msid-semantic: WMS stream0'),
    },
  ],
  quiet: [
    { name: 'answer as a browser writes it (same lines in each section)', session: answered(answerSdp()) },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
    {
      name: 'real jitsi call through a media server',
      session: fixtureSession('jitsi/google-standard-stats-sfu'),
    },
  ],
  notApplicable: [
    { name: 'no description in the log (built)', session: session() },
    { name: 'real jitsi dump without SDP', session: fixtureSession('jitsi/chrome-standard-pc-failed') },
  ],
});
