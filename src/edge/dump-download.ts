import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../service/api-error.js';
import type { ServiceContext } from '../service/context.js';
import { BlobNotFoundError } from '../storage/blobs/blob-store.js';
import type { SessionRow } from '../storage/index.js';

// The download of a stored dump, shared by the REST route (with a token) and the viewer's links.

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'dump';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The dump file of a session, streamed from the blob store with its name and length. */
export async function sendDump(
  ctx: ServiceContext,
  reply: FastifyReply,
  row: SessionRow,
): Promise<FastifyReply> {
  // The length first: the stream then goes to the reply with no await in between.
  const size = await ctx.blobs.size(row.blobKey);
  let body: Readable;
  try {
    body = await ctx.blobs.get(row.blobKey);
  } catch (error) {
    if (error instanceof BlobNotFoundError)
      throw new ApiError('not_found', 'The dump file of this session is no longer stored.');
    throw error;
  }
  if (size !== undefined) reply.header('content-length', size);
  return reply
    .type('application/octet-stream')
    .header('content-disposition', contentDisposition(row.fileName))
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}
