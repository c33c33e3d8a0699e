import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSecret, signatureHeader, verifySignature } from './signature.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"type":"session.analyzed","data":{"n":1}}';
  const now = Date.UTC(2026, 11, 6, 7, 0, 0);

  it('is HMAC-SHA256 over timestamp "." body, with the timestamp in seconds', () => {
    const header = signatureHeader(secret, body, now + 999);
    const t = now / 1000;
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature, and refuses another body, secret, timestamp or an old one', () => {
    const header = signatureHeader(secret, body, now);
    expect(verifySignature(secret, header, body, now)).toBe(true);
    expect(verifySignature(secret, header, `${body} `, now)).toBe(false);
    expect(verifySignature('whsec_other', header, body, now)).toBe(false);
    expect(verifySignature(secret, header.replace(/t=\d+/, `t=${now / 1000 + 1}`), body, now)).toBe(false);
    expect(verifySignature(secret, header, body, now + 301_000)).toBe(false);
    expect(verifySignature(secret, 'garbage', body, now)).toBe(false);
    expect(verifySignature(secret, 't=1,v1=zz', body, now)).toBe(false);
  });

  it('makes distinct secrets of 32 random bytes', () => {
    const a = newSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(a);
  });
});
