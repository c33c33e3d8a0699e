import type {} from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import Type from 'typebox';
import { ErrorResponse } from '../model/api/resources.js';
import type { ServiceContext } from '../service/context.js';
import { errorResponses } from './error-handler.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface RouteOptions {
  ctx: ServiceContext;
  /** The site alias (/api/callscope/v1.0): same operations, hidden from the OpenAPI document. */
  alias: boolean;
}

export const BEARER = [{ bearerAuth: [] }];

/** Error responses of a route, by status. */
export const errors = (...statuses: number[]) => errorResponses(statuses, ErrorResponse);

/** A boolean query flag: true/false, or 1/0 as the specification writes save=1. */
export const QueryFlag = Type.Union([
  Type.Literal('true'),
  Type.Literal('false'),
  Type.Literal('1'),
  Type.Literal('0'),
]);
export const flag = (v: string | undefined): boolean | undefined =>
  v === undefined ? undefined : v === 'true' || v === '1';

/** Raw dump, chunk, or assemble step: what the ingest routes accept (documented, not validated here). */
export const INGEST_CONSUMES = ['application/octet-stream', 'multipart/form-data', 'application/json'];

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
