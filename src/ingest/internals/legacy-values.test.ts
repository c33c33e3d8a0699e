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
