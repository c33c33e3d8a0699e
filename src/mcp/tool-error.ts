import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ApiError } from '../service/api-error.js';

/**
 * A tool's failure as the JSON-RPC error of its tools/call, inside the stream with HTTP 200: the
 * specification's rule for MCP tool failures (its Errors section, item 4). The message is REST's
 * error text; data carries REST's errorCode and the HTTP status REST would answer, which clients
 * branch on. The code: -32602 (invalid params) when the arguments are at fault (refused, or naming
 * nothing in the account); -32603 (internal error) when the service is; -32000, JSON-RPC's
 * server-defined range, for the rest (token, API access, rate, a busy server).
 */
export function toolError(error: unknown): ProtocolError {
  const e = error instanceof ApiError ? error : new ApiError('server_error', 'The tool failed on our side.');
  const code =
    e.code === 'invalid_request' || e.code === 'not_found'
      ? ProtocolErrorCode.InvalidParams
      : e.code === 'server_error'
        ? ProtocolErrorCode.InternalError
        : TOOL_REFUSED;
  const retryAfter = e.headers['retry-after'];
  return new ProtocolError(code, e.message, {
    errorCode: e.code,
    status: e.status,
    ...(retryAfter ? { retryAfter: Number(retryAfter) } : {}),
  });
}

/** JSON-RPC's first server-defined error code: the caller may not have this answer now. */
export const TOOL_REFUSED = -32000;
