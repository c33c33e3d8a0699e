import type { FastifyInstance } from 'fastify';
import { Collector } from '../collect/collector.js';
import type { ServiceContext } from '../service/context.js';

/**
 * Live collection (src/collect): WebSocket upgrades on /v1.0/collect and below go to the
 * collector; any other upgrade is answered 404. The collector's background work starts with the
 * app and stops, writing out the calls in progress, before the server closes.
 */
export function collectRoute(app: FastifyInstance, ctx: ServiceContext): Collector {
  const collector = new Collector(ctx);
  app.server.on('upgrade', (req, socket, head: Buffer) => {
    if (collector.handleUpgrade(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  app.addHook('onReady', async () => collector.start());
  app.addHook('preClose', async () => collector.close());
  return collector;
}
