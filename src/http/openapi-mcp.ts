import { TOOLS } from '../mcp/tools.js';

type Json = Record<string, unknown>;

/** The transport error shape (McpTransportError), in OpenAPI 3.0 terms: `id` is null, always. */
const TRANSPORT_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'error', 'id'],
  properties: {
    jsonrpc: { type: 'string', enum: ['2.0'] },
    error: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        data: {
          type: 'object',
          required: ['status'],
          properties: { status: { type: 'integer' }, errorCode: { type: 'string' } },
          description: 'The HTTP status, and where REST has one, its errorCode.',
        },
      },
    },
    id: { type: 'string', nullable: true, enum: [null], description: 'Always null.' },
  },
};

const transportError = (description: string) => ({
  description,
  content: { 'application/json': { schema: TRANSPORT_ERROR } },
});

/**
 * `POST /v1.0/mcp` in the OpenAPI document. Its route is hidden from the generator: it reads its
 * own body and answers in JSON-RPC, not with the REST schemas. The tools are listed from their
 * definitions, so the document names the same tools as tools/list.
 */
export function mcpPathItem(): Json {
  const tools = TOOLS.map((t) => `\`${t.name}\` (${t.title})`).join(', ');
  return {
    post: {
      operationId: 'mcp',
      summary: 'MCP endpoint (Streamable HTTP)',
      description: `Model Context Protocol over Streamable HTTP, for AI agents: a JSON-RPC 2.0 message per request. Tools: ${tools}. initialize and tools/list need no token; tools/call needs the bearer token, and a tool's failure is a JSON-RPC error for that request inside the stream, with HTTP 200: code -32602 when the arguments are at fault (refused, or naming nothing in the account), -32603 when the service is, -32000 otherwise (token, API access, rate); data is {errorCode, status} as REST would answer, and retryAfter (seconds) when it says when to retry. 2025-era clients get an Mcp-Session-Id at initialize (DELETE ends the session; an unknown one is 404); 2026-07-28 clients are stateless.`,
      tags: ['MCP'],
      security: [{}, { bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 message.' } },
        },
      },
      responses: {
        200: {
          description: 'A JSON-RPC response (application/json) or a stream of them (text/event-stream).',
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        400: transportError('Not JSON (-32700), not a valid request, or no session id where one is needed.'),
        404: transportError('Unknown or ended MCP session (-32001).'),
      },
    },
  };
}

/** The generated document with the MCP endpoint added under /v1.0. */
export function withMcpPath(doc: Json): Json {
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  return { ...doc, paths: { ...paths, '/v1.0/mcp': mcpPathItem() } };
}
