import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { siteUrlOf } from '../../edge/auth.js';
import {
  API_VERSION,
  EXTENSION_SCHEMAS,
  SPECIFICATION_SCHEMAS,
  schemaDocument,
} from '../../model/api/published.js';
import { ApiError } from '../../service/api-error.js';
import type { ServiceContext } from '../../service/context.js';
import { openapiMarkdown } from '../openapi-markdown.js';

/**
 * The machine-readable description: OpenAPI (`document` builds it), its Markdown rendering and
 * the JSON Schemas. No token.
 */
export function publishedRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  document: () => Record<string, unknown>,
): void {
  const hide = { schema: { hide: true } };
  // As text: the document is built once and never changes while the server runs.
  let text: string | undefined;
  const openapi = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    text ??= JSON.stringify(document());
    return reply.type('application/json; charset=utf-8').send(text);
  };
  app.get('/api/openapi', hide, openapi);
  app.get('/api/openapi.json', hide, openapi);
  let markdown: string | undefined;
  app.get('/api-docs.md', hide, async (_request, reply) => {
    markdown ??= openapiMarkdown(document());
    return reply.type('text/markdown; charset=utf-8').send(markdown);
  });
  // The specification's 14 schemas in `schemas`; callscope's own under `extensions`.
  app.get('/api/schemas', hide, async (request) => {
    const base = siteUrlOf(ctx, request);
    const entries = (schemas: Record<string, object>) =>
      Object.keys(schemas).map((name) => ({
        name,
        $id: `${base}/api/schemas/${name}.json`,
        url: `${base}/api/schemas/${name}.json`,
      }));
    return {
      apiVersion: API_VERSION,
      schemas: entries(SPECIFICATION_SCHEMAS),
      extensions: entries(EXTENSION_SCHEMAS),
    };
  });
  app.get<{ Params: { file: string } }>(
    '/api/schemas/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) => {
      const name = request.params.file.replace(/\.json$/, '');
      const doc = schemaDocument(name, siteUrlOf(ctx, request));
      if (!doc) throw new ApiError('not_found', `No schema "${name.slice(0, 80)}": see /api/schemas.`);
      return reply.type('application/schema+json').send(JSON.stringify(doc));
    },
  );
}
