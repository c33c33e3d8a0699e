import { describe, expect, it } from 'vitest';
import { decompressDescription } from './sdp-compression.js';

const base = {
  type: 'offer',
  sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:1\r\n',
};

describe('decompressDescription', () => {
  it('restores sections replaced by a bare v= or m= line', () => {
    const next = { type: 'offer', sdp: 'v=\r\nm=\r\nm=video 9 UDP/TLS/RTP/SAVPF 98\r\na=mid:1\r\n' };
    expect(decompressDescription(base, next)).toEqual({
      type: 'offer',
      sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\nm=video 9 UDP/TLS/RTP/SAVPF 98\r\na=mid:1\r\n',
    });
  });

  it('finds placeholders with bare newlines and at the end of the text', () => {
    const lf = { type: 'offer', sdp: 'v=0\no=- 3 4 IN IP4 127.0.0.1\nm=\nm=video 9 RTP/AVP 98' };
    expect((decompressDescription(base, lf) as { sdp: string }).sdp).toContain(
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    );
    const last = { type: 'offer', sdp: 'v=0\no=- 3 4 IN IP4 127.0.0.1\nm=audio 9 RTP/AVP 0\nm=' };
    const out = decompressDescription(base, last) as { sdp: string };
    expect(out.sdp).toContain('m=video 9 UDP/TLS/RTP/SAVPF 96');
    expect(out.sdp).toContain('o=- 3 4');
  });

  it('leaves descriptions without placeholders as they are (the same object)', () => {
    for (const sdp of [
      'v=0\r\nm=audio 9 RTP/AVP 0\r\n',
      'v=0\r\na=x:m=\r\nm=audio 9 RTP/AVP 0\r\n',
      'v=0\r\nm=a\r\n',
      'v=0\r\n m=\r\n',
      '',
    ]) {
      const next = { type: 'offer', sdp };
      expect(decompressDescription(base, next)).toBe(next);
    }
  });

  it('needs a base of the same type', () => {
    const next = { type: 'answer', sdp: 'v=\r\nm=\r\n' };
    expect(decompressDescription(base, next)).toBe(next);
    expect(decompressDescription(undefined, next)).toBe(next);
  });
});
