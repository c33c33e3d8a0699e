import Type from 'typebox';
import { authOf, limitRate, siteUrlOf } from '../../edge/auth.js';
import { sessionReplyText } from '../../edge/replies.js';
import {
  SessionPatchRequest,
  SessionResponse,
  SessionsListResponse,
  SuccessResponse,
} from '../../model/api/resources.js';
import { TAGS } from '../../model/observation-terms.js';
import { parseListExtensions } from '../../service/list-extensions.js';
import {
  FILTER_TEXT,
  FLAG_FILTERS,
  LIST_DEFAULTS,
  LIST_VALUE_PATTERN,
  parseListQuery,
  TEXT_FILTERS,
} from '../../service/session-filters.js';
import { deleteSession, listSessions, patchSession } from '../../service/sessions.js';
import {
  type App,
  BEARER,
  errors,
  type RouteOptions,
  SessionIdParams,
  sendJsonText,
  TEXT_REPLIES,
} from '../route-types.js';
import { LIST_EXTENSION_PARAMETERS } from './list-extensions.js';

const { maxValues, maxValueLength } = LIST_DEFAULTS;

/**
 * An array filter of the query. Commas separate its values (`?name=a,b`, OpenAPI's form style
 * without explode); repeating the parameter is accepted too. The route splits the values before
 * they are validated (`splitLists`), so that the schema judges each value.
 */
const List = (items: object, description: string) =>
  Type.Array(items as ReturnType<typeof Type.String>, {
    minItems: 1,
    maxItems: maxValues,
    description: `${description} Comma-separated (the parameter may also be repeated); at most ${maxValues} values.`,
  });
const ListValue = Type.String({ minLength: 1, maxLength: maxValueLength, pattern: LIST_VALUE_PATTERN });
const Text = (description: string) => Type.String({ minLength: 1, maxLength: maxValueLength, description });

/** The array filters of GET /sessions. */
export const LIST_FILTERS = ['name', 'fileName', 'observationTags', 'observationFlags'] as const;

/** The list's filters, as GET /sessions and GET /insights take them (with splitLists before validation). */
export const LIST_FILTER_PARAMETERS = {
  name: Type.Optional(List(ListValue, FILTER_TEXT.name)),
  fileName: Type.Optional(List(ListValue, FILTER_TEXT.fileName)),
  observationTags: Type.Optional(List(Type.String({ enum: [...TAGS] }), FILTER_TEXT.observationTags)),
  observationFlags: Type.Optional(List(ListValue, FILTER_TEXT.observationFlags)),
  ...(Object.fromEntries(TEXT_FILTERS.map((k) => [k, Type.Optional(Text(FILTER_TEXT[k]))])) as Record<
    (typeof TEXT_FILTERS)[number],
    Type.TOptional<Type.TString>
  >),
  ...(Object.fromEntries(
    FLAG_FILTERS.map((k) => [k, Type.Optional(Type.Boolean({ description: FILTER_TEXT[k] }))]),
  ) as Record<(typeof FLAG_FILTERS)[number], Type.TOptional<Type.TBoolean>>),
};

/** Query of GET /sessions: unknown parameters are 400 (additionalProperties false). */
export const ListQuery = Type.Object(
  {
    ...LIST_FILTER_PARAMETERS,
    ...LIST_EXTENSION_PARAMETERS,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LIST_DEFAULTS.maxLimit,
        default: LIST_DEFAULTS.limit,
        description: 'Sessions per page.',
      }),
    ),
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: LIST_DEFAULTS.maxPage, default: 1, description: 'Page, from 1.' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * preValidation of GET /sessions: the values of each array filter, split at commas, whether they
 * came comma-separated, repeated, or both.
 */
export async function splitLists(request: { query: unknown }): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const name of LIST_FILTERS) {
    const value = query[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    query[name] = values.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  }
}

export function sessionsRoutes(app: App, { ctx }: RouteOptions): void {
  app.get(
    '/sessions',
    {
      schema: {
        operationId: 'listSessions',
        summary: 'Stored sessions',
        description: `Sessions of the token's account, newest first. Filters are AND-combined; values inside one filter are OR-combined (separate values with commas, or repeat the parameter). observationTags takes ${TAGS.length} tags. Only critical, high and medium observations count for observationTags, observationFlags and the has* filters. Paged with limit and page. Extensions: a call start range (from, to), connectivity, and the order (sort, order).`,
        tags: ['Sessions'],
        security: BEARER,
        querystring: ListQuery,
        response: { 200: SessionsListResponse, ...errors(400, 401, 429, 500) },
      },
      preValidation: splitLists,
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const { filters, paging } = parseListQuery(request.query);
      const extensions = parseListExtensions(request.query);
      return listSessions(
        ctx,
        authOf(request),
        { ...filters, ...extensions.filters },
        { ...paging, sort: extensions.sort },
        siteUrlOf(ctx, request),
      );
    },
  );
  app.get(
    '/sessions/:callscopeId',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'getSession',
        summary: 'One stored session',
        description:
          'The session payload with its summary, observations and scores. A session stored by an older major version of the processor is analyzed again first.',
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        response: { 200: SessionResponse, ...errors(400, 401, 404, 422, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const body = await sessionReplyText(
        ctx,
        authOf(request),
        request.params.callscopeId,
        siteUrlOf(ctx, request),
      );
      await sendJsonText(reply, body);
    },
  );
  app.delete(
    '/sessions/:callscopeId',
    {
      schema: {
        operationId: 'deleteSession',
        summary: 'Delete a stored session',
        description: 'Deletes the session, its analysis and its dump file.',
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        response: { 200: SuccessResponse, ...errors(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      await deleteSession(ctx, authOf(request), request.params.callscopeId);
      return { success: true };
    },
  );
  app.patch(
    '/sessions/:callscopeId',
    {
      ...TEXT_REPLIES,
      schema: {
        operationId: 'updateSession',
        summary: 'Edit a stored session',
        description:
          'Extension: change the title, description or tags, or share the session (`shared: true` creates its public link, `false` revokes it).',
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        body: SessionPatchRequest,
        response: { 200: SessionResponse, ...errors(400, 401, 403, 404, 422, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const auth = authOf(request);
      await patchSession(ctx, auth, request.params.callscopeId, request.body);
      const body = await sessionReplyText(ctx, auth, request.params.callscopeId, siteUrlOf(ctx, request));
      await sendJsonText(reply, body);
    },
  );
}
