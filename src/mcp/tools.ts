import Type from 'typebox';
import { storyText } from '../causes/story.js';
import { QuotaResponse, SessionsListResponse } from '../model/api/resources.js';
import { ObservationExplanation } from '../model/catalog.js';
import { TAGS } from '../model/observation-terms.js';
import { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
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
import { getSession, listSessions } from '../service/sessions.js';
import type { AuthContext } from '../service/tokens.js';

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

export const SessionResult = Type.Object({
  callscopeId: Type.String({ format: 'uuid' }),
  callscopeUrl: Type.String(),
  processorVersion: Type.String(),
  embedUrl: Type.Optional(Type.String()),
  data: AnalyzeResponseData,
});

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
      'Lists the WebRTC sessions stored in the account, newest first, with an abstract of each (browser, OS, ids, experience score band, counts of critical/high/medium observations and their types and tags). Filters are AND-combined; values inside one filter are OR-combined. Use get_session for the full analysis of one session. Free.',
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
      "Returns the full analysis of one stored session. Its first text content is what happened on the call, in a few lines: the causes of its problems in time order, each dated from the call start (m:ss) with what it did to the call; the same lines are data.whatHappened. The second text content (and structuredContent) is the data: call times, user agent, peer connections (states, negotiations, ICE candidates and selected pairs), streams with their metrics, aggregated stats, observations (what went wrong, with severity, evidence and a one-sentence meaning) and the five scores. The result is large (often 60 to 760 KB, mostly per-stream time series): list_sessions' abstract already has each session's experience score and band and its observation counts, types and tags, so choose a session there first. Free.",
    input: Type.Object(
      { callscopeId: Type.String({ format: 'uuid', description: 'The session id from list_sessions.' }) },
      { additionalProperties: false },
    ),
    output: SessionResult,
    run: async ({ ctx, auth, siteUrl }, args) =>
      JSON.parse(await getSession(ctx, auth, String(args.callscopeId), siteUrl)),
    lead: (result) => storyText((result as { data: AnalyzeResponseData }).data.whatHappened),
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
];
