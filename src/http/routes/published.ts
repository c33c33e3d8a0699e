import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { API_VERSION, PUBLISHED_SCHEMAS, schemaDocument } from '../../model/api/published.js';
import { ApiError } from '../../service/api-error.js';
import type { ServiceContext } from '../../service/context.js';
import { siteUrlOf } from '../auth.js';
import { openapiMarkdown } from '../openapi-markdown.js';

/** The machine-readable description: OpenAPI, its Markdown rendering and the JSON Schemas. No token. */
export function publishedRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const hide = { schema: { hide: true } };
  app.get('/api/openapi', hide, async () => app.swagger());
  app.get('/api/openapi.json', hide, async () => app.swagger());
  app.get('/api-docs.md', hide, async (_request, reply) =>
    reply
      .type('text/markdown; charset=utf-8')
      .send(openapiMarkdown(app.swagger() as unknown as Record<string, unknown>)),
  );
  app.get('/api/schemas', hide, async (request) => {
    const base = siteUrlOf(ctx, request);
    return {
      apiVersion: API_VERSION,
      schemas: Object.keys(PUBLISHED_SCHEMAS).map((name) => ({
        name,
        $id: `${base}/api/schemas/${name}.json`,
        url: `${base}/api/schemas/${name}.json`,
      })),
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
