import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, RouteOptions } from '../edge/app-scope.js';
import { readBearer, siteUrlOf } from '../edge/auth.js';
import { clientAddressKey } from '../edge/client-address.js';
import { ApiError } from '../service/api-error.js';
import type { McpHandlers } from './handlers.js';
import { MAX_BODY } from './limits.js';
import type { McpCaller } from './server-factory.js';

/**
 * An HTTP-level failure in the specification's transport error shape: id null, and an error with
 * code, message and data; data holds the HTTP status (and, where REST has one, the errorCode).
 */
const rpcError = (status: number, code: number, message: string, data: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code, message, data: { status, ...data } }, id: null }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );

/**
 * POST/GET/DELETE /v1.0/mcp: the 2026-07-28 protocol (stateless) and the 2025 era with
 * sessions kept in the database, so that any server node can serve any session.
 */
export function mcpRoutes(app: App, { ctx, alias }: RouteOptions): void {
  // The MCP SDK (and zod under it: 8 MB of heap) loads with the first MCP request. Until then the
  // event loop's isolate is that much smaller, and each of its garbage collections that much shorter.
  let loading: Promise<McpHandlers> | undefined;
  const handlers = () => {
    loading ??= import('./handlers.js').then(({ mcpHandlers }) => mcpHandlers(ctx));
    return loading;
  };
  app.addHook('onClose', async () => {
    if (loading) await (await loading).close();
  });
  // The SDK reads the body itself (and answers invalid JSON or a wrong media type in JSON-RPC form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_request, body, done) =>
    done(null, body),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const mcp = await handlers();
    const web = toWebRequest(request);
    const rejected = mcp.rejected(web);
    if (rejected) return send(reply, rejected);
    const caller = await identify(request);
    if (!(await mcp.isLegacy(web.clone()))) return send(reply, await mcp.modern(web, caller));
    return send(reply, await serveLegacy(web, request, caller, mcp));
  };

  async function identify(request: FastifyRequest): Promise<McpCaller> {
    const siteUrl = siteUrlOf(ctx, request);
    const bearer = readBearer(request);
    if ('problem' in bearer) return { problem: bearer.problem, siteUrl };
    const auth = await ctx.tokens.verify(bearer.token);
    return auth ? { auth, siteUrl } : { problem: 'invalid token', siteUrl };
  }

  /**
   * Whether the session exists for this caller. A session opened with a token belongs to that
   * token's account: anyone else (no token, an invalid one, another account's) is told it does not
   * exist, as for another account's stored session. One opened without a token is anyone's.
   */
  async function liveSession(id: string, caller: McpCaller): Promise<boolean> {
    const session = await ctx.storage.mcpSessions.get(id);
    if (!session) return false;
    return session.accountId === null || session.accountId === caller.auth?.account.id;
  }

  /**
   * Counts a new session in the reads limit: against the account whose token opened it, or without
   * a token against the caller's address. The answer when over the limit.
   */
  async function sessionLimit(caller: McpCaller, address: string): Promise<Response | undefined> {
    try {
      await ctx.rate.hit(
        caller.auth ? caller.auth.account.id : `address:${clientAddressKey(address)}`,
        'reads',
      );
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'rate_limited') throw error;
      const hint = caller.auth ? '' : ' Send the bearer token with initialize.';
      const response = rpcError(429, -32000, `${error.message}${hint}`, { errorCode: 'rate_limited' });
      for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
      return response;
    }
  }

  /** 2025 era: initialize opens a session (a database row); later requests must name a live one. */
  async function serveLegacy(
    web: Request,
    request: FastifyRequest,
    caller: McpCaller,
    mcp: McpHandlers,
  ): Promise<Response> {
    const sessionId = request.headers['mcp-session-id'];
    if (request.method === 'GET') {
      const refused = rpcError(405, -32000, 'Method not allowed: this server does not open SSE streams.');
      refused.headers.set('allow', 'POST, DELETE');
      return refused;
    }
    if (request.method === 'DELETE') {
      if (typeof sessionId !== 'string')
        return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return (await liveSession(sessionId, caller)) && (await ctx.storage.mcpSessions.delete(sessionId))
        ? new Response(null, { status: 204 })
        : rpcError(404, -32001, 'Session not found');
    }
    const body = parseJson(request.body as Buffer | undefined);
    if (body === undefined) return rpcError(400, -32700, 'Parse error: the body is not valid JSON');
    const initializing =
      !Array.isArray(body) && (body as { method?: unknown } | undefined)?.method === 'initialize';
    if (initializing) {
      const invalid = invalidInitialize(body, mcp);
      if (invalid) return invalid;
      const response = await mcp.legacy(web, caller);
      // A session exists once the SDK has accepted the initialize, not for each one it refuses.
      if (!(await initialized(response))) return response;
      // Each session is a database row kept for a day: it counts as a read, so that nobody can
      // fill the table, with a token or without.
      const refused = await sessionLimit(caller, request.ip);
      if (refused) return refused;
      const id = randomUUID();
      const version = (body as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
      const now = ctx.now();
      await ctx.storage.mcpSessions.create({
        id,
        accountId: caller.auth?.account.id ?? null,
        protocolVersion: typeof version === 'string' ? version : null,
        createdAt: now,
        lastSeenAt: now,
      });
      const headers = new Headers(response.headers);
      headers.set('mcp-session-id', id);
      return new Response(response.body, { status: response.status, headers });
    }
    if (typeof sessionId !== 'string')
      return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (!(await liveSession(sessionId, caller))) return rpcError(404, -32001, 'Session not found');
    await ctx.storage.mcpSessions.touch(sessionId, ctx.now());
    return mcp.legacy(web, caller);
  }

  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/mcp', schema: { hide: true }, handler });
  void alias;
}

