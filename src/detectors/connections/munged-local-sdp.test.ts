import { expect } from 'vitest';
import {
  connects,
  editSdp,
  type LogEntry,
  logged,
  offerAnswer,
  offerSdp,
} from '../../../test/builders/connections.js';
import { connection, session, T0 } from '../../../test/builders/session.js';
import { detectorCases, fixtureSession } from '../../../test/support/detector-cases.js';
import detector from './munged-local-sdp.js';

/** The browser's offer, offering H264 (97) after VP8 (96). */
const created = editSdp(offerSdp(), (lines) =>
  lines.flatMap((l) => {
    if (l === 'm=video 9 UDP/TLS/RTP/SAVPF 96') return ['m=video 9 UDP/TLS/RTP/SAVPF 96 97'];
    if (l === 'a=rtcp-fb:96 nack pli')
      return [l, 'a=rtpmap:97 H264/90000', 'a=fmtp:97 profile-level-id=42e01f'];
    return [l];
  }),
);
/** H264 removed: the m= line and its rtpmap and fmtp lines. */
const withoutH264 = offerSdp();
/** Stereo Opus forced through fmtp: one line changed. */
const stereo = editSdp(created, (lines) =>
  lines.map((l) => (l.startsWith('a=fmtp:111 ') ? 'a=fmtp:111 minptime=10;useinbandfec=1;stereo=1' : l)),
);
/** H264 preferred by reordering the payload types. */
const h264First = editSdp(created, (lines) =>
  lines.map((l) => (l === 'm=video 9 UDP/TLS/RTP/SAVPF 96 97' ? 'm=video 9 UDP/TLS/RTP/SAVPF 97 96' : l)),
);

/** A connected call whose offers (created as `created`) were applied as `applied`, one per 10 s. */
const applying = (...applied: string[]) =>
  session({
    connections: [
      connection(
        logged([
          ...applied.flatMap((a, i): LogEntry[] => offerAnswer(i * 10_000, { created, applied: a })),
          ...connects(150),
        ]),
      ),
    ],
  });

detectorCases(detector, {
  fires: [
    {
      name: 'a codec removed from the offer is medium',
      session: applying(withoutH264),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(4);
        expect(o!.firstSeenAt).toBe(T0 + 6);
        expect(o!.indicators).toEqual({
          linesRemoved: 3,
          linesAdded: 1,
          mediaRemoved: true,
          mungedDescriptions: 1,
          example: 'm=video 9 UDP/TLS/RTP/SAVPF 96 97',
        });
        expect(o!.meaning).toBe(
          'The application changed the offer SDP before applying it on pc1 (3 line(s) removed, 1 added, media or codecs among them).',
        );
      },
    },
    {
      name: 'a changed fmtp line is low',
      session: applying(stereo),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.valueInCount).toBe(2);
        expect(o!.indicators).toMatchObject({ linesRemoved: 1, linesAdded: 1, mediaRemoved: false });
      },
    },
    {
      name: 'the most harmful of several edits is reported',
      session: applying(stereo, withoutH264),
      severities: ['medium'],
      check: ([o]) => {
        expect(o!.firstSeenAt).toBe(T0 + 10_006);
        expect(o!.indicators).toMatchObject({ mungedDescriptions: 2, mediaRemoved: true });
        expect(o!.meaning).toContain('; 2 descriptions were changed.');
      },
    },
    {
      name: 'real jitsi answer with ssrc lines added is low',
      session: fixtureSession('jitsi/google-standard-stats-sfu'),
      severities: ['low'],
      check: ([o]) => {
        expect(o!.indicators).toMatchObject({ linesRemoved: 1, linesAdded: 12, mediaRemoved: false });
      },
    },
    {
      name: 'real jitsi Firefox answers, one with VP9 removed (medium)',
      session: fixtureSession('jitsi/firefox-relay-p2p'),
      severities: ['low', 'medium'],
      check: (observations) => {
        const vp9 = observations.find((o) => o.source?.pid === 'PC_1')!;
        expect(vp9.severity).toBe('medium');
        expect(vp9.indicators).toMatchObject({ linesRemoved: 11, linesAdded: 2, mungedDescriptions: 2 });
      },
    },
  ],
  quiet: [
    { name: 'offer applied as created', session: applying(created) },
    { name: 'payload types only reordered (mungedReorderedLinesInLocalSdp)', session: applying(h264First) },
    { name: 'real clean call', session: fixtureSession('chromium156/clean/webrtc_internals_dump.txt') },
  ],
  notApplicable: [
    { name: 'no created and applied description (built)', session: session() },
    { name: 'real jitsi dump without SDP', session: fixtureSession('jitsi/chrome-standard-pc-failed') },
  ],
});
