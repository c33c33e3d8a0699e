/**
 * REST resources of the specification (and reference.md), as TypeBox schemas: the routes validate
 * and serialize with them, and the OpenAPI document and the JSON Schema files are generated from them.
 */
import Type from 'typebox';
import { AnalyzeResponseData } from '../payload/analyze-response-data.js';
import { Nullable } from '../payload/common.js';
import { Category, ObservationsCount, Severity, Tag } from '../payload/observation.js';
import { UserAgentData } from '../payload/user-agent-data.js';

export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'What went wrong, for people.' }),
    errorCode: Type.String({ description: 'Stable code for programs (see the error catalog).' }),
  },
  { description: 'Every REST failure.' },
);

export const PLAN_VALUES = ['developer', 'trial_developer', 'enterprise'] as const;
export const AccountPlan = Type.Union([
  Type.Literal('developer'),
  Type.Literal('trial_developer'),
  Type.Literal('enterprise'),
]);

export const QuotaResponse = Type.Object(
  {
    accountName: Type.String(),
    accountPlan: AccountPlan,
    allowedCredits: Type.Number({ description: 'Monthly allocation plus purchased credits.' }),
    remainingCredits: Type.Number(),
    maxFileSizeBytes: Type.Integer({ description: "Largest assembled file on the account's plan." }),
    maxChunkSizeBytes: Type.Integer(),
  },
  {},
);

export const ScoreBand = Type.Union([
  Type.Literal('low'),
  Type.Literal('medium'),
  Type.Literal('high'),
  Type.Literal('unrated'),
]);

export const SessionAbstract = Type.Object(
  {
    observationFlags: Type.Array(Type.String(), {
      description: 'Types of critical, high and medium observations.',
    }),
    observationTags: Type.Array(Tag, { description: 'Tags of critical, high and medium observations.' }),
    browser: Nullable(Type.String()),
    browserVersion: Nullable(Type.String({ description: 'Major version.' })),
    os: Nullable(Type.String()),
    osVersion: Nullable(Type.String()),
    conferenceId: Nullable(Type.String()),
    sessionId: Nullable(Type.String()),
    userId: Nullable(Type.String()),
    experienceScore: Nullable(Type.Number()),
    connectivity: Nullable(Type.String()),
    observationsCritical: Type.Integer(),
    observationsHigh: Type.Integer(),
    observationsMedium: Type.Integer(),
    scoreBand: ScoreBand,
  },
  {},
);

export const SessionListItem = Type.Object(
  {
    callscopeId: Type.String({ format: 'uuid' }),
    createdAt: Type.String({ format: 'date-time' }),
    sessionStart: Nullable(Type.String({ format: 'date-time' })),
    sessionEnd: Nullable(Type.String({ format: 'date-time' })),
    title: Type.String(),
    fileName: Type.String({
      description:
        'Extension: the name of the stored dump file, as uploaded (calls of one test page often share a title).',
    }),
    callscopeUrl: Type.String({ format: 'uri' }),
    embedUrl: Type.Optional(Type.String({ format: 'uri', description: 'Enterprise plan only.' })),
    abstract: Nullable(SessionAbstract),
  },
  {},
);

export const SessionsListResponse = Type.Object(
  {
    total: Type.Integer({ description: 'Number of sessions in data.' }),
    data: Type.Array(SessionListItem),
    totalCount: Type.Integer({ description: 'Sessions matching the filters, on every page.' }),
    page: Type.Integer(),
    limit: Type.Integer(),
    totalPages: Type.Integer(),
    hasMore: Type.Boolean(),
  },
  {},
);

export const UploadResponse = Type.Object(
  {
    success: Type.Boolean(),
    callscopeId: Type.String({ format: 'uuid' }),
    callscopeUrl: Type.String({ format: 'uri' }),
    embedUrl: Type.Optional(Type.String({ format: 'uri' })),
  },
  {},
);

