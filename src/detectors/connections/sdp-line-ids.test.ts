import { describe, expect, it } from 'vitest';
import { parseSdp } from '../../computed/sdp.js';
import type { Description } from '../../computed/signaling.js';
import { releaseRunMemos } from '../run-memo.js';
import { duplicatedLines, LineIds, lineIds } from './sdp-line-ids.js';
import { sdpLines } from './sdp-lines.js';

const description = (source: string, lines: readonly string[]): Description => {
  const sdp = `${lines.join('\r\n')}\r\n`;
  return { type: 'offer', sdp, at: 0, source, summary: parseSdp(sdp) };
};

/** Equal numbers exactly where the lines are equal, across every description numbered. */
function expectFaithful(ids: LineIds, descriptions: readonly Description[]): void {
  const byLine = new Map<string, number>();
  for (const d of descriptions) {
    const numbers = ids.of(d);
    sdpLines(d).forEach((line, i) => {
      const known = byLine.get(line);
      if (known === undefined) {
        expect([...byLine.values()]).not.toContain(numbers[i]);
        byLine.set(line, numbers[i]!);
      } else expect(numbers[i]).toBe(known);
    });
  }
}

describe('LineIds', () => {
  it('numbers equal lines alike whether they stay in place, shift, or move', () => {
    const a = description('createOfferOnSuccess', ['v=0', 'a=x', 'm=audio 9 RTP 1 2', 'a=y', 'a=z']);
    const b = description('createOfferOnSuccess', ['v=0', 'a=new', 'a=x', 'm=audio 9 RTP 1 2', 'a=y', 'a=z']);
    const c = description('setLocalDescription', ['a=z', 'v=0', 'a=y', 'm=audio 9 RTP 2 1', 'a=x']);
    const ids = new LineIds();
    expectFaithful(ids, [a, b, c]);
    expect(ids.size).toBe(7);
  });

  it('numbers m= lines alike when only their payload order differs (unorderedOf)', () => {
    const a = description('o', ['m=audio 9 RTP 1 2', 'a=x']);
    const b = description('o', ['m=audio 9 RTP 2 1', 'a=x']);
    const ids = new LineIds();
    expect(ids.of(a)[0]).not.toBe(ids.of(b)[0]);
    expect(ids.unorderedOf(a)[0]).toBe(ids.unorderedOf(b)[0]);
    expect(ids.unorderedOf(a)[1]).toBe(ids.of(a)[1]);
  });
  it('shares one numbering of a list for a run of the detectors, and starts anew after it', () => {
    const a = description('o', ['v=0', 'm=audio 9 RTP 1 2', 'a=x']);
    const b = description('o', ['v=0', 'a=y', 'm=audio 9 RTP 2 1', 'a=x']);
    const list = [a, b];
    const fresh = new LineIds();
    const shared = lineIds(list);
    expect(lineIds(list)).toBe(shared);
    expect([...shared.of(a)]).toEqual([...fresh.of(a)]);
    expect([...shared.of(b)]).toEqual([...fresh.of(b)]);
    expect(shared.isMLine(shared.of(a)[1]!)).toBe(true);
    expect(shared.isMLine(shared.of(a)[2]!)).toBe(false);
    expect(shared.unorderedOf(a)[1]).toBe(shared.unorderedOf(b)[2]);
    expect(shared.unorderedOf(b)[3]).toBe(shared.of(a)[2]);
    releaseRunMemos();
    expect(lineIds(list)).not.toBe(shared);
  });
});

describe('duplicatedLines', () => {
  it('reports lines repeated within a section, each once, not across sections', () => {
    const d = description('r', [
      'v=0',
      'a=x',
      'm=audio 9 RTP 1',
      'a=x',
      'a=y',
      'a=y',
      'a=y',
      'm=video 9 RTP 2',
      'a=y',
    ]);
    expect(duplicatedLines(d)).toEqual(['a=y']);
    const ids = new LineIds();
    const clean = description('r', ['v=0', 'a=x', 'm=audio 9 RTP 1', 'a=x']);
    expect(duplicatedLines(clean, ids)).toEqual([]);
    expect(duplicatedLines(d, ids)).toEqual(['a=y']);
  });
});
