import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An id a caller may choose: what tracing systems send (UUIDs, hex trace ids), nothing longer. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request in the logs and in its `X-Request-Id` answer: the caller's own when it sends
 * a sensible one, else a UUID. Fastify's default counter (req-1, req-2 …) starts over at every
 * start and on every node, so its ids named several requests once logs were gathered.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID();
}
