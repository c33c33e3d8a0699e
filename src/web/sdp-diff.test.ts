import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffCounts, diffLines, sdpLines } from './client/sdp-diff.js';

const oldSide = (diff: ReturnType<typeof diffLines>) =>
  diff.filter((l) => l.op !== 'added').map((l) => l.text);
const newSide = (diff: ReturnType<typeof diffLines>) =>
  diff.filter((l) => l.op !== 'removed').map((l) => l.text);

describe('SDP line diff', () => {
  it('splits CRLF descriptions into lines', () => {
    expect(sdpLines('v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n')).toEqual([
      'v=0',
      'o=- 1 2 IN IP4 127.0.0.1',
      's=-',
    ]);
  });

  it('shows what a renegotiation changed, and nothing else', () => {
    const a = ['v=0', 'o=- 1 2 IN IP4 0.0.0.0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'a=sendrecv'];
    const b = [
      'v=0',
      'o=- 1 3 IN IP4 0.0.0.0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      'a=mid:0',
      'a=sendrecv',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'a=mid:1',
    ];
    const diff = diffLines(a, b);
    expect(diff).toEqual([
      { op: 'same', text: 'v=0' },
      { op: 'removed', text: 'o=- 1 2 IN IP4 0.0.0.0' },
      { op: 'added', text: 'o=- 1 3 IN IP4 0.0.0.0' },
      { op: 'same', text: 'm=audio 9 UDP/TLS/RTP/SAVPF 111' },
      { op: 'same', text: 'a=mid:0' },
      { op: 'same', text: 'a=sendrecv' },
      { op: 'added', text: 'm=video 9 UDP/TLS/RTP/SAVPF 96' },
      { op: 'added', text: 'a=mid:1' },
    ]);
    expect(diffCounts(diff)).toEqual({ added: 3, removed: 1 });
  });

  it('is a minimal edit script that rebuilds both sides', () => {
    const line = fc.constantFrom('a=1', 'a=2', 'a=3', 'm=audio', 'm=video', 'c=IN');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (a, b) => {
        const diff = diffLines(a, b);
        expect(oldSide(diff)).toEqual(a);
        expect(newSide(diff)).toEqual(b);
        // Kept lines are a longest common subsequence: no shorter script exists.
        const kept = diff.filter((l) => l.op === 'same').length;
        expect(kept).toBe(lcsLength(a, b));
      }),
    );
  });

  it('falls back to removed-then-added past its size bound, still rebuilding both sides', () => {
    const a = Array.from({ length: 2500 }, (_, i) => `a=x-${i}`);
    const b = Array.from({ length: 2500 }, (_, i) => `a=y-${i}`);
    const diff = diffLines(['v=0', ...a, 't=0'], ['v=0', ...b, 't=0']);
    expect(oldSide(diff)).toEqual(['v=0', ...a, 't=0']);
    expect(newSide(diff)).toEqual(['v=0', ...b, 't=0']);
  });
});

function lcsLength(a: string[], b: string[]): number {
  const row = new Array(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}
