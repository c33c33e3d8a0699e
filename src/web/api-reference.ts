/**
 * `/api-docs`: the API reference as a page, Swagger UI over `/api/openapi`. Swagger UI comes
 * from the swagger-ui-dist package on this server (no CDN: it works offline and behind a
 * firewall); its start script is a file of ours, so the page runs no inline script.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service/context.js';
import { cached, STATIC_DIR, sendAsset } from './assets.js';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page uses, with their media types. */
export const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

/** The page's own files (src/web/static). */
const OWN_FILES: Record<string, string> = {
  'api-reference.js': 'text/javascript; charset=utf-8',
  'api-reference.css': 'text/css; charset=utf-8',
};

/**
 * Scripts, styles and images of this origin only. Swagger UI sets styles through the CSSOM, which
 * style-src does not restrict, and draws some icons as data: images. "Try it out" calls the API:
 * this origin, and the API's own when CALLSCOPE_API_URL names another.
 */
export function apiReferencePolicy(apiUrl: string | undefined): string {
  const api = apiUrl ? new URL(apiUrl).origin : undefined;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${api ? ` ${api}` : ''}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>API reference · callscope</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/swagger-ui/swagger-ui.css">
<link rel="stylesheet" href="/assets/api-reference.css">
<script src="/assets/swagger-ui/swagger-ui-bundle.js" defer></script>
<script src="/assets/api-reference.js" defer></script>
</head>
<body>
<header class="api-header"><a class="brand" href="/sessions">callscope</a>
<nav aria-label="API description"><a href="/api/openapi">OpenAPI (JSON)</a> <a href="/api-docs.md">Markdown</a> <a href="/api/schemas">JSON Schemas</a></nav></header>
<main id="swagger-ui" data-openapi="/api/openapi"><p>Loading the API reference…</p><noscript><p>This page needs JavaScript: the same reference is at <a href="/api-docs.md">/api-docs.md</a>.</p></noscript></main>
</body>
</html>
`;

export function apiReferenceRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const hide = { schema: { hide: true } };
  const policy = apiReferencePolicy(ctx.config.apiUrl);
  app.get('/api-docs', hide, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .send(PAGE),
  );
  app.get<{ Params: { name: string } }>('/assets/swagger-ui/:name', hide, async (request, reply) => {
    const { name } = request.params;
    const type = Object.hasOwn(SWAGGER_UI_FILES, name) ? SWAGGER_UI_FILES[name] : undefined;
    const found = type ? await cached(join(SWAGGER_UI_DIR, name)) : undefined;
    return sendAsset(request, reply, found, type ?? '');
  });
  for (const [name, type] of Object.entries(OWN_FILES))
    app.get(`/assets/${name}`, hide, async (request, reply) =>
      sendAsset(request, reply, await cached(join(STATIC_DIR, name)), type),
    );
}
