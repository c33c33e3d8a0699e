import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import { parseSdp } from './sdp.js';

const sdp = (...rtpmaps: string[]) =>
  ['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', ...rtpmaps.map((r) => `a=rtpmap:${r}`), ''].join('\r\n');

const codecs = (text: string) => parseSdp(text).sections[0]?.codecs;

describe('parseSdp rtpmap', () => {
  it('reads payload type, name, clock rate and channels', () => {
    expect(codecs(sdp('111 opus/48000/2', '96  VP8/90000'))).toEqual([
      { payloadType: 111, name: 'opus', clockRate: 48000, channels: 2 },
      { payloadType: 96, name: 'VP8', clockRate: 90000 },
    ]);
  });

  it('keeps reading the odd lines as before: spaces right before the slash, no name at all', () => {
    expect(codecs(sdp('97  /90000', '98 /90000', '99 opus'))).toEqual([
      { payloadType: 97, name: ' ', clockRate: 90000 },
    ]);
  });

  // A dump chooses its SDP: a long line of spaces must not hold the analysis for minutes.
  it.each([
    ['spaces', ' '.repeat(300_000)],
    ['spaces, then a name without a rate', `${' '.repeat(300_000)}x/y`],
  ])('reads an rtpmap line of %s in linear time', (_name, tail) => {
    const text = sdp(`111${tail}`);
    expect(withinHangBound(() => codecs(text))).toEqual([]);
  });
});

describe('parseSdp fmtp', () => {
  const opus = (...lines: string[]) =>
    ['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=rtpmap:111 opus/48000/2', ...lines, ''].join('\r\n');
  const fmtp = (line: string) => parseSdp(opus(line)).sections[0]?.codecs[0]?.fmtp;

  it('reads the parameters after the payload type, and none when they hold a line break', () => {
    expect(fmtp('a=fmtp:111 minptime=10;useinbandfec=1')).toBe('minptime=10;useinbandfec=1');
    expect(fmtp('a=fmtp:111 \t minptime=10')).toBe('minptime=10');
    expect(fmtp('a=fmtp:111 ')).toBe('');
    expect(fmtp('a=fmtp:111')).toBeUndefined();
    expect(fmtp('a=fmtp:111 minptime=10\ruseinbandfec=1')).toBeUndefined();
    expect(fmtp('a=fmtp:112 minptime=10')).toBeUndefined();
  });

  // Lines are split at \n only: a lone \r stays inside one, after as much white space as a dump likes.
  it.each([
    ['spaces, a word and a lone \\r', `${' '.repeat(300_000)}x\ry`],
    ['tabs, a character and a lone \\r', `${'\t'.repeat(300_000)}\0\r`],
  ])('reads an fmtp line of %s in linear time', (_name, tail) => {
    const text = opus(`a=fmtp:111 ${tail}`);
    expect(withinHangBound(() => parseSdp(text).sections[0]?.codecs)).toEqual([
      { payloadType: 111, name: 'opus', clockRate: 48000, channels: 2 },
    ]);
  });
});
