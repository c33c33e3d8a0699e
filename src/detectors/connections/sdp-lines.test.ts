import { describe, expect, it } from 'vitest';
import { parseSdp, splitLines } from '../../computed/sdp.js';
import type { Description } from '../../computed/signaling.js';
import { sdpLines } from './sdp-lines.js';

const description = (sdp: string): Description => ({
  type: 'offer',
  sdp,
  at: 0,
  source: 'setRemoteDescription',
  summary: parseSdp(sdp),
});

describe('sdpLines', () => {
  it('trims what trim() trims, Unicode spaces too, and drops lines left empty', () => {
    const lines = [
      'v=0',
      ' a=x',
      'a=y\t',
      '\u00a0a=z',
      'a=w\ufeff',
      '\u3000',
      'a=v\u2028',
      'm=audio 9 RTP 1',
    ];
    const d = description(`${lines.join('\r\n')}\r\n`);
    expect(sdpLines(d)).toEqual(
      splitLines(d.sdp)
        .map((l) => l.trim())
        .filter((l) => l.length > 0),
    );
    expect(sdpLines(d)).toEqual(['v=0', 'a=x', 'a=y', 'a=z', 'a=w', 'a=v', 'm=audio 9 RTP 1']);
  });

  it('returns the lines as read when none needs trimming', () => {
    const d = description('v=0\r\na=x\r\nm=audio 9 RTP 1\r\n');
    expect(sdpLines(d)).toEqual(['v=0', 'a=x', 'm=audio 9 RTP 1']);
  });
});