/** Extension: a short-lived link to one stored dump (POST /sessions/{id}/dump-link). */
export const DumpLinkResponse = Type.Object(
  {
    url: Type.String({
      format: 'uri',
      description: 'Opens the dump file without a token (Content-Disposition: attachment), until expiresAt.',
    }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  {},
);

export const ChunkResponse = Type.Object(
  { success: Type.Boolean() },
  { description: 'A chunk of the chunked flow was stored (`{success: true}`).' },
);
export const SuccessResponse = Type.Object(
  { success: Type.Boolean() },
  { description: 'The operation succeeded (`{success: true}`).' },
);

export const AnalyzeResponse = Type.Object(
  {
    data: AnalyzeResponseData,
    processorVersion: Type.String(),
    callscopeId: Type.Optional(Type.String({ format: 'uuid', description: 'With save=true only.' })),
    callscopeUrl: Type.Optional(Type.String({ format: 'uri' })),
    embedUrl: Type.Optional(Type.String({ format: 'uri' })),
  },
  {},
);

export const SessionResponse = Type.Object(
  {
    data: AnalyzeResponseData,
    callscopeId: Type.String({ format: 'uuid' }),
    callscopeUrl: Type.String({ format: 'uri' }),
    processorVersion: Type.String(),
    embedUrl: Type.Optional(Type.String({ format: 'uri' })),
  },
  {},
);

export const Scores = Type.Object(
  {
    experienceScore: Nullable(Type.Number()),
    audioScore: Nullable(Type.Number()),
    videoScore: Nullable(Type.Number()),
    connectivityScore: Nullable(Type.Number()),
    observationsScore: Nullable(Type.Number()),
  },
  {},
);

export const TrimmedObservation = Type.Object(
  {
    type: Type.String(),
    severity: Severity,
    category: Type.Optional(Category),
    tags: Type.Optional(Type.Array(Tag)),
    firstSeenAt: Type.Optional(Type.Integer()),
    url: Type.Optional(Type.String()),
    property: Type.Optional(Type.String()),
    valueInCount: Type.Optional(Type.Number()),
    valueInPercent: Type.Optional(Type.Number()),
    averageInMs: Type.Optional(Type.Number()),
    maxInMs: Type.Optional(Type.Number()),
    durationInMs: Type.Optional(Type.Number()),
    durationInSeconds: Type.Optional(Type.Number()),
    durationInPercent: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export const EnrichData = Type.Object(
  {
    scores: Scores,
    observationsCount: ObservationsCount,
    observations: Type.Array(TrimmedObservation),
    userAgentData: Type.Union([UserAgentData, Type.Object({}, { additionalProperties: false })], {
      description: 'Empty object when unknown.',
    }),
  },
  {},
);

export const EnrichResponse = Type.Object(
  {
    data: EnrichData,
    processorVersion: Type.String(),
    generatedAt: Type.Integer({ description: 'Epoch milliseconds.' }),
  },
  {},
);

/** A client-chosen id of a chunked upload: the same for its chunks and its assemble step. */
const FileId = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,128}$',
  description:
    'Client-chosen id of the chunked upload (1-128 of A-Z, a-z, 0-9, _ and -), the same for every chunk and the assemble step.',
});
const FileName = Type.String({ minLength: 1, maxLength: 255 });

/** Step 1 of the chunked flow: one chunk, as multipart/form-data fields (ingest-handler.ts checks them). */
export const ChunkRequest = Type.Object(
  {
    chunk: Type.String({
      contentMediaType: 'application/octet-stream',
      description: 'The bytes of this chunk (a file field).',
    }),
    fileId: FileId,
    chunkIndex: Type.String({
      pattern: '^(0|[1-9][0-9]{0,3})$',
      description: 'Position of the chunk, from 0 (at most 9999); sending an index again replaces it.',
    }),
  },
  { description: 'One chunk of the chunked flow (multipart/form-data).' },
);

/** Step 2 of the chunked flow on analyze and enrich: fileName is optional (analyze names the stored file with it). */
export const AssembleRequest = Type.Object(
  {
    fileId: FileId,
    assemble: Type.Literal(true),
    fileName: Type.Optional(FileName),
  },
  {
    additionalProperties: false,
    description: 'Joins the chunks of fileId in index order and analyzes the file.',
  },
);

/** Step 2 of the chunked flow on upload: fileName is required (specification). */
export const UploadAssembleRequest = Type.Object(
  {
    fileId: FileId,
    assemble: Type.Literal(true),
    fileName: FileName,
  },
  {
    additionalProperties: false,
    description: 'Joins the chunks of fileId in index order and stores the file as fileName.',
  },
);

export const SessionPatchRequest = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    // null first: the routes validate with type coercion, which would turn null into "" for a
    // string-first union, so `description: null` would never clear the description.
    description: Type.Optional(
      Type.Union([Type.Null(), Type.String({ maxLength: 5000 })], { description: 'null clears it.' }),
    ),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 })),
    shared: Type.Optional(Type.Boolean({ description: 'true creates the public link, false revokes it.' })),
  },
  { additionalProperties: false },
);

