import Type from 'typebox';
import { ChunkResponse, UploadAssembleRequest, UploadResponse } from '../../model/api/resources.js';
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

export function uploadRoute(app: App, { ctx }: RouteOptions): void {
  app.post(
    '/upload',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'upload',
        summary: 'Upload and store a dump',
        description:
          'Stores a dump in the account (analyzed on arrival, so that it can be listed and filtered). Step 1: one multipart/form-data request per chunk with fields `chunk` (file), `fileId` (client-chosen, 1-128 of A-Za-z0-9_-) and `chunkIndex` (from 0; re-sending an index replaces it). Step 2: `{fileId, assemble: true, fileName}` as JSON. A raw application/octet-stream body is accepted too (extension; name it with `?fileName=`). One credit at assemble; chunks cost nothing and expire after an hour if never assembled.',
        tags: ['Dumps'],
        security: BEARER,
        requestBodies: ingestBodies(UploadAssembleRequest),
        requestHeaders: IDEMPOTENCY_HEADER,
        querystring: Type.Object(
          { fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Union([UploadResponse, ChunkResponse]),
          ...errors(400, 401, 402, 403, 413, 415, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      await handleIngest(ctx, 'upload', request, reply, {
        save: true,
        ...(request.query.fileName ? { fileName: request.query.fileName } : {}),
      });
    },
  );
}
