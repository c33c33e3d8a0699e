import Type from 'typebox';
import { ChunkRequest, ErrorResponse } from '../model/api/resources.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../service/idempotent.js';
import { errorResponses } from './error-handler.js';

/**
 * What a route says of itself for the OpenAPI document (openapi-document.ts): a route is in the
 * document when it has an operationId. Fastify validates with body, querystring, params and
 * headers; the other keys are read by the document only.
 */
declare module 'fastify' {
  interface FastifySchema {
    operationId?: string;
    summary?: string;
    description?: string;
    tags?: readonly string[];
    security?: readonly Record<string, readonly string[]>[];
    /** Not a route of the API (pages, probes, the documents themselves). */
    hide?: boolean;
    /**
     * Bodies the route reads itself rather than through Fastify (dumps, chunks, the assemble
     * step), by media type: the TypeBox schema it checks each one with.
     */
    requestBodies?: Readonly<Record<string, object>>;
    /** Request headers the route reads, with the schema it checks each one with. */
    requestHeaders?: Readonly<Record<string, object>>;
    /** Media type of the success answer when it is not JSON. */
    produces?: string;
    /** Response headers of the success answer, beyond those every answer has. */
    responseHeaders?: Readonly<Record<string, object>>;
  }
}

// The scope and options every edge shares (MCP and web register on them too), named here for the routes.
export type { App, RouteOptions } from '../edge/app-scope.js';

export const BEARER = [{ bearerAuth: [] }];

/** Error responses of a route, by status. */
export const errors = (...statuses: number[]) => errorResponses(statuses, ErrorResponse);

/** analyze's save: a string, true or 1 (the specification writes save=1), false or 0. */
export const QueryFlag = Type.String({ enum: ['true', 'false', '1', '0'] });
export const flag = (v: string | undefined): boolean | undefined =>
  v === undefined ? undefined : v === 'true' || v === '1';

/** A stored session's id, in a path. */
export const SessionIdParams = Type.Object({
  callscopeId: Type.String({ format: 'uuid', description: 'The session id (callscopeId).' }),
});

/** A dump as the raw body: its bytes, any size up to the raw-body limit. */
const DumpBytes = Type.String({
  contentMediaType: 'application/octet-stream',
  description: 'The dump file itself: a webrtc-internals export or an rtcstats dump.',
});
const GzipBytes = Type.String({
  contentMediaType: 'application/gzip',
  description: 'The dump file, gzip-compressed.',
});

/**
 * What the ingest routes read (ingest-handler.ts): the raw dump (plain or gzip), one chunk as
 * multipart/form-data, or the assemble step as JSON, checked with `assemble`.
 */
export const ingestBodies = (assemble: object): Record<string, object> => ({
  'application/octet-stream': DumpBytes,
  'application/gzip': GzipBytes,
  'application/x-gzip': GzipBytes,
  'multipart/form-data': ChunkRequest,
  'application/json': assemble,
});

/** The Idempotency-Key header of the ingest routes (service/idempotent.ts checks it). */
export const IDEMPOTENCY_HEADER = {
  'Idempotency-Key': Type.String({
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description:
      'A key of your choice (1 to 255 visible ASCII characters): a retry with the same key and body answers what the first request answered (a success, 400 or 415) without a second charge; after any other failure the retry runs again. Chunks do not use it (a malformed one is refused there too).',
  }),
};

/**
 * Route options for routes whose bodies are JSON text already (payloads serialized in a worker or
 * stored; errors are small): their response schemas, kept for the published description and the
 * tests, generate no serializer code. Fastify would compile one for every route at start-up, and
 * the session payload's is about 340 KB of source per route and alias (2.8 MB in all), held on the
 * event loop's heap for good, where every full collection marks it again.
 */
export const TEXT_REPLIES = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;

/** Sends JSON that is already text (payloads serialized in a worker or stored), without re-serializing. */
export async function sendJsonText(
  reply: { type(t: string): unknown },
  text: string,
  status = 200,
): Promise<void> {
  const r = reply as unknown as import('fastify').FastifyReply;
  await r.code(status).type('application/json').send(text);
}
