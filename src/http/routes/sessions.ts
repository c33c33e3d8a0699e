import Type from 'typebox';
import {
  SessionPatchRequest,
  SessionResponse,
  SessionsListResponse,
  SuccessResponse,
} from '../../model/api/resources.js';
import { Tag } from '../../model/payload/observation.js';
import { FILTER_TEXT, parseListQuery } from '../../service/session-filters.js';
import { deleteSession, getSession, listSessions, patchSession } from '../../service/sessions.js';
import { authOf, limitRate, siteUrlOf } from '../auth.js';
import {
  type App,
  BEARER,
  errors,
  QueryFlag,
  type RouteOptions,
  sendJsonText,
  TEXT_REPLIES,
} from '../route-types.js';

const Strings = Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 20 });

/** A shared schema with a description of its own (a copy: the shared one stays as it is). */
const described = <T extends object>(schema: T, description: string): T => ({ ...schema, description });

/** The list's filters, as GET /sessions and GET /insights take them. */
export const LIST_FILTER_PARAMETERS = {
  name: Type.Optional(Type.Union([Strings, Type.String()], { description: FILTER_TEXT.name })),
  fileName: Type.Optional(Type.Union([Strings, Type.String()], { description: FILTER_TEXT.fileName })),
  observationTags: Type.Optional(described(Strings, FILTER_TEXT.observationTags)),
  observationFlags: Type.Optional(described(Strings, FILTER_TEXT.observationFlags)),
  os: Type.Optional(Type.String({ description: FILTER_TEXT.os })),
  browser: Type.Optional(Type.String({ description: FILTER_TEXT.browser })),
  browserVersion: Type.Optional(Type.String({ description: FILTER_TEXT.browserVersion })),
  userId: Type.Optional(Type.String({ description: FILTER_TEXT.userId })),
  conferenceId: Type.Optional(Type.String({ description: FILTER_TEXT.conferenceId })),
  sessionId: Type.Optional(Type.String({ description: FILTER_TEXT.sessionId })),
  hasCritical: Type.Optional(described(QueryFlag, FILTER_TEXT.hasCritical)),
  hasHigh: Type.Optional(described(QueryFlag, FILTER_TEXT.hasHigh)),
  hasMedium: Type.Optional(described(QueryFlag, FILTER_TEXT.hasMedium)),
  hasLowScore: Type.Optional(described(QueryFlag, FILTER_TEXT.hasLowScore)),
  hasMediumScore: Type.Optional(described(QueryFlag, FILTER_TEXT.hasMediumScore)),
  hasHighScore: Type.Optional(described(QueryFlag, FILTER_TEXT.hasHighScore)),
};

/** Query of GET /sessions: unknown parameters are 400 (additionalProperties false). */
const ListQuery = Type.Object(
  {
    ...LIST_FILTER_PARAMETERS,
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,7}$', description: '1 to 1000, default 100.' })),
    page: Type.Optional(Type.String({ pattern: '^[0-9]{1,7}$', description: 'From 1.' })),
  },
  { additionalProperties: false },
);

const Id = Type.Object({ callscopeId: Type.String({ maxLength: 100 }) });

export function sessionsRoutes(app: App, { ctx, alias }: RouteOptions): void {
  app.get(
    '/sessions',
    {
      schema: {
        hide: alias,
        operationId: 'listSessions',
        summary: 'Stored sessions',
        description: `Sessions of the token's account, newest first. Filters are AND-combined; values inside one filter are OR-combined (repeat the parameter or separate values with commas). observationTags takes ${Tag.anyOf.length} tags. Only critical, high and medium observations count for observationTags, observationFlags and the has* filters. Paged with limit and page.`,
        tags: ['Sessions'],
        security: BEARER,
        querystring: ListQuery,
        response: { 200: SessionsListResponse, ...errors(400, 401, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const { filters, paging } = parseListQuery(request.query);
      return listSessions(ctx, authOf(request), filters, paging, siteUrlOf(ctx, request));
    },
  );
  app.get(
    '/sessions/:callscopeId',
    {
      ...TEXT_REPLIES,
      schema: {
        hide: alias,
        operationId: 'getSession',
        summary: 'One stored session',
        description:
          'The session payload with its summary, observations and scores. A session stored by an older major version of the processor is analyzed again first.',
        tags: ['Sessions'],
        security: BEARER,
        params: Id,
        response: { 200: SessionResponse, ...errors(400, 401, 404, 422, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const body = await getSession(
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
        hide: alias,
        operationId: 'deleteSession',
        summary: 'Delete a stored session',
        description: 'Deletes the session, its analysis and its dump file.',
        tags: ['Sessions'],
        security: BEARER,
        params: Id,
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
        hide: alias,
        operationId: 'updateSession',
        summary: 'Edit a stored session',
        description:
          'Extension: change the title, description or tags, or share the session (`shared: true` creates its public link, `false` revokes it).',
        tags: ['Sessions'],
        security: BEARER,
        params: Id,
        body: SessionPatchRequest,
        response: { 200: SessionResponse, ...errors(400, 401, 403, 404, 422, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const auth = authOf(request);
      await patchSession(ctx, auth, request.params.callscopeId, request.body);
      const body = await getSession(ctx, auth, request.params.callscopeId, siteUrlOf(ctx, request));
      await sendJsonText(reply, body);
    },
  );
}
