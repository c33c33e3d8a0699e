import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentType } from '../edge/auth.js';
import { ApiError, ERROR_CATALOG, type ErrorCode } from '../service/api-error.js';
import { LIST_VALUE_PATTERN } from '../service/session-filters.js';
import { isStorageUnavailable } from '../storage/unavailable.js';

/** Retry-After of a 503 while the database is unreachable: a restart or failover takes seconds. */
const DATABASE_RETRY_AFTER_S = 5;

/** Fastify's own failures, as catalog errors. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'file_too_large', message: 'The request body exceeds the limit.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large', message: 'The chunk exceeds the limit.' },
  FST_PARTS_LIMIT: { code: 'invalid_request', message: 'Too many multipart parts.' },
  FST_FILES_LIMIT: { code: 'invalid_request', message: 'Send one chunk per request.' },
  FST_FIELDS_LIMIT: { code: 'invalid_request', message: 'Too many multipart fields.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'invalid_request', message: 'Expected multipart/form-data.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'invalid_request' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_request',
    message: 'Content-Length does not match the body.',
  },
};

type ValidationIssue = NonNullable<FastifyError['validation']>[number];
type Json = Record<string, unknown>;

/** Where a refused value sits: its schema in the route's, and the value as received. */
interface Refused {
  schema: Json | undefined;
  value: unknown;
}

/** The schema and the value at an Ajv instance path (`/observationTags/0`) of one part of a request. */
function refusedAt(request: FastifyRequest, where: string, instancePath: string): Refused {
  const part = where === 'querystring' ? 'query' : where;
  let schema = (request.routeOptions.schema as Json | undefined)?.[where] as Json | undefined;
  let value: unknown = (request as unknown as Json)[part];
  for (const step of instancePath.split('/').slice(1)) {
    const index = /^\d+$/.test(step);
    schema = (index ? schema?.items : (schema?.properties as Json | undefined)?.[step]) as Json | undefined;
    value = value !== null && typeof value === 'object' ? (value as Json)[step] : undefined;
  }
  return { schema, value };
}

/**
 * Ajv's wording where it says nothing a caller can act on: a choice of constants gives "must be
 * equal to constant" for its first branch, a pattern gives the regular expression, a number out of
 * range names one bound of two.
 */
function plainMessage(
  issues: readonly ValidationIssue[],
  first: ValidationIssue | undefined,
  { schema }: Refused,
): string | undefined {
  if (!first) return undefined;
  if (first.keyword === 'const') {
    const allowed = issues
      .filter((i) => i.keyword === 'const' && i.instancePath === first.instancePath)
      .map((i) => String((i.params as { allowedValue?: unknown }).allowedValue));
    return `must be one of ${allowed.join(', ')}`;
  }
  const s = schema ?? {};
  if (s.type === 'boolean') return 'must be true or false';
  if (s.type === 'integer' && typeof s.minimum === 'number' && typeof s.maximum === 'number')
    return `must be a whole number from ${s.minimum} to ${s.maximum}`;
  if (first.keyword === 'enum')
    return `must be one of ${((first.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')}`;
  if (first.keyword === 'format' && s.format === 'uuid') return 'must be a UUID';
  if (first.keyword === 'pattern' && s.pattern === LIST_VALUE_PATTERN)
    return 'needs a character other than a space';
  if (first.keyword === 'maxItems')
    return `takes at most ${(first.params as { limit?: number }).limit} values`;
  if (
    (first.keyword === 'minLength' || first.keyword === 'maxLength') &&
    typeof s.minLength === 'number' &&
    typeof s.maxLength === 'number'
  )
    return `must be ${s.minLength} to ${s.maxLength} characters`;
  return undefined;
}

/**
 * A single-valued query parameter given twice (`?limit=10&limit=20`) arrives as an array, which
 * the schema words as "must be string": say what the caller did instead.
 */
function repeated(
  first: ValidationIssue | undefined,
  where: string,
  path: string,
  request: FastifyRequest,
): string | undefined {
  if (first?.keyword !== 'type' || where !== 'querystring' || !path) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[path];
  return Array.isArray(value) ? `${path} is given ${value.length} times; it takes one value` : undefined;
}

/** Routes that take a dump: their refusals of a body say how to send one. */
const INGEST_ROUTE = /\/(analyze|upload|enrich)$/;
const AS_OCTETS =
  'as application/octet-stream (curl --data-binary @dump.txt), chunks as multipart/form-data, or the assemble step as application/json';

/**
 * What to send instead, for a body refused for its type or size before any route ran. A
 * webrtc-internals export is JSON, so sending it as application/json is a natural mistake: it
 * meets the 64 KiB limit of the API's JSON bodies (the assemble step is a few hundred bytes).
 */
function bodyHint(code: string, request: FastifyRequest): string | undefined {
  const ingest = INGEST_ROUTE.test(request.routeOptions.url ?? '');
  const type = contentType(request) || '(none)';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return ingest
      ? `Content-Type "${type}" is not accepted here: send the dump itself ${AS_OCTETS}.`
      : `Content-Type "${type}" is not accepted here: send JSON (application/json).`;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' && type === 'application/json')
    return ingest
      ? `JSON bodies are limited to 64 KiB: here a JSON body is the assemble step. To send a dump, send it ${AS_OCTETS}.`
      : 'JSON bodies are limited to 64 KiB.';
  return undefined;
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply
    .code(error.status)
    .type('application/json')
    .send({ error: error.message, errorCode: error.code });
}

