import type { Readable } from 'node:stream';
import Type from 'typebox';
import { ApiError } from '../../service/api-error.js';
import { checkSessionId } from '../../service/sessions.js';
import { BlobNotFoundError } from '../../storage/blobs/blob-store.js';
import { authOf, limitRate } from '../auth.js';
import { type App, BEARER, errors, type RouteOptions } from '../route-types.js';

const Id = Type.Object({ callscopeId: Type.String({ maxLength: 100 }) });

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'dump';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Extension: the original dump of a stored session, as it was uploaded (gzip stays gzip). */
export function sessionDumpRoute(app: App, { ctx, alias }: RouteOptions): void {
  app.get(
    '/sessions/:callscopeId/dump',
    {
      schema: {
        hide: alias,
        operationId: 'downloadSessionDump',
        summary: 'Download the original dump',
        description:
          "Extension: the dump file of a stored session, byte for byte as it was uploaded, named with the session's fileName (Content-Disposition). Another account's session is 404.",
        tags: ['Sessions'],
        security: BEARER,
        params: Id,
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'The dump file.' }),
          ...errors(400, 401, 404, 429, 500),
        },
      },
    },
    async (request, reply) => {
      await limitRate(ctx, request, reply, 'reads');
      const auth = authOf(request);
      const row = await ctx.storage.sessions.get(auth.account.id, checkSessionId(request.params.callscopeId));
      if (!row) throw new ApiError('not_found', 'No session with this id in this account.');
      let body: Readable;
      try {
        body = await ctx.blobs.get(row.blobKey);
      } catch (error) {
        if (error instanceof BlobNotFoundError)
          throw new ApiError('not_found', 'The dump file of this session is no longer stored.');
        throw error;
      }
      const size = await ctx.blobs.size(row.blobKey);
      if (size !== undefined) reply.header('content-length', size);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(row.fileName))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
