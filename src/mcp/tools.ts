import Type from 'typebox';
import { storyText } from '../causes/story.js';
import { sessionReply } from '../edge/replies.js';
import { QuotaResponse, SessionsListResponse } from '../model/api/resources.js';
import { ObservationExplanation } from '../model/catalog.js';
import { TAGS } from '../model/observation-terms.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { ServiceContext } from '../service/context.js';
import { explanationOf } from '../service/observations.js';
import { quotaOf } from '../service/quota.js';
import {
  FILTER_TEXT,
  FLAG_FILTERS,
  LIST_DEFAULTS,
  OBSERVATION_FLAGS_TOOL_TEXT,
  parseListQuery,
  TEXT_FILTERS,
} from '../service/session-filters.js';
import { listSessions } from '../service/sessions.js';
import type { AuthContext } from '../service/tokens.js';
import { GET_INSIGHTS } from './insights-tool.js';
import {
  OBSERVATION_FIELDS,
  SessionSummary,
  SUMMARY_PAGE,
  type SummaryOptions,
  sessionSummary,
} from './session-summary.js';
import { type SeriesRequest, StreamSeries, streamSeries } from './stream-series.js';

export interface ToolCall {
  ctx: ServiceContext;
  auth: AuthContext;
  siteUrl: string;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: object;
  output: object;
  /** Whether the tool reads account data (needs a token; counted in the reads rate limit). */
  run(call: ToolCall, args: Record<string, unknown>): Promise<object>;
  /** A text for people and agents, sent before the result's JSON (both in the result's content). */
  lead?(result: object): string;
}

// The limits parseListQuery applies, stated in the schema so that an agent sees them.
const { maxValues, maxValueLength } = LIST_DEFAULTS;
const Strings = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: maxValueLength }), {
    minItems: 1,
    maxItems: maxValues,
    description,
  });
const Text = (description: string) => Type.String({ minLength: 1, maxLength: maxValueLength, description });
const Flag = (description: string) => Type.Boolean({ description });
/**
 * A tag as a plain enum, not the payload's union of constants: a refused value's error then names
 * the allowed tags, where a union gives one "must be equal to constant" per tag.
 */
const TagName = Type.String({ enum: [...TAGS] });

const Id = Type.String({ format: 'uuid', description: 'The session id from list_sessions.' });
const Offset = Type.Integer({ minimum: 0, maximum: LIST_DEFAULTS.maxPage });
const Limit = (n: number) =>
  Type.Integer({ minimum: 1, maximum: SUMMARY_PAGE.max, description: `Default ${n}.` });

/**
 * get_session's result: REST's session reply, with the summary in place of `data` unless view is
 * full. `data` is not spelled out here: its schema alone is 37 KB, more than an agent's whole tool
 * list should be; it is AnalyzeResponseData, published at /api/schemas.
 */
export const SessionResult = Type.Object({
  callscopeId: Type.String({ format: 'uuid' }),
  callscopeUrl: Type.String(),
  processorVersion: Type.String(),
  embedUrl: Type.Optional(Type.String()),
  summary: Type.Optional(SessionSummary),
  data: Type.Optional(
    Type.Object(
      {},
      { additionalProperties: true, description: 'view full: AnalyzeResponseData (GET /api/schemas).' },
    ),
  ),
});

/** The story as text, from a full payload or a summary. */
function storyLead(result: object): string {
  const r = result as { data?: AnalyzeResponseData; summary?: SessionSummary };
  if (r.data) return storyText(r.data.whatHappened);
  const lines = r.summary?.whatHappened ?? [];
  return lines.length ? ['What happened:', ...lines].join('\n') : storyText([]);
}

/**
 * The MCP tools. Each one runs the same service function as its REST operation, so the data is
 * the same for the same account; their schemas are the TypeBox schemas REST publishes.
 */
