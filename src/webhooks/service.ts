/** Starts the webhook dispatcher with the app and stops it, within a bound, when the app closes. */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service/context.js';
import { siteUrl } from '../service/urls.js';
import { WebhookDispatcher } from './dispatcher.js';

/** How long a closing app lets attempts in flight finish before cutting them off. */
const STOP_BOUND_MS = 5_000;

export function startWebhooks(app: FastifyInstance, ctx: ServiceContext): WebhookDispatcher {
  const apiUrl =
    ctx.config.apiUrl ??
    siteUrl(ctx.config, { protocol: 'http', host: undefined, localAddress: undefined, localPort: undefined });
  const dispatcher = new WebhookDispatcher({
    config: ctx.config,
    storage: ctx.storage,
    log: ctx.log,
    now: ctx.now,
    owner: ctx.instanceId,
    apiUrl,
  });
  dispatcher.start();
  app.addHook('onClose', async () => dispatcher.stop(STOP_BOUND_MS));
  return dispatcher;
}
