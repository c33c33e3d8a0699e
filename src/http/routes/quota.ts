import { authOf, limitRate } from '../../edge/auth.js';
import { QuotaResponse } from '../../model/api/resources.js';
import { quotaOf } from '../../service/quota.js';
import { type App, BEARER, errors, type RouteOptions } from '../route-types.js';

export function quotaRoute(app: App, { ctx }: RouteOptions): void {
  app.get(
    '/quota',
    {
      schema: {
        operationId: 'getQuota',
        summary: 'Credits of the account',
        description:
          'Allowed credits (monthly allocation plus purchased) and what remains, with the size limits of the plan.',
        tags: ['Account'],
        security: BEARER,
        response: { 200: QuotaResponse, ...errors(401, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      return quotaOf(ctx, authOf(request).account.id);
    },
  );
}
