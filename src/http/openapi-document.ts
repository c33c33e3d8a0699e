/**
 * The OpenAPI 3.0 document of the API (`/api/openapi`), built from the routes themselves: their
 * TypeBox schemas (what Fastify validates with), the bodies the ingest routes read, and the
 * statuses and headers the service answers with. Published schemas are named components.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifySchema } from 'fastify';
import { PUBLISHED_SCHEMAS } from '../model/api/published.js';
import { ERROR_CATALOG } from '../service/api-error.js';
import { OpenApiSchemas } from './openapi-schema.js';

type Json = Record<string, unknown>;

/** A route as registered (collected by an onRoute hook, see app/build-app.ts). */
export interface DocumentedRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}

export interface DocumentOptions {
  title: string;
  version: string;
  description: string;
  /** {base_url}: where /v1.0 is served (CALLSCOPE_API_URL); unset, the server's own origin. */
  apiUrl: string | undefined;
  /** {site_url}: where the site alias is served (CALLSCOPE_SITE_URL); unset, the server's own origin. */
  siteUrl: string | undefined;
  /**
   * The MCP endpoint's path item, which its route does not describe through Fastify (it reads its
   * own body and answers JSON-RPC): given by the app, which puts REST and MCP together.
   */
  mcpPathItem(schemas: OpenApiSchemas): Json;
}

/** The prefix of the site alias: the same operations as /v1.0, but enrich and observations. */
export const ALIAS_PREFIX = '/api/callscope/v1.0';
export const V1_PREFIX = '/v1.0';

export const TAGS = [
  { name: 'Dumps', description: 'Analyze, upload and enrich dumps.' },
  { name: 'Sessions', description: 'Stored sessions.' },
  { name: 'Observations', description: 'The observation catalog.' },
  { name: 'Account', description: 'Credits.' },
  { name: 'MCP', description: 'The Model Context Protocol endpoint, for AI agents.' },
  {
    name: 'Site alias',
    description: `The same operations under the site's ${ALIAS_PREFIX} prefix (all but enrich and observations), as the specification serves them on {site_url}.`,
  },
];

/** Headers an answer may carry, as components (referenced from the responses). */
const HEADERS: Record<string, Json> = {
  'X-Request-Id': {
    description:
      "The request's id in the server logs: the caller's own X-Request-Id when it sent a sensible one (1 to 128 of A-Z, a-z, 0-9, `.`, `_`, `:` and `-`), else a UUID.",
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description:
      "Requests the account may make in the window, for this operation's bucket (ingest, chunks or reads).",
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window starts again.',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' },
  },
  'WWW-Authenticate': {
    description: 'The bearer scheme, and `error="invalid_token"` when a token was sent but is not valid.',
    schema: { type: 'string' },
  },
};

