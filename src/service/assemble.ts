import { assembleChunks, assembleKey, dropChunks } from './chunks.js';
import type { ServiceContext } from './context.js';
import { checkIdempotencyKey, idempotent, type JsonReply } from './idempotent.js';
import {
  type IngestOptions,
  type IngestReply,
  ingestFile,
  type Operation,
  requestHash,
  requireWrite,
} from './ingest.js';
import type { AuthContext } from './tokens.js';

/**
 * The assemble step of the chunked flow: the chunks of `fileId` joined, then ingested as one file
 * (`reply` builds the answer, kept for replays).
 *
 * One fileId assembles once: concurrent assembles of it wait for the first and get its answer,
 * and so do later ones until chunks are sent for it again (its chunks are gone by then); a failed
 * assemble lets the next one run. An Idempotency-Key is looked up before the chunks are read, so
 * that a retry after success gets the answer again rather than "no chunks".
 */
export async function ingestChunks(
  ctx: ServiceContext,
  auth: AuthContext,
  operation: Operation,
  fileId: string,
  options: IngestOptions,
  reply: IngestReply,
): Promise<JsonReply> {
  requireWrite(auth);
  const { account } = auth;
  const save = operation === 'upload' || options.save;
  const once = () =>
    idempotent(
      ctx,
      account.id,
      assembleKey(fileId),
      requestHash([operation, save]),
      async () => {
        const file = await assembleChunks(ctx, auth, fileId);
        try {
          const done = await ingestFile(ctx, account, operation, file, options);
          await dropChunks(ctx, account.id, fileId);
          return reply(done);
        } finally {
          await file.remove();
        }
      },
      {
        replays: (status) => status === 200,
        mismatch: `fileId "${fileId}" is being (or was) assembled by another kind of request.`,
      },
    );
  const key = options.idempotencyKey;
  if (key === undefined) return once();
  checkIdempotencyKey(key);
  const hash = requestHash([operation, options.save, options.fileName ?? null, { assemble: fileId }]);
  // Refusals that depend on the chunks (missing, too large) are not replayed: chunks may be sent again.
  return idempotent(ctx, account.id, key, hash, once, { replays: (s) => s === 200 || s === 415 });
}
