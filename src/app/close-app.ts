import type { FastifyInstance } from 'fastify';

/** How often connections that finished their last response are looked for while the app closes. */
const IDLE_SWEEP_MS = 50;

/**
 * Closes the app: requests in flight finish, and each keep-alive connection is closed as soon as
 * its last response is sent. Node closes the connections idle at the moment close() is called and
 * then waits for the others; one still sending a response then (a dump download) became idle a
 * moment later and held the close until its keep-alive timeout, 72 s.
 */
export async function closeApp(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
