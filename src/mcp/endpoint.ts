import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  legacyStatelessFallback,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { bearerToken, siteUrlOf } from '../http/auth.js';
import type { App, RouteOptions } from '../http/route-types.js';
import { callerInfo, type McpCaller, serverFactory } from './server-factory.js';

/**
 * JSON-RPC messages of these tools are small (list_sessions takes at most a few KiB of filters): a
 * low limit bounds the event-loop time one body can take to parse (4 MiB of JSON keys took ~1.5 s).
 */
const MAX_BODY = 256 * 1024;

const rpcError = (status: number, code: number, message: string) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const hostname = (url: string | undefined) => (url ? new URL(url).hostname : undefined);

/** Host and Origin allow-lists (DNS-rebinding protection), from configuration. */
export function allowLists(config: Config): { hosts?: string[]; origins: string[] } {
  const own = [hostname(config.apiUrl), hostname(config.siteUrl)].filter((h): h is string => h !== undefined);
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(config.host);
  const hosts =
    config.allowedHosts ?? (own.length || loopback ? [...localhostAllowedHostnames(), ...own] : undefined);
  return {
    ...(hosts ? { hosts } : {}),
    origins: config.allowedOrigins ?? [...localhostAllowedOrigins(), ...own],
  };
}

/**
 * POST/GET/DELETE /v1.0/mcp: the 2026-07-28 protocol (stateless) and the 2025 era with
 * sessions kept in the database, so that any server node can serve any session.
 */
export function mcpRoutes(app: App, { ctx, alias }: RouteOptions): void {
  const factory = serverFactory(ctx);
  const modern = createMcpHandler(factory, {
    legacy: 'reject',
    responseMode: 'auto',
    maxRequestBodySize: MAX_BODY,
  });
  const legacy = legacyStatelessFallback(factory, undefined, { maxRequestBodySize: MAX_BODY });
  const allowed = allowLists(ctx.config);
  app.addHook('onClose', async () => modern.close());
  // The SDK reads the body itself (and answers invalid JSON or a wrong media type in JSON-RPC form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_request, body, done) =>
    done(null, body),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const web = toWebRequest(request);
    const rejected =
      (allowed.hosts ? hostHeaderValidationResponse(web, allowed.hosts) : undefined) ??
      originValidationResponse(web, allowed.origins);
    if (rejected) return send(reply, rejected);
    const caller = await identify(request);
    const authInfo = callerInfo(caller);
    if (!(await isLegacyRequest(web.clone()))) return send(reply, await modern.fetch(web, { authInfo }));
    return send(reply, await serveLegacy(web, request, authInfo, caller));
  };

  async function identify(request: FastifyRequest): Promise<McpCaller> {
    const siteUrl = siteUrlOf(ctx, request);
    const token = bearerToken(request);
    if (!token) return { problem: 'no token', siteUrl };
    const auth = await ctx.tokens.verify(token);
    return auth ? { auth, siteUrl } : { problem: 'invalid token', siteUrl };
  }

  /** 2025 era: initialize opens a session (a database row); later requests must name a live one. */
  async function serveLegacy(
    web: Request,
    request: FastifyRequest,
    authInfo: ReturnType<typeof callerInfo>,
    caller: McpCaller,
  ): Promise<Response> {
    const sessionId = request.headers['mcp-session-id'];
    if (request.method === 'GET')
      return new Response(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: this server does not open SSE streams.' },
          id: null,
        }),
        {
          status: 405,
          headers: { 'content-type': 'application/json', allow: 'POST, DELETE' },
        },
      );
    if (request.method === 'DELETE') {
      if (typeof sessionId !== 'string')
        return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return (await ctx.storage.mcpSessions.delete(sessionId))
        ? new Response(null, { status: 204 })
        : rpcError(404, -32001, 'Session not found');
    }
    const body = parseJson(request.body as Buffer | undefined);
    if (body === undefined) return rpcError(400, -32700, 'Parse error: the body is not valid JSON');
    const initializing =
      !Array.isArray(body) && (body as { method?: unknown } | undefined)?.method === 'initialize';
    if (initializing) {
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
      const response = await legacy(web, { authInfo });
      const headers = new Headers(response.headers);
      headers.set('mcp-session-id', id);
      return new Response(response.body, { status: response.status, headers });
    }
    if (typeof sessionId !== 'string')
      return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    if (!(await ctx.storage.mcpSessions.get(sessionId))) return rpcError(404, -32001, 'Session not found');
    await ctx.storage.mcpSessions.touch(sessionId, ctx.now());
    return legacy(web, { authInfo });
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
      .send({ jsonrpc: '2.0', error: { code: status === 500 ? -32603 : -32000, message }, id: null });
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

async function send(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  if (!response.body) return reply.send();
  // SSE answers stream as they come; JSON answers are small.
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
