import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../../test/support/hang-bound.js';
import { parseSdp } from '../../computed/sdp.js';
import type { Description } from '../../computed/signaling.js';
import { localEdits, reorderedLines } from './sdp-edits.js';
import { duplicatedLines } from './sdp-line-ids.js';
import { mediaRemoved, sdpLines } from './sdp-lines.js';

const text = (lines: readonly string[]) =>
  `${['v=0', 'o=- 1 2 IN IP4 0.0.0.0', 's=-', 't=0 0', ...lines].join('\r\n')}\r\n`;

const description = (source: string, lines: readonly string[]): Description => {
  const sdp = text(lines);
  return { type: 'offer', sdp, at: 0, source, summary: parseSdp(sdp) };
};

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * Descriptions no browser writes, but a dump can hold: tens of thousands of lines of one kind.
 * Each list of distinct values was kept with `includes`, and each line of one description was
 * looked up in the other with `includes`: quadratic, so the sizes here took tens of seconds.
 */
describe('SDP of very many lines', () => {
  it('lists 100 000 SSRCs, ICE ufrags and fingerprint algorithms once each', () => {
    const sdp = text([
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      ...range(100_000).flatMap((i) => [
        `a=ssrc:${i} cname:c`,
        `a=ice-ufrag:u${i}`,
        `a=fingerprint:h${i} AA`,
      ]),
      'a=ssrc:7 msid:s t',
    ]);
    const summary = withinHangBound(() => parseSdp(sdp));
    expect(summary.sections[0]?.ssrcs).toHaveLength(100_000);
    expect(summary.ufrags).toHaveLength(100_000);
    expect(summary.fingerprintAlgorithms.slice(0, 2)).toEqual(['h0', 'h1']);
  });

  it('reports each of 100 000 duplicated lines once', () => {
    const d = description('remote', [
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      ...range(100_000).flatMap((i) => [`a=x-${i}`, `a=x-${i}`, `a=x-${i}`]),
    ]);
    const dupes = withinHangBound(() => duplicatedLines(d));
    expect(dupes).toHaveLength(100_000);
    expect(dupes[99_999]).toBe('a=x-99999');
  });

  it('finds the reordered payloads of 50 000 m= lines', () => {
    const sections = range(50_000).map((i) => `m=audio 9 UDP/TLS/RTP/SAVPF ${i} ${i + 1}`);
    const created = description('createOfferOnSuccess', ['a=created', ...sections]);
    const applied = description('setLocalDescription', [
      'a=applied',
      ...sections.map((l) => l.replace(/ (\d+) (\d+)$/, ' $2 $1')),
    ]);
    const [edit] = localEdits([created, applied]);
    expect(withinHangBound(() => reorderedLines(edit!))).toBe(50_000);
  });

  it('sees the last of 300 000 payload types dropped', () => {
    const payloads = range(300_000).join(' ');
    const before = sdpLines(description('a', [`m=video 9 UDP/TLS/RTP/SAVPF ${payloads}`]));
    const after = sdpLines(
      description('b', [`m=video 9 UDP/TLS/RTP/SAVPF ${payloads.replace(/ 299999$/, '')}`]),
    );
    expect(withinHangBound(() => mediaRemoved(before, after))).toBe(true);
    expect(mediaRemoved(before, before)).toBe(false);
  });
});
