import {
  type AuthInfo,
  fromJsonSchema,
  McpServer,
  type McpServerFactory,
} from '@modelcontextprotocol/server';
import { NO_API_ACCESS, NOT_BEARER } from '../http/auth.js';
import { ApiError } from '../service/api-error.js';
import type { ServiceContext } from '../service/context.js';
import type { AuthContext } from '../service/tokens.js';
import { PROCESSOR_VERSION } from '../version.js';
import { argumentsChecker, UNCHECKED } from './arguments.js';
import { TOOLS } from './tools.js';

/** What the HTTP layer learned about the caller, carried to the tools through the SDK's authInfo. */
export interface McpCaller {
  auth?: AuthContext;
  /** Why there is no auth: no token, an Authorization header not `Bearer <token>`, or an invalid token. */
  problem?: 'no token' | 'not bearer' | 'invalid token';
  siteUrl: string;
}

export const callerInfo = (caller: McpCaller): AuthInfo => ({
  token: '',
  clientId: caller.auth?.account.id ?? 'anonymous',
  scopes: caller.auth ? [caller.auth.scope] : [],
  extra: { caller },
});

const INSTRUCTIONS =
  'callscope analyzes WebRTC sessions (browser dumps of calls). Use list_sessions to find calls (filter by problems with observationFlags/observationTags and has* flags), get_session for what happened on one call and what went wrong, and get_observation_explanation to explain an observation type.';

function failure(error: unknown): { isError: true; content: { type: 'text'; text: string }[] } {
  const e = error instanceof ApiError ? error : new ApiError('server_error', 'The tool failed on our side.');
  return {
    isError: true,
    content: [{ type: 'text', text: JSON.stringify({ error: e.message, errorCode: e.code }) }],
  };
}

/** A fresh McpServer per request (the SDK's instances are single-use), with the four tools. */
export function serverFactory(ctx: ServiceContext): McpServerFactory {
  const checks = new Map(TOOLS.map((tool) => [tool.name, argumentsChecker(tool.name, tool.input)]));
  return ({ authInfo }) => {
    const caller = (authInfo?.extra?.caller as McpCaller | undefined) ?? { problem: 'no token', siteUrl: '' };
    const server = new McpServer(
      { name: 'callscope', version: PROCESSOR_VERSION },
      // The SDK announces listChanged unless told: the tools never change, and with no SSE stream
      // (GET is 405) a change could not be announced anyway.
      { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } },
    );
    for (const tool of TOOLS) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: fromJsonSchema(tool.input as never, UNCHECKED),
          outputSchema: fromJsonSchema(tool.output as never),
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
        (async (args: Record<string, unknown>) => {
          try {
            if (!caller.auth)
              throw new ApiError(
                'authentication',
                caller.problem === 'invalid token'
                  ? 'The bearer token is not valid: it is malformed, forged or revoked.'
                  : caller.problem === 'not bearer'
                    ? NOT_BEARER
                    : 'This tool needs the account token: send "Authorization: Bearer <application token>".',
              );
            if (!caller.auth.account.apiAccess) throw new ApiError('forbidden', NO_API_ACCESS);
            // As REST: the token is checked first, then the arguments, then the rate.
            const problem = checks.get(tool.name)!(args ?? {});
            if (problem) throw new ApiError('invalid_request', problem);
            await ctx.rate.hit(caller.auth.account.id, 'reads');
            const result = await tool.run({ ctx, auth: caller.auth, siteUrl: caller.siteUrl }, args ?? {});
            const json = { type: 'text' as const, text: JSON.stringify(result) };
            return {
              structuredContent: result as Record<string, unknown>,
              content: tool.lead ? [{ type: 'text' as const, text: tool.lead(result) }, json] : [json],
            };
          } catch (error) {
            if (!(error instanceof ApiError))
              ctx.log.error({ err: error, tool: tool.name }, 'MCP tool failed');
            return failure(error);
          }
        }) as never,
      );
    }
    return server;
  };
}
