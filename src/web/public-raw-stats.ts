import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import { countRequest } from '../edge/auth.js';
import { eventsAsk, seriesAsk, splitSeriesLists } from '../edge/raw-stats-asks.js';
import {
  type RawEventsQuery as EventsQuery,
  RawEventsQuery,
  RawSeriesQuery,
  type RawSeriesQuery as SeriesQuery,
} from '../model/api/raw-stats.js';
import type { ServiceContext } from '../service/context.js';
import { sharedSessionRow } from '../service/public-sessions.js';
import { type RawStatsAsk, rawStatsReader } from '../service/raw-stats.js';

const Params = Type.Object({ link: Type.String({ maxLength: 100 }) });

/**
 * The raw stats explorer of a shared session: the owner's routes (GET /sessions/{id}/raw-stats,
 * .../raw-stats/series, .../events) behind its share link, counted against the account that
 * shared it like the rest of the public view. Revoking the link closes them at once.
 */
export function publicRawStatsRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const send = async (link: string, reply: FastifyReply, ask: RawStatsAsk) => {
    const row = await sharedSessionRow(ctx, link);
    await countRequest(ctx, reply, row.accountId, 'public');
    const json = await rawStatsReader(ctx).read(row, ask);
    return reply
      .type('application/json')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(json);
  };
  app.get<{ Params: { link: string } }>(
    '/share/:link/raw-stats',
    { schema: { hide: true, params: Params } },
    async (request, reply) => send(request.params.link, reply, { kind: 'index' }),
  );
  app.get<{ Params: { link: string }; Querystring: SeriesQuery }>(
    '/share/:link/raw-stats/series',
    { schema: { hide: true, params: Params, querystring: RawSeriesQuery }, preValidation: splitSeriesLists },
    async (request, reply) => send(request.params.link, reply, seriesAsk(request.query)),
  );
  app.get<{ Params: { link: string }; Querystring: EventsQuery }>(
    '/share/:link/events',
    { schema: { hide: true, params: Params, querystring: RawEventsQuery } },
    async (request, reply) => send(request.params.link, reply, eventsAsk(request.query)),
  );
}
