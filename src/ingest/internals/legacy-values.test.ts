import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../../test/support/hang-bound.js';
import { parseCandidateText, parseOptionsText, parseTransceiverText } from './legacy-values.js';

describe('legacy webrtc-internals values', () => {
  it('reads candidate, options and transceiver texts', () => {
    expect(
      parseCandidateText(
        'sdpMid: 0, sdpMLineIndex: 0, candidate: candidate:1 1 udp 1 10.0.0.1 5000 typ host, url: stun:s.example',
      ),
    ).toEqual({
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
      url: 'stun:s.example',
    });
    expect(parseCandidateText('sdpMid:  , sdpMLineIndex: null, candidate: ')).toEqual({
      sdpMid: null,
      sdpMLineIndex: null,
      candidate: '',
    });
    expect(parseOptionsText('options: {offerToReceiveVideo: 1, iceRestart: false}')).toEqual({
      offerToReceiveVideo: 1,
      iceRestart: false,
    });
    expect(
      parseTransceiverText(
        "Caused by: addTrack\n\ngetTransceivers()[0]:{\n  mid:null,\n  kind:'audio',\n  sender:{\n    track:'t1',\n    streams:['s1'],\n  },\n  receiver:{\n    track:'t2',\n    streams:[],\n  },\n  direction:'sendrecv',\n  currentDirection:null,\n}",
      ),
    ).toEqual({
      reason: 'addTrack',
      transceiverIndex: 0,
      mid: null,
      kind: 'audio',
      direction: 'sendrecv',
      currentDirection: null,
      sender: { track: 't1', streams: ['s1'] },
      receiver: { track: 't2', streams: [] },
    });
  });

  // These texts come from the dump: no pattern may try every start of them (seconds for 100 kB).
  it.each([
    ['a candidate whose mid is a run of spaces', () => parseCandidateText(`sdpMid:${' '.repeat(300_000)}`)],
    [
      'a candidate of white space before a last word',
      () => parseCandidateText(`sdpMid: 0, sdpMLineIndex: 0, candidate: a${' \t'.repeat(150_000)}x`),
    ],
    [
      'a candidate of many url: without a value',
      () => parseCandidateText(`sdpMid: 0, sdpMLineIndex: 0, candidate: a${', url: '.repeat(40_000)}x y`),
    ],
    ['options of many {', () => parseOptionsText('{'.repeat(300_000))],
    ['a transceiver of many sender:{', () => parseTransceiverText(`mid:0 ${'sender:{'.repeat(37_500)}`)],
    [
      'a transceiver block of many streams:[',
      () => parseTransceiverText(`mid:0 sender:{${'streams:['.repeat(60_000)}}`),
    ],
  ])('reads %s in linear time', (_name, parse) => {
    withinHangBound(parse);
  });
});

/** The candidate pattern before it was cut by hand: quadratic on long texts, exact on short ones. */
const OLD_CANDIDATE =
  /^sdpMid:\s*([^,\s][^,]*|),\s*sdpMLineIndex:\s*(-?\d+|null)?,\s*candidate:\s*(.*?)(?:,\s*url:\s*([^,\s]*))?(?:,\s*relayProtocol:\s*(\w*))?\s*$/s;

describe('parseCandidateText', () => {
  const pieces = [
    ', url: ',
    ', relayProtocol: ',
    'stun:s.example',
    'udp',
    ',',
    ' ',
    '\t',
    '\n',
    'x',
    'candidate:1',
  ];
  const text = fc
    .array(fc.constantFrom(...pieces), { maxLength: 10 })
    .map((parts) => `sdpMid: 0, sdpMLineIndex: 0, candidate: ${parts.join('')}`);

  it('reads what the old pattern read, on texts made of the pieces that matter', () => {
    fc.assert(
      fc.property(text, (t) => {
        const m = OLD_CANDIDATE.exec(t)!;
        expect(parseCandidateText(t)).toEqual({
          sdpMid: '0',
          sdpMLineIndex: 0,
          candidate: m[3]!.trim(),
          ...(m[4] ? { url: m[4] } : {}),
          ...(m[5] ? { relayProtocol: m[5] } : {}),
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the url and relay protocol off the end of the candidate', () => {
    expect(
      parseCandidateText(
        'sdpMid: 0, sdpMLineIndex: 0, candidate: candidate:1 1 udp 1 1.2.3.4 5 typ relay, url: turn:t.example, relayProtocol: tls ',
      ),
    ).toEqual({
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: 'candidate:1 1 udp 1 1.2.3.4 5 typ relay',
      url: 'turn:t.example',
      relayProtocol: 'tls',
    });
  });
});
