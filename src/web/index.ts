import type { FastifyInstance, FastifyReply } from 'fastify';
import Type from 'typebox';
import { countRequest, siteUrlOf } from '../edge/auth.js';
import { sendDump } from '../edge/dump-download.js';
import { ApiError, isApiError } from '../service/api-error.js';
import type { ServiceContext } from '../service/context.js';
import { catalogOfObservations, explanationOf } from '../service/observations.js';
import {
  downloadLinkRow,
  embeddedSessionRow,
  publicSessionJson,
  sharedSessionRow,
} from '../service/public-sessions.js';
import { UUID } from '../service/sessions.js';
import type { SessionRow } from '../storage/index.js';
import { apiReferenceRoutes } from './api-reference.js';
import { assetRoutes } from './assets.js';
import { sendPage } from './pages.js';
import { publicRawStatsRoutes } from './public-raw-stats.js';

const hide = { hide: true };

const notFound = () => new ApiError('not_found', 'No such page.');

/**
 * Observation titles by type, from the detectors' catalog, in every session page: the page names
 * each observation properly from the start, without a request per type or for the catalog.
 */
const TITLES = JSON.stringify(
  Object.fromEntries(catalogOfObservations().data.map(({ type, title }) => [type, title])),
);

/** JSON for anonymous viewers: never cached, so that revoking a link takes effect at once. */
function sendPublicJson(reply: FastifyReply, json: string): FastifyReply {
  return reply
    .type('application/json')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(json);
}

/** The 404 page, saying what was not found (its text by `reason`: see pages.ts). */
const sendMissing = (reply: FastifyReply, reason: string, frameable = false): FastifyReply =>
  sendPage(reply, {
    kind: 'missing',
    title: 'Not found · callscope',
    status: 404,
    frameable,
    data: { reason },
  });

/**
 * A read-only viewer behind a key: `/share/{public_link}` or `/embed/{signed token}`. The page, its
 * JSON and the observation explanations all check the key; nothing else of the account is reachable.
 */
function publicViewer(
  app: FastifyInstance,
  ctx: ServiceContext,
  kind: 'share' | 'embed',
  resolve: (key: string) => Promise<SessionRow>,
): void {
  const frameable = kind === 'embed';
  // Public views need no token, so they count against the account that shared the session: a link
  // passed around (or scripted) cannot load the service without bound (429 with Retry-After).
  const resolveCounted = async (key: string, reply: FastifyReply): Promise<SessionRow> => {
    const row = await resolve(key);
    await countRequest(ctx, reply, row.accountId, 'public');
    return row;
  };
  async function page(reply: FastifyReply, key: string) {
    const base = `/${kind}/${encodeURIComponent(key)}`;
    try {
      const row = await resolveCounted(key, reply);
      return sendPage(reply, {
        kind,
        title: `${row.title} · callscope`,
        frameable,
        data: { source: `${base}/session.json`, explainBase: `${base}/observations/`, titles: TITLES },
      });
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      return sendMissing(reply, kind, frameable);
    }
  }
  // A wildcard, not `:key`: embed tokens are JWTs, longer than the router's limit for one parameter.
  app.get<{ Params: { '*': string } }>(`/${kind}/*`, { schema: hide }, async (request, reply) => {
    const [key = '', ...rest] = request.params['*'].split('/');
    if (key.length > 4096) throw notFound();
    if (rest.length === 0) return page(reply, key);
    if (rest.length === 1 && rest[0] === 'session.json')
      return sendPublicJson(
        reply,
        await publicSessionJson(ctx, await resolveCounted(key, reply), siteUrlOf(ctx, request)),
      );
    if (rest.length === 2 && rest[0] === 'observations') {
      await resolveCounted(key, reply);
      return sendPublicJson(reply, JSON.stringify(explanationOf(rest[1]!)));
    }
    throw notFound();
  });
}

/**
 * `/download/{signed token}`: the dump behind a link from POST /sessions/{id}/dump-link, streamed as
 * an attachment. An expired or forged link is a page that says so (a person followed it), 404.
 */
function downloadRoute(app: FastifyInstance, ctx: ServiceContext): void {
  app.get<{ Params: { '*': string } }>('/download/*', { schema: hide }, async (request, reply) => {
    const token = request.params['*'];
    let row: SessionRow;
    try {
      if (token.length > 4096 || token.includes('/')) throw notFound();
      row = await downloadLinkRow(ctx, token);
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      return sendMissing(reply, 'download');
    }
    await countRequest(ctx, reply, row.accountId, 'reads');
    return sendDump(ctx, reply, row);
  });
}

/** The web viewer: sign-in and sessions list, session pages, public share and embed views, assets. */
export function webRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  assetRoutes(app);
  apiReferenceRoutes(app, ctx);
  const home = { kind: 'home' as const, title: 'Sessions · callscope' };
  // The landing page once signed in: the Overview (client/overview.ts), signed-in like the list.
  const overview = { ...home, title: 'Overview · callscope', data: { view: 'overview' } };
  app.get('/', { schema: hide }, async (_request, reply) => sendPage(reply, overview));
  app.get('/sessions', { schema: hide }, async (_request, reply) => sendPage(reply, home));
  // The page itself carries no data: the browser fetches the session with the signed-in token.
  app.get<{ Params: { id: string } }>(
    '/sessions/:id',
    { schema: { ...hide, params: Type.Object({ id: Type.String({ maxLength: 100 }) }) } },
    async (request, reply) =>
      UUID.test(request.params.id)
        ? sendPage(reply, {
            kind: 'session',
            title: 'Session · callscope',
            data: { sessionId: request.params.id.toLowerCase(), titles: TITLES },
          })
        : sendMissing(reply, 'session'),
  );
  // Two sessions side by side: ids (or share links) in the query, read by the browser with the token.
  app.get('/compare', { schema: hide }, async (_request, reply) =>
    sendPage(reply, { kind: 'compare', title: 'Compare sessions · callscope', data: { titles: TITLES } }),
  );
  downloadRoute(app, ctx);
  publicViewer(app, ctx, 'share', (link) => sharedSessionRow(ctx, link));
  publicViewer(app, ctx, 'embed', (token) => embeddedSessionRow(ctx, token));
  publicRawStatsRoutes(app, ctx);
}