export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'get_quota',
    title: 'Credits of the account',
    description:
      "Returns the account's name and plan, its allowed credits (monthly allocation plus purchased) and the credits remaining, with the plan's file-size limits. Free.",
    input: Type.Object({}, { additionalProperties: false }),
    output: QuotaResponse,
    run: ({ ctx, auth }) => quotaOf(ctx, auth.account.id),
  },
  {
    name: 'list_sessions',
    title: 'List stored sessions',
    description:
      'Sessions stored in the account, newest first, each with an abstract (browser, OS, ids, score band, counts, types and tags of critical/high/medium observations). Filters are AND-combined, values inside one OR-combined. get_session tells one. Free.',
    input: Type.Object(
      {
        name: Type.Optional(Strings(FILTER_TEXT.name)),
        fileName: Type.Optional(Strings(FILTER_TEXT.fileName)),
        observationTags: Type.Optional(
          Type.Array(TagName, { minItems: 1, maxItems: maxValues, description: FILTER_TEXT.observationTags }),
        ),
        observationFlags: Type.Optional(Strings(OBSERVATION_FLAGS_TOOL_TEXT)),
        ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, Type.Optional(Text(FILTER_TEXT[k]))])),
        ...Object.fromEntries(FLAG_FILTERS.map((k) => [k, Type.Optional(Flag(FILTER_TEXT[k]))])),
        limit: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: LIST_DEFAULTS.maxLimit,
            description: `Sessions per page (default ${LIST_DEFAULTS.limit}).`,
          }),
        ),
        page: Type.Optional(
          Type.Integer({ minimum: 1, maximum: LIST_DEFAULTS.maxPage, description: 'Page, from 1.' }),
        ),
      },
      { additionalProperties: false },
    ),
    output: SessionsListResponse,
    run: ({ ctx, auth, siteUrl }, args) => {
      const { filters, paging } = parseListQuery(args, 'arguments');
      return listSessions(ctx, auth, filters, paging, siteUrl);
    },
  },
  {
    name: 'get_session',
    title: 'One stored session',
    description:
      "What happened on one call; the first text is its story (causes in time order, m:ss from the start, and what they did). view summary (default, a few KB): story, scores, counts, observations worst first (more fields with fields), one line per connection and stream, paged. view full: the whole analysis (60-760 KB); get_stream_series gives one stream's series. Free.",
    input: Type.Object(
      {
        callscopeId: Id,
        view: Type.Optional(Type.String({ enum: ['summary', 'full'], description: 'Default summary.' })),
        fields: Type.Optional(
          Type.Array(Type.String({ enum: [...OBSERVATION_FIELDS] }), {
            maxItems: OBSERVATION_FIELDS.length,
            description: 'Observation fields to add in the summary.',
          }),
        ),
        observationsOffset: Type.Optional(Offset),
        observationsLimit: Type.Optional(Limit(SUMMARY_PAGE.observations)),
        streamsOffset: Type.Optional(Offset),
        streamsLimit: Type.Optional(Limit(SUMMARY_PAGE.streams)),
      },
      { additionalProperties: false },
    ),
    output: SessionResult,
    run: async ({ ctx, auth, siteUrl }, args) => {
      const reply = await sessionReply(ctx, auth, String(args.callscopeId), siteUrl);
      if (args.view === 'full') return reply;
      const { data, ...rest } = reply;
      return { ...rest, summary: sessionSummary(data, args as SummaryOptions) };
    },
    lead: storyLead,
  },
  {
    name: 'get_stream_series',
    title: "One stream's time series",
    description:
      "One stream's chart series (bitrate, loss, jitter, RTT...; key from get_session's streams) over a window in seconds from the call start. Free.",
    input: Type.Object(
      {
        callscopeId: Id,
        stream: Type.String({
          minLength: 1,
          maxLength: 400,
          description: 'Stream key, as get_session lists it.',
        }),
        fromS: Type.Optional(Type.Number({ minimum: 0, description: 'Default 0.' })),
        toS: Type.Optional(Type.Number({ minimum: 0, description: 'Default: the end.' })),
        metrics: Type.Optional(
          Type.Array(Type.String({ minLength: 1, maxLength: 60 }), {
            minItems: 1,
            maxItems: 20,
            description: 'Default all.',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    output: StreamSeries,
    run: async ({ ctx, auth, siteUrl }, args) => {
      const id = String(args.callscopeId);
      const { data } = await sessionReply(ctx, auth, id, siteUrl);
      return streamSeries(id, data, args as unknown as SeriesRequest);
    },
  },
  {
    name: 'get_observation_explanation',
    title: 'What an observation type means',
    description:
      'Explains one observation type (e.g. networkAudioLossIn, iceFailure): what it means, how its severity is decided with the thresholds and their sources, and what to do about it. Free.',
    input: Type.Object(
      {
        type: Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'Exact, case-sensitive observation type.',
        }),
      },
      { additionalProperties: false },
    ),
    output: ObservationExplanation,
    run: async (_call, args) => explanationOf(String(args.type)),
  },
  GET_INSIGHTS,
];
