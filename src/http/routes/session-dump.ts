import Type from 'typebox';
import { authOf, limitRate, siteUrlOf } from '../../edge/auth.js';
import { sendDump } from '../../edge/dump-download.js';
import { DumpLinkResponse } from '../../model/api/resources.js';
import { ownRow } from '../../service/sessions.js';
import { DUMP_LINK_TTL_MS } from '../../service/tokens.js';
import { type App, BEARER, errors, type RouteOptions, SessionIdParams } from '../route-types.js';

/** Extension: the original dump of a stored session, as it was uploaded (gzip stays gzip). */
export function sessionDumpRoute(app: App, { ctx }: RouteOptions): void {
  app.get(
    '/sessions/:callscopeId/dump',
    {
      schema: {
        operationId: 'downloadSessionDump',
        summary: 'Download the original dump',
        description:
          "Extension: the dump file of a stored session, byte for byte as it was uploaded, named with the session's fileName (Content-Disposition). Another account's session is 404.",
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        produces: 'application/octet-stream',
        responseHeaders: {
          'Content-Disposition': Type.String({
            description:
              "attachment, with the session's fileName (an ASCII fallback and the exact name, RFC 5987).",
          }),
        },
        response: {
          200: Type.String({ contentMediaType: 'application/octet-stream', description: 'The dump file.' }),
          ...errors(400, 401, 403, 404, 429, 500),
        },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      return sendDump(ctx, reply, await ownRow(ctx, authOf(request), request.params.callscopeId));
    },
  );
}

/**
 * Extension: a link that downloads the dump without a token, for a few minutes. A browser saves
 * what a link points to straight to disk; a download made with an Authorization header has to
 * hold the whole file in the page first, which a dump of hundreds of megabytes does not survive.
 */
export function dumpLinkRoute(app: App, { ctx }: RouteOptions): void {
  const minutes = DUMP_LINK_TTL_MS / 60_000;
  app.post(
    '/sessions/:callscopeId/dump-link',
    {
      schema: {
        operationId: 'createSessionDumpLink',
        summary: 'Link to download the original dump',
        description: `Extension: a URL that downloads the dump of a stored session (as GET /sessions/{callscopeId}/dump does) without an Authorization header, for ${minutes} minutes. It works while the token that asked for it is not revoked; another account's session is 404. For browsers and for handing a download to someone who has no token.`,
        tags: ['Sessions'],
        security: BEARER,
        params: SessionIdParams,
        response: { 200: DumpLinkResponse, ...errors(400, 401, 403, 404, 413, 429, 500) },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const auth = authOf(request);
      const row = await ownRow(ctx, auth, request.params.callscopeId);
      const { token, expiresAt } = await ctx.tokens.dumpLinkToken(
        { accountId: auth.account.id, tokenId: auth.tokenId, sessionId: row.id },
        ctx.now(),
      );
      return reply.header('cache-control', 'no-store').send({
        url: `${siteUrlOf(ctx, request)}/download/${token}`,
        expiresAt: new Date(expiresAt).toISOString(),
      });
    },
  );
}