/** Every failure leaves as `{error, errorCode}` with its catalog status; never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    // A body left unread (refused early, or cut off at a limit) would be parsed as the next request
    // on a kept-alive connection: close it, as Fastify does for its own body-parser errors.
    if (!request.raw.complete || request.raw.destroyed) reply.header('connection', 'close');
    if (error instanceof ApiError) {
      // A 500 the service chose (an analysis stopped at its time limit, a stored dump gone
      // missing) was otherwise only a status code in the request log: say why, under the
      // request's id, so that the dump behind it can be found.
      if (error.status >= 500 && error.code === 'server_error')
        request.log.error({ reason: error.message }, 'request failed');
      return sendError(reply, error);
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const where = fe.validationContext ?? 'request';
      const first = fe.validation[0];
      const refused = refusedAt(request, where, first?.instancePath ?? '');
      // A value of an array filter is named by its parameter and quoted: `observationTags value "x"`.
      const item = /^\/([^/]+)\/\d+$/.exec(first?.instancePath ?? '');
      const path = item
        ? `${item[1]} value ${JSON.stringify(String(refused.value)).slice(0, 100)}`
        : first?.instancePath
          ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
          : '';
      const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
      const detail = extra
        ? `unknown parameter "${extra}"`
        : (repeated(first, where, path, request) ??
          `${path ? `${path} ` : ''}${plainMessage(fe.validation, first, refused) ?? first?.message ?? 'is invalid'}`);
      return sendError(reply, new ApiError('invalid_request', `Invalid ${where}: ${detail}.`));
    }
    const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
    if (mapped)
      return sendError(
        reply,
        new ApiError(mapped.code, bodyHint(fe.code!, request) ?? mapped.message ?? fe.message),
      );
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const code: ErrorCode =
        fe.statusCode === 413 ? 'file_too_large' : fe.statusCode === 404 ? 'not_found' : 'invalid_request';
      return sendError(reply, new ApiError(code, fe.message));
    }
    if (isStorageUnavailable(error)) {
      // The database is away (restart, failover, network cut): worth a retry, which a 500 does
      // not say. Logged as a warning with the driver's message only (its error carries the client).
      request.log.warn({ reason: (error as Error).message }, 'database unavailable');
      return sendError(
        reply,
        new ApiError('server_busy', 'The database is unreachable for the moment: retry shortly.', {
          'retry-after': String(DATABASE_RETRY_AFTER_S),
        }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new ApiError('server_error', 'Something went wrong on our side; the request was not completed.'),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)),
  );
}

/** Retry-After of a 503 while the server shuts down: another node, or this one restarted, will answer. */
const CLOSING_RETRY_AFTER_S = 5;

/**
 * Requests that still arrive while the server closes (on a kept-alive connection): 503
 * server_busy with Retry-After and the connection closed, in the REST error shape, or in the
 * transport error shape on the MCP endpoint.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    const message = 'The server is shutting down: retry shortly.';
    reply
      .header('x-request-id', request.id)
      .header('connection', 'close')
      .header('retry-after', String(CLOSING_RETRY_AFTER_S));
    if (/\/mcp$/.test(request.routeOptions.url ?? ''))
      return reply
        .code(503)
        .type('application/json')
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message, data: { status: 503, errorCode: 'server_busy' } },
          id: null,
        });
    return sendError(reply, new ApiError('server_busy', message));
  });
}

/**
 * Errors of Fastify's router, before any route runs (a path parameter over the router's length
 * limit, a malformed percent-encoding): answered in the catalog's shape too, never Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long (ids are UUIDs, observation types short names).'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not valid: a path component is not correctly percent-encoded.'
        : 'The request could not be routed.';
  // No hook runs before the router: the headers every answer carries are set here.
  reply.header('x-request-id', request.id).header('x-content-type-options', 'nosniff');
  sendError(reply, new ApiError('invalid_request', message));
}

/**
 * Failures of Node's HTTP parser, before Fastify sees a request: a request that did not arrive in
 * time (slow clients, CALLSCOPE_REQUEST_TIMEOUT_MS), headers over Node's 16 KiB, or bytes that are
 * not HTTP. Answered in the catalog's shape, then the connection is closed.
 */
export function clientErrorHandler(
  error: Error & { code?: string },
  socket: import('node:stream').Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message]: [number, string, ErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [
          408,
          'Request Timeout',
          'request_timeout',
          'The request did not arrive in time: it was sent too slowly.',
        ]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers exceed 16 KiB.']
        : [400, 'Bad Request', 'invalid_request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ error: message, errorCode: code });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}

/** The error codes a route can answer, as response schemas for the OpenAPI document. */
export function errorResponses(statuses: readonly number[], schema: object): Record<number, object> {
  const out: Record<number, object> = {};
  for (const status of statuses) {
    const codes = Object.entries(ERROR_CATALOG)
      .filter(([, v]) => v.status === status)
      .map(([k]) => k);
    out[status] = { ...schema, description: `errorCode: ${codes.join(' or ')}` };
  }
  return out;
}
