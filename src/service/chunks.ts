import type { Readable } from 'node:stream';
import { BlobTooLargeError } from '../storage/blobs/blob-store.js';
import { ApiError } from './api-error.js';
import type { ServiceContext } from './context.js';
import { type IncomingFile, spool } from './incoming-file.js';
import type { AuthContext } from './tokens.js';

export const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_CHUNKS = 10_000;

const chunkKey = (accountId: string, fileId: string, index: number) =>
  `chunks/${accountId}/${fileId}/${index}`;

/**
 * The Idempotency-Key record that makes one fileId assemble once (assemble.ts). The space keeps it
 * apart from clients' keys, which are visible characters only.
 */
export const ASSEMBLE_PREFIX = 'assemble ';
export const assembleKey = (fileId: string): string => `${ASSEMBLE_PREFIX}${fileId}`;

export function parseChunkIndex(text: string | undefined): number {
  if (text === undefined || !/^(0|[1-9]\d{0,4})$/.test(text) || Number(text) >= MAX_CHUNKS)
    throw new ApiError('invalid_request', `chunkIndex must be a whole number from 0 to ${MAX_CHUNKS - 1}.`);
  return Number(text);
}

export function checkFileId(fileId: string | undefined): string {
  if (fileId === undefined || !FILE_ID.test(fileId))
    throw new ApiError('invalid_request', 'fileId must be 1 to 128 characters of A-Z, a-z, 0-9, _ and -.');
  return fileId;
}

/** Stores one chunk of the chunked flow (a re-sent index replaces the previous one). */
export async function putChunk(
  ctx: ServiceContext,
  auth: AuthContext,
  fileId: string,
  index: number,
  /** Opened once the chunk is known to fit: nothing waits between the open and the read. */
  open: () => Readable,
): Promise<void> {
  const key = chunkKey(auth.account.id, fileId, index);
  // The chunks of one file may not add up to more than the plan's file limit: an assemble would
  // refuse them anyway, and until then they take space (the index cap bounds their number).
  const maxFile = ctx.config.limits.maxFileBytes[auth.account.plan];
  const { bytes: stored } = await ctx.storage.chunks.totals(auth.account.id, fileId, index);
  const room = maxFile - stored;
  const tooLarge = () =>
    room < ctx.config.limits.maxChunkBytes
      ? new ApiError(
          'file_too_large',
          `The chunks of fileId "${fileId}" would exceed ${maxFile} bytes, the largest file the ${auth.account.plan} plan accepts.`,
        )
      : new ApiError('file_too_large', `A chunk may hold at most ${ctx.config.limits.maxChunkBytes} bytes.`);
  if (room <= 0) throw tooLarge();
  let size: number;
  try {
    ({ size } = await ctx.blobs.put(key, open(), {
      maxBytes: Math.min(ctx.config.limits.maxChunkBytes, room),
    }));
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge();
    throw error;
  }
  if (size === 0) {
    await ctx.blobs.delete(key);
    throw new ApiError('invalid_request', 'The chunk is empty.');
  }
  ctx.metrics.uploadBytes.inc(size);
  await ctx.storage.chunks.put(auth.account.id, fileId, { index, size, blobKey: key, createdAt: ctx.now() });
  // Chunks sent again for an assembled fileId make a new file: its next assemble runs anew.
  await ctx.storage.idempotency.forgetDone(auth.account.id, assembleKey(fileId));
}

/** Joins the chunks of `fileId` in index order into one file; a gap or an unknown fileId is 400. */
export async function assembleChunks(
  ctx: ServiceContext,
  auth: AuthContext,
  fileId: string,
): Promise<IncomingFile> {
  const chunks = await ctx.storage.chunks.list(auth.account.id, fileId);
  if (chunks.length === 0)
    throw new ApiError(
      'invalid_request',
      `No chunks were received for fileId "${fileId}" (or they expired).`,
    );
  const missing = chunks.findIndex((c, i) => c.index !== i);
  if (missing !== -1)
    throw new ApiError(
      'invalid_request',
      `Chunk ${missing} of fileId "${fileId}" is missing: chunks must be numbered from 0 without gaps.`,
    );
  const total = chunks.reduce((n, c) => n + c.size, 0);
  const max = ctx.config.limits.maxFileBytes[auth.account.plan];
  if (total > max)
    throw new ApiError(
      'file_too_large',
      `The assembled file would be ${total} bytes; the ${auth.account.plan} plan accepts up to ${max} bytes.`,
    );
  // One chunk open at a time, in index order.
  const joined = (async function* () {
    for (const c of chunks) for await (const part of await ctx.blobs.get(c.blobKey)) yield part as Uint8Array;
  })();
  return spool(joined, ctx.tmpDir, max);
}

/** Forgets the chunks of a file once it was ingested. */
export async function dropChunks(ctx: ServiceContext, accountId: string, fileId: string): Promise<void> {
  for (const key of await ctx.storage.chunks.remove(accountId, fileId))
    await ctx.blobs.delete(key).catch(() => {});
}
