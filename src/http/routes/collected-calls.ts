import Type from 'typebox';
import { type CallRow, CallsRepo } from '../../collect/calls-repo.js';
import { authOf, limitRate } from '../../edge/auth.js';
import {
  type CollectedCall,
  CollectedCallState,
  CollectedCallsResponse,
} from '../../model/api/collected-calls.js';
import { type App, BEARER, errors, type RouteOptions } from '../route-types.js';

const Query = Type.Object({ state: Type.Optional(CollectedCallState) }, { additionalProperties: false });

const LIMIT = 100;

const toCall = (row: CallRow): CollectedCall => ({
  id: row.id,
  protocol: row.protocol as CollectedCall['protocol'],
  state: row.state,
  startedAt: row.startedAt,
  updatedAt: row.seenAt,
  bytes: row.bytes,
  sessionId: row.sessionId,
  error: row.error,
});

/**
 * Extension: the calls apps streamed to /v1.0/collect (docs/collect.md) before they are sessions,
 * above all those kept unanalyzed for want of credits, which the sessions list cannot show.
 */
export function collectedCallsRoute(app: App, { ctx, alias }: RouteOptions): void {
  const calls = new CallsRepo(ctx.storage.database.db);
  app.get(
    '/collect/calls',
    {
      schema: {
        hide: alias,
        operationId: 'listCollectedCalls',
        summary: 'Calls collected from apps',
        description:
          "Extension: the account's calls streamed by its apps over /v1.0/collect, newest first: those in progress, those waiting to be analyzed, those kept unanalyzed because the account had no credit left (analyzed and saved, one credit each, as soon as credits are added), and for a day those saved (sessionId) or failed (error). Filter with state.",
        tags: ['Sessions'],
        security: BEARER,
        querystring: Query,
        response: { 200: CollectedCallsResponse, ...errors(400, 401, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const accountId = authOf(request).account.id;
      const [rows, unanalyzed] = await Promise.all([
        calls.list(accountId, request.query.state, LIMIT),
        calls.countUnanalyzed(accountId),
      ]);
      return { calls: rows.map(toCall), unanalyzed };
    },
  );
}
