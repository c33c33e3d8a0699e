import { expect } from 'vitest';
import { connects, editSdp, logged, offerAnswer, offerSdp } from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './munged-reordered-lines-in-local-sdp.js';

/** The browser's offer, offering H264 (97) after VP8 (96). */
const created = editSdp(offerSdp(), (lines) =>
  lines.flatMap((l) => {
    if (l === 'm=video 9 UDP/TLS/RTP/SAVPF 96') return ['m=video 9 UDP/TLS/RTP/SAVPF 96 97'];
    if (l === 'a=rtcp-fb:96 nack pli') return [l, 'a=rtpmap:97 H264/90000'];
    return [l];
  }),
);

/** Moves the first line equal to `line` to the end of the SDP. */
const moveToEnd = (line: string) => (lines: string[]) => {
  const i = lines.indexOf(line);
  return [...lines.slice(0, i), ...lines.slice(i + 1), line];
};

/** A connected call whose offer was applied as `applied`. */
const applying = (applied: string) =>
  session({ connections: [connection(logged([...offerAnswer(0, { created, applied }), ...connects(150)]))] });

detectorCases(detector, {
  fires: [
    {
      name: 'H264 preferred by reordering the payload types of the m= line',
      session: applying(
        editSdp(created, (lines) =>
          lines.map((l) =>
            l === 'm=video 9 UDP/TLS/RTP/SAVPF 96 97' ? 'm=video 9 UDP/TLS/RTP/SAVPF 97 96' : l,
          ),
        ),
      ),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(1);
        expect(o!.firstSeenAt).toBe(T0 + 6);
        expect(o!.indicators).toEqual({ reorderedLines: 1 });
        expect(o!.meaning).toBe(
          'The application reordered 1 line(s) of the local SDP on pc1 before applying it.',
        );
      },
    },
    {
      name: 'one line moved far counts once, not once per shifted line',
      session: applying(editSdp(created, moveToEnd('a=group:BUNDLE 0 1'))),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInCount).toBe(1),
    },
    {
      name: 'two moved lines beside an added one: only the moves count',
      session: applying(
        editSdp(created, (lines) => [
          ...moveToEnd('a=rtpmap:97 H264/90000')(moveToEnd('s=-')(lines)),
          'a=extra',
        ]),
      ),
      severities: ['low'],
      check: ([o]) => expect(o!.valueInCount).toBe(2),
    },
    {
      name: 'real jitsi offers and answers rewritten by sdp-transform',
      session: fixtureSession('jitsi/google-legacy-screenshare-msessions'),
      severities: ['low', 'low'],
      check: (observations) => {
        // The fewest lines to move back: whole attribute blocks were moved within each section.
        const byPc = Object.fromEntries(observations.map((o) => [o.source?.pid, o.valueInCount]));
        expect(byPc).toEqual({ PC_0: 66, PC_1: 27 });
      },
    },
  ],
  quiet: [
    { name: 'offer applied as created', session: applying(created) },
    {
      name: 'lines only added at the end of a section (mungedLocalSdp)',
      session: applying(editSdp(created, (lines) => [...lines, 'a=ssrc:3333 msid:stream0 track0'])),
    },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'no created and applied description (built)', session: session() },
    { name: 'real jitsi dump without SDP', session: fixtureSession('jitsi/chrome-standard-pc-failed') },
  ],
});
