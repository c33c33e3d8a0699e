import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../service/context.js';
import { serveMetrics } from './metrics.js';

/** Liveness, readiness and Prometheus metrics (returns the metrics' own server, if they have one). */
export function operationsRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  state: { draining: boolean },
): FastifyInstance | undefined {
  const hide = { schema: { hide: true } };
  app.get('/healthz', hide, async () => ({ status: 'ok' }));
  app.get('/readyz', hide, async (_request, reply) => {
    if (state.draining) return reply.code(503).send({ status: 'draining' });
    const checks: Record<string, string> = {};
    try {
      await ctx.storage.accounts.get('readiness-probe');
      checks.database = 'ok';
    } catch (error) {
      checks.database = (error as Error).message;
    }
    try {
      await ctx.blobs.check();
      checks.blobs = 'ok';
    } catch (error) {
      checks.blobs = (error as Error).message;
    }
    const ok = Object.values(checks).every((v) => v === 'ok');
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? 'ready' : 'not ready', checks, analyses: ctx.pool.stats });
  });
  return serveMetrics(app, ctx);
}
