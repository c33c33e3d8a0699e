/** /v1.0/webhooks: the account's webhooks and their delivery logs (docs/webhooks.md). */
import { authOf, limitRate } from '../edge/auth.js';
import { type App, BEARER, errors, type RouteOptions } from '../http/route-types.js';
import { SuccessResponse } from '../model/api/resources.js';
import { ApiError } from '../service/api-error.js';
import { requireWrite } from '../service/ingest.js';
import {
  DeliveriesQuery,
  Webhook,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookDeliveriesResponse,
  WebhookIdParams,
  WebhooksListResponse,
} from './api-schemas.js';
import { createWebhook, deliveryView, WebhookInputError, webhookView } from './manage.js';
import { WebhookStore } from './store.js';

const notFound = () => new ApiError('not_found', 'This account has no webhook with that id.');

export function webhooksRoutes(app: App, { ctx, alias }: RouteOptions): void {
  const store = new WebhookStore(ctx.storage.database.db, ctx.storage.database.dialect);
  const common = { hide: alias, tags: ['Account'], security: BEARER } as const;
  app.post(
    '/webhooks',
    {
      schema: {
        ...common,
        operationId: 'createWebhook',
        summary: 'Extension: create a webhook',
        description:
          'Events of the account are POSTed to the URL, signed with HMAC-SHA256 (Callscope-Signature), retried with backoff for 24 h. The signing secret is in this answer only. A URL on a private, loopback, link-local or reserved address (as given or as its host resolves) is refused with 400 unless the operator allows it. At most 20 webhooks per account. See docs/webhooks.md.',
        body: WebhookCreateRequest,
        response: { 200: WebhookCreated, ...errors(400, 401, 403, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const auth = authOf(request);
      requireWrite(auth);
      try {
        return await createWebhook(store, {
          accountId: auth.account.id,
          ...request.body,
          allowPrivate: ctx.config.webhooks.allowPrivate,
          now: ctx.now(),
        });
      } catch (error) {
        if (error instanceof WebhookInputError) throw new ApiError('invalid_request', `${error.message}.`);
        throw error;
      }
    },
  );
  app.get(
    '/webhooks',
    {
      schema: {
        ...common,
        operationId: 'listWebhooks',
        summary: "Extension: the account's webhooks",
        description: 'Oldest first, without their secrets.',
        response: { 200: WebhooksListResponse, ...errors(401, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const data = (await store.list(authOf(request).account.id)).map(webhookView);
      return { total: data.length, data };
    },
  );
  app.get(
    '/webhooks/:webhookId',
    {
      schema: {
        ...common,
        operationId: 'getWebhook',
        summary: 'Extension: one webhook',
        params: WebhookIdParams,
        response: { 200: Webhook, ...errors(400, 401, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const hook = await store.get(authOf(request).account.id, request.params.webhookId);
      if (!hook) throw notFound();
      return webhookView(hook);
    },
  );
  app.delete(
    '/webhooks/:webhookId',
    {
      schema: {
        ...common,
        operationId: 'deleteWebhook',
        summary: 'Extension: delete a webhook',
        description: 'Deletes the webhook and its delivery log; deliveries not yet sent are dropped.',
        params: WebhookIdParams,
        response: { 200: SuccessResponse, ...errors(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const auth = authOf(request);
      requireWrite(auth);
      if (!(await store.delete(auth.account.id, request.params.webhookId))) throw notFound();
      return { success: true };
    },
  );
  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        ...common,
        operationId: 'listWebhookDeliveries',
        summary: "Extension: a webhook's delivery log",
        description:
          'Its deliveries, newest first, each with its status (pending, delivered, failed: given up after 24 h), attempts and last answer. Kept 30 days after they finish. Paged with limit and page.',
        params: WebhookIdParams,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveriesResponse, ...errors(400, 401, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const hook = await store.get(authOf(request).account.id, request.params.webhookId);
      if (!hook) throw notFound();
      const limit = request.query.limit ?? 20;
      const page = request.query.page ?? 1;
      const { rows, totalCount } = await store.deliveries(hook.id, { limit, offset: (page - 1) * limit });
      const totalPages = Math.ceil(totalCount / limit);
      return {
        data: rows.map(deliveryView),
        total: rows.length,
        totalCount,
        page,
        limit,
        totalPages,
        hasMore: page < totalPages,
      };
    },
  );
}
