import Type from 'typebox';
import { AnalyzeResponse, AssembleRequest, ChunkResponse } from '../../model/api/resources.js';
import { handleIngest } from '../ingest-handler.js';
import {
  type App,
  BEARER,
  errors,
  flag,
  IDEMPOTENCY_HEADER,
  ingestBodies,
  QueryFlag,
  type RouteOptions,
  TEXT_REPLIES,
} from '../route-types.js';

export function analyzeRoute(app: App, { ctx }: RouteOptions): void {
  app.post(
    '/analyze',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'analyze',
        summary: 'Analyze a dump',
        description:
          'Analyzes a webrtc-internals export or an rtcstats dump (gzip accepted) and returns the session payload: summary, observations and scores. Send the file as the raw body (application/octet-stream), or in chunks (multipart/form-data: chunk, fileId, chunkIndex) followed by `{fileId, assemble: true}` as JSON. With `save=true` the dump and its analysis are also stored, like upload. One credit on success; a failure spends nothing. An `Idempotency-Key` header makes a retry return the first answer without a second charge (a success, 400 or 415; after any other failure the retry runs again). A fileId is assembled once: assembling it again, or at the same time, answers the same.',
        tags: ['Dumps'],
        security: BEARER,
        requestBodies: ingestBodies(AssembleRequest),
        requestHeaders: IDEMPOTENCY_HEADER,
        querystring: Type.Object(
          {
            save: Type.Optional(
              Type.String({
                ...QueryFlag,
                description: 'true or 1: also store the dump and its analysis in the account, like upload.',
              }),
            ),
            fileName: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 255,
                description:
                  "The dump's file name: the payload's fileName, and the stored file's with save (default dump).",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Union([AnalyzeResponse, ChunkResponse], {
            description: 'The analysis; `{success: true}` for a chunk.',
          }),
          ...errors(400, 401, 402, 403, 413, 415, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      await handleIngest(ctx, 'analyze', request, reply, {
        save: flag(request.query.save) ?? false,
        ...(request.query.fileName ? { fileName: request.query.fileName } : {}),
      });
    },
  );
}
