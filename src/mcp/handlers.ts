/**
 * What the MCP endpoint takes from the SDK, built once, on the endpoint's first request (see
 * mcpRoutes): the two protocol eras' handlers and the DNS-rebinding checks.
 */
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  legacyStatelessFallback,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import type { Config } from '../config/config.js';
import type { ServiceContext } from '../service/context.js';
import { MAX_BODY } from './limits.js';
import { callerInfo, type McpCaller, serverFactory } from './server-factory.js';

export interface McpHandlers {
  /** The answer to a request whose Host or Origin is not allowed, or undefined. */
  rejected(web: Request): Response | undefined;
  isLegacy(web: Request): Promise<boolean>;
  /** Whether a parsed body is an initialize request with the params the protocol requires. */
  isInitialize(body: unknown): boolean;
  /** The 2026-07-28 protocol (stateless). */
  modern(web: Request, caller: McpCaller): Promise<Response>;
  /** The 2025 era, once the session is checked. */
  legacy(web: Request, caller: McpCaller): Promise<Response>;
  close(): Promise<void>;
}

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

export function mcpHandlers(ctx: ServiceContext): McpHandlers {
  const factory = serverFactory(ctx);
  const modern = createMcpHandler(factory, {
    legacy: 'reject',
    responseMode: 'auto',
    maxRequestBodySize: MAX_BODY,
  });
  const legacy = legacyStatelessFallback(factory, undefined, { maxRequestBodySize: MAX_BODY });
  const allowed = allowLists(ctx.config);
  return {
    rejected: (web) =>
      (allowed.hosts ? hostHeaderValidationResponse(web, allowed.hosts) : undefined) ??
      originValidationResponse(web, allowed.origins),
    isLegacy: (web) => isLegacyRequest(web),
    isInitialize: (body) => isInitializeRequest(body),
    modern: (web, caller) => modern.fetch(web, { authInfo: callerInfo(caller) }),
    legacy: (web, caller) => legacy(web, { authInfo: callerInfo(caller) }),
    close: async () => {
      await modern.close();
    },
  };
}
