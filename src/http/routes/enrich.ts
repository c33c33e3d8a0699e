import Type from 'typebox';
import { AssembleRequest, ChunkResponse, EnrichResponse } from '../../model/api/resources.js';
import { handleIngest } from '../ingest-handler.js';
import {
  type App,
  BEARER,
  errors,
  IDEMPOTENCY_HEADER,
  ingestBodies,
  type RouteOptions,
  TEXT_REPLIES,
} from '../route-types.js';

export function enrichRoute(app: App, { ctx }: RouteOptions): void {
  app.post(
    '/enrich',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'enrich',
        summary: 'Scores and observations of a dump',
        description:
          'Analyzes a dump like analyze and returns only its projection: scores, observation counts, trimmed observations and user-agent data, with the processor version and the generation time. Never stored. Same bodies as analyze (raw, or chunks then assemble). One credit on success.',
        tags: ['Dumps'],
        security: BEARER,
        requestBodies: ingestBodies(AssembleRequest),
        requestHeaders: IDEMPOTENCY_HEADER,
        querystring: Type.Object({}, { additionalProperties: false }),
        response: {
          200: Type.Union([EnrichResponse, ChunkResponse]),
          ...errors(400, 401, 402, 403, 413, 415, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      await handleIngest(ctx, 'enrich', request, reply, { save: false });
    },
  );
}
