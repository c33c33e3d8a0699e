import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from './api-error.js';

/** A request body or assembled upload, spooled to a temporary file for the analysis workers. */
export interface IncomingFile {
  path: string;
  size: number;
  /** sha256 of the content, computed on demand (only Idempotency-Key requests need it). */
  sha256(): Promise<string>;
  remove(): Promise<void>;
}

const MiB = 1024 * 1024;
const SPOOL_BUFFER = 4 * MiB;
const human = (bytes: number) =>
  bytes >= MiB ? `${(bytes / MiB).toFixed(bytes % MiB ? 1 : 0)} MiB` : `${bytes} bytes`;

/**
 * Streams `source` into a file under `tmpDir`, counting bytes; refuses (413) past `maxBytes`
 * and (400) an empty body. The file is removed on failure.
 */
export async function spool(
  source: AsyncIterable<Uint8Array>,
  tmpDir: string,
  maxBytes: number,
  what = 'The file',
): Promise<IncomingFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.dump`);
  let size = 0;
  // Large buffers: a request body arrives in 64 KiB pieces, and with the 16 KiB defaults every piece
  // pauses the socket and costs a write of its own on the event loop.
  const counter = new Transform({
    highWaterMark: SPOOL_BUFFER,
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes)
        return done(new ApiError('file_too_large', `${what} exceeds the limit of ${human(maxBytes)}.`));
      done(null, chunk);
    },
  });
  const remove = () => rm(path, { force: true });
  try {
    const out = createWriteStream(path, { highWaterMark: SPOOL_BUFFER });
    await pipeline(source, counter, out);
  } catch (error) {
    await remove();
    // Stream errors carry the limit error through: rethrow it as is.
    throw error;
  }
  if (size === 0) {
    await remove();
    throw new ApiError('invalid_request', 'The body is empty: send the dump file as the request body.');
  }
  const sha256 = async () => {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  };
  return { path, size, sha256, remove };
}