/** HTTP-level failures of the MCP endpoint keep the JSON-RPC envelope with id null. */
export function installMcpErrorHandler(app: App): void {
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    const tooLarge = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    const status = tooLarge ? 413 : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'MCP endpoint failed');
    const message = tooLarge ? 'Request body too large' : status === 500 ? 'Internal error' : error.message;
    void reply
      .code(status)
      .type('application/json')
      .send({
        jsonrpc: '2.0',
        // data, as every HTTP-level failure of the endpoint has it (rpcError): the HTTP status.
        error: { code: status === 500 ? -32603 : -32000, message, data: { status } },
        id: null,
      });
  });
}

/**
 * An initialize request without the params the protocol requires (protocolVersion, capabilities,
 * clientInfo) gets JSON-RPC's Invalid params: the SDK would answer Internal error (-32603) with
 * its schema library's report, as if the server had failed.
 */
function invalidInitialize(body: unknown, mcp: McpHandlers): Response | undefined {
  const { jsonrpc, id } = body as { jsonrpc?: unknown; id?: unknown };
  if (jsonrpc !== '2.0' || !(typeof id === 'string' || typeof id === 'number')) return undefined;
  if (mcp.isInitialize(body)) return undefined;
  const message =
    'Invalid params: initialize needs params with protocolVersion, capabilities and clientInfo {name, version}';
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32602, message } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Whether the SDK's answer to initialize is a result rather than an error: a JSON body, or the
 * messages of an event stream. Read from a copy, so the answer itself is sent untouched; it is a
 * single small message, and the stream ends after it.
 */
async function initialized(response: Response): Promise<boolean> {
  if (response.status !== 200 || !response.body) return false;
  const text = await response.clone().text();
  const stream = response.headers.get('content-type')?.startsWith('text/event-stream');
  const messages = stream
    ? text
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5))
    : [text];
  return messages.some((m) => {
    const message = parseJson(Buffer.from(m)) as { result?: unknown; error?: unknown } | undefined;
    return typeof message === 'object' && message !== null && 'result' in message && !('error' in message);
  });
}

function parseJson(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const body = request.body as Buffer | undefined;
  const url = `${request.protocol}://${request.host}${request.url}`;
  return new Request(url, {
    method: request.method,
    headers,
    ...(body && body.length > 0 && request.method !== 'GET' ? { body: new Uint8Array(body) } : {}),
  });
}

async function send(reply: FastifyReply, answer: Response): Promise<void> {
  const response = answer.status >= 400 ? await withNullId(answer) : answer;
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  if (!response.body) return reply.send();
  // SSE answers stream as they come; JSON answers are small.
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * An HTTP-level failure answered by the SDK (a body that is not a JSON-RPC request, headers that
 * disagree with it) can carry the request's id, and has no data; the transport error shape has id
 * null and data, always (data: the HTTP status, as rpcError gives it).
 */
async function withNullId(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('application/json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
    const message = body as { id: unknown; error: { data?: unknown } };
    message.id = null;
    if (message.error && typeof message.error === 'object' && message.error.data === undefined)
      message.error.data = { status: response.status };
  }
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}
