import { errorResponseName } from '../http/openapi-document.js';
import type { OpenApiSchemas } from '../http/openapi-schema.js';
import { TOOLS } from '../mcp/tools.js';

type Json = Record<string, unknown>;

const REQUEST_ID = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

/** An HTTP-level failure of the MCP endpoint: the transport error shape, id null. */
const transportError = (schemas: OpenApiSchemas, description: string, headers: Json = {}): Json => ({
  description,
  headers: { ...REQUEST_ID, ...headers },
  content: { 'application/json': { schema: schemas.ref('McpTransportError') } },
});

/**
 * What any request to the endpoint can meet besides the endpoint's own answers: Node's refusals of
 * a request sent too slowly (408) or with headers over 16 KiB (431), which come before the endpoint
 * and in the REST error shape, and the endpoint's failure (500) or a server shutting down (503).
 */
function commonFailures(schemas: OpenApiSchemas): Record<string, Json> {
  return {
    403: transportError(
      schemas,
      'An Origin (or Host) this server does not serve (DNS-rebinding protection, CALLSCOPE_ALLOWED_ORIGINS and CALLSCOPE_ALLOWED_HOSTS).',
    ),
    408: { $ref: `#/components/responses/${errorResponseName(408)}` },
    431: { $ref: `#/components/responses/${errorResponseName(431)}` },
    500: transportError(schemas, 'Internal error (-32603).'),
    503: transportError(schemas, 'The server is shutting down: retry on another node or shortly.', {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    }),
  };
}

/**
 * The MCP endpoint (`/v1.0/mcp`; the document repeats it for `/api/callscope/v1.0/mcp`) in the
 * OpenAPI document. Its route reads its own body and answers in JSON-RPC, not with the REST schemas; the
 * tools are listed from their definitions, so the document names the same tools as tools/list.
 */
export function mcpPathItem(schemas: OpenApiSchemas): Json {
  const tools = TOOLS.map((t) => `\`${t.name}\` (${t.title})`).join(', ');
  const tags = ['MCP'];
  const security = [{}, { bearerAuth: [] }];
  const sessionHeader = (required: boolean, description: string): Json => ({
    name: 'Mcp-Session-Id',
    in: 'header',
    required,
    description,
    schema: { type: 'string' },
  });
  return {
    post: {
      operationId: 'mcp',
      summary: 'MCP endpoint (Streamable HTTP)',
      description: `Model Context Protocol over Streamable HTTP, for AI agents: a JSON-RPC 2.0 message per request; send \`Accept: application/json, text/event-stream\`. Tools: ${tools}. initialize and tools/list need no token; tools/call needs the bearer token, and a tool's failure is a JSON-RPC error for that request inside the stream, with HTTP 200: code -32602 when the arguments are at fault (refused, or naming nothing in the account), -32603 when the service is, -32000 otherwise (token, API access, rate); data is {errorCode, status} as REST would answer, and retryAfter (seconds) when it says when to retry. 2025-era clients get an Mcp-Session-Id at initialize (DELETE ends the session; an unknown one is 404); 2026-07-28 clients are stateless.`,
      tags,
      security,
      parameters: [
        sessionHeader(
          false,
          'The session of a 2025-era client, from its initialize answer; required after initialize.',
        ),
        {
          name: 'MCP-Protocol-Version',
          in: 'header',
          required: false,
          description: 'The protocol revision the client speaks (2025-06-18, 2025-11-25, 2026-07-28…).',
          schema: { type: 'string' },
        },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schemas.ref('McpRequest') } },
      },
      responses: {
        200: {
          description:
            "The JSON-RPC response to the request (a tool's failure included), as JSON or as a stream of events whose data lines are JSON-RPC messages.",
          headers: {
            ...REQUEST_ID,
            'Mcp-Session-Id': {
              description: "At a 2025-era client's initialize: the session to name in its next requests.",
              schema: { type: 'string' },
            },
          },
          content: {
            'application/json': { schema: schemas.ref('McpResponse') },
            'text/event-stream': {
              schema: {
                type: 'string',
                description: 'Server-sent events: `event: message`, `data: <McpResponse>`.',
              },
            },
          },
        },
        202: { description: 'A notification or a response was accepted: no body.', headers: REQUEST_ID },
        400: transportError(
          schemas,
          'Not JSON (-32700), not a valid JSON-RPC request (-32600), invalid params (-32602), or no session id where one is needed (-32000).',
        ),
        404: transportError(schemas, 'Unknown or ended MCP session (-32001).'),
        406: transportError(
          schemas,
          'The Accept header does not name both application/json and text/event-stream.',
        ),
        413: transportError(schemas, 'The body is over 256 KiB.'),
        415: transportError(schemas, 'The body is not application/json.'),
        429: transportError(
          schemas,
          "Too many new sessions: initialize counts against the account's reads (or, without a token, the address's).",
          { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
        ),
        ...commonFailures(schemas),
      },
    },
    get: {
      operationId: 'mcpStream',
      summary: 'MCP server-to-client stream (not offered)',
      description:
        'This server opens no server-sent event stream of its own: always 405, with Allow: POST, DELETE.',
      tags,
      security,
      responses: {
        // Declared for the protocol's sake (and OpenAPI's rule of one 2xx per operation): the
        // protocol lets a server decline the stream, which this one does.
        200: {
          description:
            "The protocol's server-to-client event stream. This server does not open one: it answers 405.",
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        405: transportError(schemas, 'Method not allowed: no SSE stream (-32000).', {
          Allow: { description: 'POST, DELETE', schema: { type: 'string' } },
        }),
        ...commonFailures(schemas),
      },
    },
    delete: {
      operationId: 'mcpEndSession',
      summary: 'End an MCP session',
      description:
        "Ends a 2025-era client's session. A session opened with a token is its account's: for anyone else it does not exist (404).",
      tags,
      security,
      parameters: [sessionHeader(true, 'The session to end.')],
      responses: {
        204: { description: 'The session is ended.', headers: REQUEST_ID },
        400: transportError(schemas, 'No Mcp-Session-Id header (-32000).'),
        404: transportError(schemas, 'Unknown or ended MCP session (-32001).'),
        ...commonFailures(schemas),
      },
    },
  };
}