const header = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = {
  'X-RateLimit-Limit': header('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': header('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': header('X-RateLimit-Reset'),
};

/**
 * Statuses every request can meet: a malformed URL (400), a request sent too slowly (408) or
 * with headers over 16 KiB (431), a failure (500), an unreachable database or a server shutting
 * down (503). With a token: 401, 403, and the account's rate limit (429).
 */
const ANY_REQUEST = [400, 408, 431, 500, 503];
const WITH_TOKEN = [401, 403, 429];
/** Statuses Node answers itself, before a request reaches the service: no X-Request-Id. */
const BEFORE_THE_SERVICE = new Set([408, 431]);

/** The description of an error status: the errorCodes it carries, and when. */
export function errorDescription(status: number): string {
  const codes = Object.entries(ERROR_CATALOG).filter(([, e]) => e.status === status);
  return codes.map(([code, e]) => `\`${code}\`: ${e.when}`).join(' Or ');
}

/** The name of an error response component: the status's reason phrase (`TooManyRequests`). */
export const errorResponseName = (status: number) =>
  (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z]/g, '');

function errorResponse(schemas: OpenApiSchemas, status: number): Json {
  const headers: Json = BEFORE_THE_SERVICE.has(status) ? {} : { 'X-Request-Id': header('X-Request-Id') };
  if (status === 401) headers['WWW-Authenticate'] = header('WWW-Authenticate');
  if (status === 429) Object.assign(headers, RATE_HEADERS, { 'Retry-After': header('Retry-After') });
  if (status === 503) headers['Retry-After'] = header('Retry-After');
  return {
    description: errorDescription(status),
    ...(Object.keys(headers).length ? { headers } : {}),
    content: { 'application/json': { schema: schemas.ref('Error') } },
  };
}

const pathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const capitalized = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

function parameters(schemas: OpenApiSchemas, route: FastifySchema): Json[] {
  const out: Json[] = [];
  const add = (where: 'path' | 'query' | 'header', object: unknown) => {
    const o = object as { properties?: Record<string, Json>; required?: string[] } | undefined;
    for (const [name, schema] of Object.entries(o?.properties ?? {})) {
      const { description, ...rest } = schemas.convert(schema);
      out.push({
        name,
        in: where,
        ...(description ? { description } : {}),
        required: where === 'path' || (o?.required ?? []).includes(name),
        ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
        schema: rest,
      });
    }
  };
  add('path', route.params);
  add('query', route.querystring);
  const headers = route.requestHeaders ?? {};
  add('header', { properties: headers });
  return out;
}

function requestBody(schemas: OpenApiSchemas, route: FastifySchema): Json | undefined {
  if (route.body)
    return { required: true, content: { 'application/json': { schema: schemas.convert(route.body) } } };
  if (!route.requestBodies) return undefined;
  return {
    required: true,
    content: Object.fromEntries(
      Object.entries(route.requestBodies).map(([type, schema]) => [
        type,
        { schema: schemas.convert(schema) },
      ]),
    ),
  };
}

function operation(schemas: OpenApiSchemas, errors: Set<number>, method: string, route: FastifySchema): Json {
  const withToken = (route.security ?? []).length > 0;
  const responses: Record<string, Json> = {};
  const declared = (route.response ?? {}) as Record<string, unknown>;
  const statuses = new Set([
    ...Object.keys(declared).map(Number),
    ...ANY_REQUEST,
    ...(withToken ? WITH_TOKEN : []),
    // A body over the limit of its media type: 413, whatever the operation does with it.
    ...(method === 'GET' ? [] : [413]),
  ]);
  for (const status of [...statuses].sort((a, b) => a - b)) {
    if (status >= 400) {
      responses[status] = { $ref: `#/components/responses/${errorResponseName(status)}` };
      errors.add(status);
      continue;
    }
    const schema = schemas.convert(declared[status]);
    const headers: Json = {
      'X-Request-Id': header('X-Request-Id'),
      ...(withToken ? RATE_HEADERS : {}),
      ...Object.fromEntries(
        Object.entries(route.responseHeaders ?? {}).map(([name, s]) => {
          const { description, ...rest } = schemas.convert(s);
          return [name, { ...(description ? { description } : {}), schema: rest }];
        }),
      ),
    };
    responses[status] = {
      description: typeof schema.description === 'string' ? schema.description : 'Success.',
      headers,
      content: { [route.produces ?? 'application/json']: { schema } },
    };
  }
  const params = parameters(schemas, route);
  const body = requestBody(schemas, route);
  return {
    operationId: route.operationId,
    ...(route.summary ? { summary: route.summary } : {}),
    ...(route.description ? { description: route.description } : {}),
    ...(route.tags ? { tags: [...route.tags] } : {}),
    ...(route.security ? { security: route.security } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** An operation of the site alias: the same as its /v1.0 one, named and tagged apart. */
function aliasOperation(op: Json, method: string, path: string): Json {
  const id = String(op.operationId);
  const v1 = `${V1_PREFIX}${path.slice(ALIAS_PREFIX.length)}`;
  return {
    ...op,
    operationId: `site${capitalized(id)}`,
    summary: `${op.summary ?? id} (site alias)`,
    description: `\`${id}\` (${method.toUpperCase()} ${v1}) under the site's prefix: the same parameters, bodies and answers.`,
    tags: ['Site alias'],
  };
}

/** The OpenAPI document of the documented routes (those with an operationId) and the MCP endpoint. */
export function openapiDocument(routes: readonly DocumentedRoute[], options: DocumentOptions): Json {
  const schemas = new OpenApiSchemas(PUBLISHED_SCHEMAS);
  /** The error statuses the operations answer: one response component each. */
  const errors = new Set<number>();
  const v1: Record<string, Json> = {};
  const alias: Record<string, Json> = {};
  for (const route of routes) {
    if (!route.schema.operationId || route.method === 'HEAD') continue;
    const method = route.method.toLowerCase();
    const path = pathOf(route.url);
    const onAlias = path.startsWith(`${ALIAS_PREFIX}/`);
    const op = operation(schemas, errors, route.method, route.schema);
    const items = onAlias ? alias : v1;
    items[path] = { ...items[path], [method]: onAlias ? aliasOperation(op, method, path) : op };
  }
  const mcp = options.mcpPathItem(schemas);
  v1[`${V1_PREFIX}/mcp`] = mcp;
  alias[`${ALIAS_PREFIX}/mcp`] = Object.fromEntries(
    Object.entries(mcp).map(([method, op]) => [
      method,
      aliasOperation(op as Json, method, `${ALIAS_PREFIX}/mcp`),
    ]),
  );
  const api = options.apiUrl ?? '/';
  const site = options.siteUrl ?? '/';
  if (site !== api)
    for (const item of Object.values(alias))
      item.servers = [{ url: site, description: `The site URL: the API is under ${ALIAS_PREFIX}.` }];
  const responses = Object.fromEntries(
    [...errors]
      .sort((a, b) => a - b)
      .map((status) => [errorResponseName(status), errorResponse(schemas, status)]),
  );
  const components = schemas.components();
  return {
    openapi: '3.0.3',
    info: {
      title: options.title,
      version: options.version,
      description: options.description,
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    },
    servers: [{ url: api, description: `API base URL: every operation is under ${V1_PREFIX}.` }],
    tags: TAGS,
    paths: { ...v1, ...alias },
    components: {
      schemas: components,
      responses,
      headers: HEADERS,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
