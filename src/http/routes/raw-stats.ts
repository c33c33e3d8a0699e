import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf, limitRate } from '../../edge/auth.js';
import { eventsAsk, seriesAsk, splitSeriesLists } from '../../edge/raw-stats-asks.js';
import {
  RAW_LIMITS,
  RawEventsQuery,
  RawEventsResponse,
  RawSeriesQuery,
  RawSeriesResponse,
  RawStatsIndex,
} from '../../model/api/raw-stats.js';
import { type RawStatsAsk, rawStatsReader } from '../../service/raw-stats.js';
import { ownRow } from '../../service/sessions.js';
import {
  type App,
  BEARER,
  errors,
  type RouteOptions,
  SessionIdParams,
  sendJsonText,
  TEXT_REPLIES,
} from '../route-types.js';

const READ =
  'Read from the stored dump on request (not part of the session payload), off the event loop; an account reads one dump at a time (429 with Retry-After while several wait).';

/** Extension: the raw stats explorer, served from the stored dump (docs/raw-stats.md). */
export function rawStatsRoutes(app: App, { ctx }: RouteOptions): void {
  const reply = async (request: FastifyRequest, res: FastifyReply, ask: RawStatsAsk) => {
    const { callscopeId } = request.params as { callscopeId: string };
    const row = await ownRow(ctx, authOf(request), callscopeId);
    await sendJsonText(res, await rawStatsReader(ctx).read(row, ask));
  };
  app.get(
    '/sessions/:callscopeId/raw-stats',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'getSessionRawStats',
        summary: 'Index of the raw stats',
        description: `Extension: every peer connection of the dump with its stats reports (id, type, samples) and their attributes (name, whether numeric, samples), and the size of each event log. ${READ}`,
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        response: { 200: RawStatsIndex, ...errors(400, 401, 403, 404, 429, 500, 503) },
      },
    },
    async (request, res) => {
      await limitRate(ctx, request, res, 'reads');
      await reply(request, res, { kind: 'index' });
    },
  );
  app.get(
    '/sessions/:callscopeId/raw-stats/series',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'getSessionRawSeries',
        summary: 'Raw stats series',
        description: `Extension: up to ${RAW_LIMITS.maxSeries} attributes of the dump's stats reports as time series (epoch ms and values), each as recorded or as a rate per second (the n-th value of each list makes the n-th series; a shorter list goes on with its last value), downsampled to maxPoints (at most ${RAW_LIMITS.maxPoints}). A series the dump does not have is 404. ${READ}`,
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        querystring: RawSeriesQuery,
        response: { 200: RawSeriesResponse, ...errors(400, 401, 403, 404, 429, 500, 503) },
      },
      preValidation: splitSeriesLists,
    },
    async (request, res) => {
      await limitRate(ctx, request, res, 'reads');
      await reply(request, res, seriesAsk(request.query));
    },
  );
  app.get(
    '/sessions/:callscopeId/events',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'getSessionEvents',
        summary: 'Event log of the dump',
        description: `Extension: the dump's event log (API calls, state changes, descriptions with their SDP), client-level and per connection, in reading order, paged (at most ${RAW_LIMITS.maxEvents} a page; a page ends early past ${RAW_LIMITS.maxPageChars} characters: follow nextOffset). ${READ}`,
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        querystring: RawEventsQuery,
        response: { 200: RawEventsResponse, ...errors(400, 401, 403, 404, 429, 500, 503) },
      },
    },
    async (request, res) => {
      await limitRate(ctx, request, res, 'reads');
      await reply(request, res, eventsAsk(request.query));
    },
  );
}
