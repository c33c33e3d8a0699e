import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Collector } from '../collect/collector.js';
import type { App, RouteOptions } from '../edge/app-scope.js';
import { authenticate } from '../edge/auth.js';
import { collectRoute } from '../http/collect-route.js';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandler,
  refuseWhileClosing,
} from '../http/error-handler.js';
import { RAW_TYPES } from '../http/ingest-handler.js';
import { type DocumentedRoute, openapiDocument } from '../http/openapi-document.js';
import { requestId } from '../http/request-id.js';
import { analyzeRoute } from '../http/routes/analyze.js';
import { collectedCallsRoute } from '../http/routes/collected-calls.js';
import { enrichRoute } from '../http/routes/enrich.js';
import { insightsRoutes } from '../http/routes/insights.js';
import { observationsRoutes } from '../http/routes/observations.js';
import { operationsRoutes } from '../http/routes/operations.js';
import { publishedRoutes } from '../http/routes/published.js';
import { quotaRoute } from '../http/routes/quota.js';
import { rawStatsRoutes } from '../http/routes/raw-stats.js';
import { dumpLinkRoute, sessionDumpRoute } from '../http/routes/session-dump.js';
import { sessionsRoutes } from '../http/routes/sessions.js';
import { uploadRoute } from '../http/routes/upload.js';
import { installMcpErrorHandler, mcpRoutes } from '../mcp/endpoint.js';
import type { ServiceContext } from '../service/context.js';
import { PROCESSOR_VERSION } from '../version.js';
import { webRoutes } from '../web/index.js';
import { webhooksRoutes } from '../webhooks/routes.js';
import { startWebhooks } from '../webhooks/service.js';
import { lazyCompilers } from './lazy-schemas.js';
import { mcpPathItem } from './openapi-mcp.js';

export interface AppOptions {
  /** Log requests through the context's logger (off in tests unless asked). */
  logRequests?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Readiness answers 503 once draining starts (graceful shutdown). */
  state: { draining: boolean };
  /** The server of GET /metrics when it has a port of its own (CALLSCOPE_METRICS_PORT). */
  metrics?: FastifyInstance;
  /** Live collection over WebSocket (/v1.0/collect). */
  collector: Collector;
}

const API_DESCRIPTION =
  'callscope analyzes WebRTC dumps (chrome://webrtc-internals exports and rtcstats dumps) and returns what happened on the call and what went wrong: a session summary, observations with severity, tags and evidence, and scores. It stores dumps per account, lists and filters them, and answers AI agents over MCP.';

/** The HTTP service over a service context: every route of the specification, docs and probes. */
export async function buildApp(ctx: ServiceContext, options: AppOptions = {}): Promise<BuiltApp> {
  const state = { draining: false };
  const app = Fastify({
    ...(options.logRequests ? { loggerInstance: ctx.log as FastifyBaseLogger } : { logger: false }),
    // The JSON bodies of the REST API are small (assemble ~300 bytes, PATCH at most ~40 KiB even with
    // every character escaped); dumps come as streams or chunks, MCP has a limit of its own. A low
    // limit bounds the event-loop time one JSON body can take (parse and validation).
    bodyLimit: 64 * 1024,
    genReqId: requestId,
    requestIdHeader: false,
    // Behind the configured proxies, request.ip is the client's (X-Forwarded-For), not the proxy's.
    ...(ctx.config.trustProxy ? { trustProxy: ctx.config.trustProxy } : {}),
    // Requests that still arrive while the server closes get 503 in the API's own shapes
    // (refuseWhileClosing), not Fastify's body, which has no errorCode.
    return503OnClosing: false,
    frameworkErrors,
    // Slow clients (slow-loris): the whole request must arrive within CALLSCOPE_REQUEST_TIMEOUT_MS,
    // its headers within the smaller of that and 60 s; Node checks at a quarter of the limit.
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      requestTimeout: ctx.config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, ctx.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(250, Math.floor(ctx.config.requestTimeoutMs / 4)),
      ),
    },
    clientErrorHandler,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
    schemaController: { compilersFactory: lazyCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();
  installErrorHandler(app);
  refuseWhileClosing(app);
  // The routes of the OpenAPI document: those with an operationId, as registered (prefix included).
  const documented: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.schema?.operationId) return;
    for (const method of [route.method].flat())
      documented.push({ method: String(method), url: route.url, schema: route.schema });
  });
  // Every answer names its request, so that a caller's report can be matched to the logs. No
  // answer is to be sniffed into another type: an error body quotes the path it was asked for.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
  });
  app.decorateRequest('auth', null);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    ctx.metrics.httpDuration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const v1 = (alias: boolean) => async (scope: App) => {
    scope.removeContentTypeParser('text/plain');
    // Some clients send Content-Type: application/json on every request, an empty DELETE or POST
    // (dump-link) included: an empty body is no body, and a route that needs one says which.
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      if (text === '') done(null, undefined);
      else json(request, text, done);
    });
    // Dumps stream through to a temporary file (spool counts the bytes against the limit).
    scope.addContentTypeParser(RAW_TYPES, (_request, _payload, done) => done(null));
    await scope.register(multipart, {
      limits: { fileSize: ctx.config.limits.maxChunkBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });
    scope.addHook('onRequest', authenticate(ctx));
    const routeOptions: RouteOptions = { ctx, alias };
    uploadRoute(scope, routeOptions);
    analyzeRoute(scope, routeOptions);
    quotaRoute(scope, routeOptions);
    sessionsRoutes(scope, routeOptions);
    insightsRoutes(scope, routeOptions);
    webhooksRoutes(scope, routeOptions);
    sessionDumpRoute(scope, routeOptions);
    dumpLinkRoute(scope, routeOptions);
    rawStatsRoutes(scope, routeOptions);
    collectedCallsRoute(scope, routeOptions);
    // The site alias serves every operation except enrich and observations (reference.md).
    if (!alias) {
      enrichRoute(scope, routeOptions);
      observationsRoutes(scope, routeOptions);
    }
  };
  await app.register(v1(false), { prefix: '/v1.0' });
  await app.register(v1(true), { prefix: '/api/callscope/v1.0' });
  // MCP sits outside the REST scope: its own body handling, auth per tool and JSON-RPC errors.
  for (const [prefix, alias] of [
    ['/v1.0', false],
    ['/api/callscope/v1.0', true],
  ] as const) {
    await app.register(
      async (scope: App) => {
        installMcpErrorHandler(scope);
        mcpRoutes(scope, { ctx, alias });
      },
      { prefix },
    );
  }
  // Built once, on first use: every route is registered by then.
  let openapi: Record<string, unknown> | undefined;
  publishedRoutes(app, ctx, () => {
    openapi ??= openapiDocument(documented, {
      title: 'callscope API',
      version: '1.0',
      description: `${API_DESCRIPTION} Processor ${PROCESSOR_VERSION}.`,
      apiUrl: ctx.config.apiUrl,
      siteUrl: ctx.config.siteUrl,
      mcpPathItem,
    });
    return openapi;
  });
  const metrics = operationsRoutes(app, ctx, state);
  webRoutes(app, ctx);
  const collector = collectRoute(app, ctx);
  // Webhook deliveries go out from every node; the dispatcher stops (bounded) when the app closes.
  startWebhooks(app, ctx);
  return { app, state, collector, ...(metrics ? { metrics } : {}) };
}