export type ErrorResponse = Type.Static<typeof ErrorResponse>;
export type QuotaResponse = Type.Static<typeof QuotaResponse>;
export type SessionListItem = Type.Static<typeof SessionListItem>;
export type SessionsListResponse = Type.Static<typeof SessionsListResponse>;
export type UploadResponse = Type.Static<typeof UploadResponse>;
export type AnalyzeResponse = Type.Static<typeof AnalyzeResponse>;
export type SessionResponse = Type.Static<typeof SessionResponse>;
export type Scores = Type.Static<typeof Scores>;
export type TrimmedObservation = Type.Static<typeof TrimmedObservation>;
export type EnrichData = Type.Static<typeof EnrichData>;
export type EnrichResponse = Type.Static<typeof EnrichResponse>;
export type AssembleRequest = Type.Static<typeof AssembleRequest>;
export type UploadAssembleRequest = Type.Static<typeof UploadAssembleRequest>;
export type SessionPatchRequest = Type.Static<typeof SessionPatchRequest>;

/** HTTP-level MCP failures: the JSON-RPC envelope with id null, and data with the HTTP status. */
export const McpTransportError = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    error: Type.Object({
      code: Type.Integer(),
      message: Type.String(),
      data: Type.Object(
        {
          status: Type.Integer({ description: 'The HTTP status.' }),
          errorCode: Type.Optional(Type.String({ description: "REST's errorCode, where REST has one." })),
        },
        { description: 'The HTTP status, and where REST has one, its errorCode.' },
      ),
    }),
    id: Type.Null({ description: 'Always null.' }),
  },
  { description: 'An HTTP-level failure of the MCP endpoint.' },
);

const RpcId = Type.Union([Type.String(), Type.Integer()]);

/** Extension: one JSON-RPC 2.0 message to the MCP endpoint (a request, or a notification without id). */
export const McpRequest = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(RpcId),
    method: Type.String({ description: 'initialize, tools/list, tools/call, notifications/initialized…' }),
    params: Type.Optional(Type.Object({})),
  },
  { description: 'A JSON-RPC 2.0 request or notification.' },
);

/**
 * Extension: the answer to one MCP request, as a JSON body or as the data of one event of the
 * stream: a result, or an error (a tool's failure comes this way, with HTTP 200).
 */
export const McpResponse = Type.Union(
  [
    Type.Object({ jsonrpc: Type.Literal('2.0'), id: RpcId, result: Type.Object({}) }),
    Type.Object({
      jsonrpc: Type.Literal('2.0'),
      id: RpcId,
      error: Type.Object({
        code: Type.Integer(),
        message: Type.String(),
        data: Type.Optional(Type.Unknown()),
      }),
    }),
  ],
  { description: "A JSON-RPC 2.0 response: exactly one of result or error; id is the request's." },
);
