/**
 * Webhook signatures: HMAC-SHA256 with the webhook's secret over `timestamp + "." + body`, the
 * timestamp in Unix seconds, sent as `Callscope-Signature: t=<timestamp>,v1=<hex>` (docs/webhooks.md
 * shows how a receiver checks it).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'callscope-signature';

/** A new signing secret: 32 random bytes, recognizable in a configuration file. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The Callscope-Signature header of `body` sent at `nowMs`. */
export function signatureHeader(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` with `secret`, at most `toleranceS` seconds from `nowMs` (a
 * replayed old delivery fails). The receiver's side, for tests and Node receivers.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowMs: number,
  toleranceS = 300,
): boolean {
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(t) || !given || Math.abs(nowMs / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
