import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../service/context.js';

/**
 * Whether an Authorization header carries `Bearer <token>`. The two are compared as SHA-256
 * digests, in constant time: neither the token's characters nor its length show in the timing.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics: the Prometheus text, behind CALLSCOPE_METRICS_TOKEN when that is set. */
function metricsRoute(app: FastifyInstance, ctx: ServiceContext): void {
  const token = ctx.config.metrics.token;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token))
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({
        error:
          'GET /metrics needs the token set in CALLSCOPE_METRICS_TOKEN, as Authorization: Bearer <token>.',
        errorCode: 'authentication',
      });
    return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
  });
}

/**
 * Serves GET /metrics where the configuration says: on the API's `app`, or, with
 * CALLSCOPE_METRICS_PORT, on a server of its own (returned), which starts listening when `app`
 * is ready and closes with it, so that whoever starts and stops the API needs to know nothing more.
 */
export function serveMetrics(app: FastifyInstance, ctx: ServiceContext): FastifyInstance | undefined {
  const { port, host } = ctx.config.metrics;
  if (port === undefined) {
    metricsRoute(app, ctx);
    return undefined;
  }
  const own = Fastify({ logger: false });
  metricsRoute(own, ctx);
  app.addHook('onReady', async () => {
    const address = await own.listen({ host, port });
    ctx.log.info({ address: `${address}/metrics` }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    await own.close();
  });
  return own;
}
