import {
  type AuthInfo,
  type McpServerFactory,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type Tool,
} from '@modelcontextprotocol/server';
import { NO_API_ACCESS, NOT_BEARER } from '../edge/auth.js';
import { ApiError } from '../service/api-error.js';
import type { ServiceContext } from '../service/context.js';
import type { AuthContext } from '../service/tokens.js';
import { PROCESSOR_VERSION } from '../version.js';
import { argumentsChecker } from './arguments.js';
import { compactSchema } from './compact-schema.js';
import { toolError } from './tool-error.js';
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
  'callscope analyzes WebRTC sessions (browser dumps of calls). Use list_sessions to find calls (filter by problems with observationFlags/observationTags and has* flags), get_session for what happened on one call and what went wrong (a summary; view full for everything), get_stream_series for the metrics of one stream over time, and get_observation_explanation to explain an observation type.';

/**
 * A fresh Server per request (the SDK's instances are single-use) with the tools. The SDK's
 * low-level Server, not McpServer: McpServer turns every error a tool throws into an `isError`
 * result, where the specification wants a tool's failure as the JSON-RPC error of its tools/call
 * (see toolError). The tools' schemas are JSON Schemas already (TypeBox), sent as they are.
 */
export function serverFactory(ctx: ServiceContext): McpServerFactory {
  const checks = new Map(TOOLS.map((tool) => [tool.name, argumentsChecker(tool.name, tool.input)]));
  const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const listed = {
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: compactSchema(tool.input) as Tool['inputSchema'],
      outputSchema: compactSchema(tool.output, { descriptions: false, output: true }) as Tool['outputSchema'],
      annotations: { readOnlyHint: true, openWorldHint: false },
    })),
  };
  return ({ authInfo }) => {
    const caller = (authInfo?.extra?.caller as McpCaller | undefined) ?? { problem: 'no token', siteUrl: '' };
    const server = new Server(
      { name: 'callscope', version: PROCESSOR_VERSION },
      // The tools never change while a server runs, and with no SSE stream (GET is 405) a change
      // could not be announced anyway.
      { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } },
    );
    server.setRequestHandler('tools/list', () => listed);
    server.setRequestHandler('tools/call', async (request) => {
      const tool = byName.get(request.params.name);
      if (!tool)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${request.params.name}.`, {
          errorCode: 'invalid_request',
          status: 400,
        });
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
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
        const problem = checks.get(tool.name)!(args);
        if (problem) throw new ApiError('invalid_request', problem);
        await ctx.rate.hit(caller.auth.account.id, 'reads');
        const result = await tool.run({ ctx, auth: caller.auth, siteUrl: caller.siteUrl }, args);
        const json = { type: 'text' as const, text: JSON.stringify(result) };
        return server.projectCallToolResult(
          {
            structuredContent: result as Record<string, unknown>,
            content: tool.lead ? [{ type: 'text' as const, text: tool.lead(result) }, json] : [json],
          },
          tool.output as Record<string, unknown>,
        );
      } catch (error) {
        if (!(error instanceof ApiError)) ctx.log.error({ err: error, tool: tool.name }, 'MCP tool failed');
        throw toolError(error);
      }
    });
    return server;
  };
}
