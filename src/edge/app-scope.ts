import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ServiceContext } from '../service/context.js';

/** The Fastify scope the edges (REST routes, MCP, web pages) register on, with TypeBox types. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What the app hands each edge it registers. */
export interface RouteOptions {
  ctx: ServiceContext;
  /** The site alias (/api/callscope/v1.0): same operations, hidden from the OpenAPI document. */
  alias: boolean;
}
