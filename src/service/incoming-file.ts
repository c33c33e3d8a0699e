import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { holdErrors } from '../storage/blobs/hold-errors.js';
import { ApiError } from './api-error.js';

/**
 * A request body or assembled upload, ready for the analysis workers: spooled to a temporary file
 * (`path`), or held in memory as the pieces it arrived in (`chunks`), which a worker takes over
 * without a copy.
 */
export interface IncomingFile {
  size: number;
  path?: string;
  /** In memory: the pieces (shared, not to be modified). */
  chunks?(): Uint8Array[];
  /** In memory: hands the pieces over once (to a worker), with the buffers to transfer to it. */
  takeChunks?(): { chunks: Uint8Array[]; transfer: ArrayBuffer[] };
  /** The content, from the start (not after takeChunks). */
  open(): Readable;
  /** sha256 of the content, computed on demand (only Idempotency-Key requests need it). */
  sha256(): Promise<string>;
  /** Deletes the file or gives the memory back; safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Bytes of request bodies held in memory at once. A body that will not be stored and whose
 * length is declared up front takes its share if there is room and gives it back with the
 * request; the others are spooled to disk. Writing a body to a file and reading it back cost the
 * service a tenth of an analysis's CPU, and copying it into one buffer about as much (page faults).
 */
export class MemoryBudget {
  #free: number;

  constructor(readonly limit: number) {
    this.#free = limit;
  }

  take(bytes: number): boolean {
    if (bytes > this.#free) return false;
    this.#free -= bytes;
    return true;
  }

  give(bytes: number): void {
    this.#free = Math.min(this.limit, this.#free + bytes);
  }

  get used(): number {
    return this.limit - this.#free;
  }
}

export interface ReceiveOptions {
  tmpDir: string;
  maxBytes: number;
  /** How the refusal messages name the content. */
  what?: string;
  /** Length announced before the content (Content-Length): needed to hold it in memory. */
  expectedBytes?: number;
  /** Room for bodies in memory; absent: to disk. */
  memory?: MemoryBudget;
}

const MiB = 1024 * 1024;
const SPOOL_BUFFER = 4 * MiB;
const human = (bytes: number) =>
  bytes >= MiB ? `${(bytes / MiB).toFixed(bytes % MiB ? 1 : 0)} MiB` : `${bytes} bytes`;

/**
 * Receives `source`, counting bytes; refuses (413) past `maxBytes` and (400) an empty body. In
 * memory when its length is declared and the budget has room, else in a file under `tmpDir`,
 * which is removed on failure.
 */
export async function receive(
  source: AsyncIterable<Uint8Array>,
  options: ReceiveOptions,
): Promise<IncomingFile> {
  const { expectedBytes: expected, memory, maxBytes } = options;
  if (
    expected !== undefined &&
    Number.isSafeInteger(expected) &&
    expected > 0 &&
    expected <= maxBytes &&
    memory?.take(expected)
  )
    return inMemory(source, expected, memory);
  return spool(source, options.tmpDir, maxBytes, options.what);
}

/** Node's Buffer pool serves allocations below 4 KiB: a piece that large owns memory of its own. */
const OWN_MEMORY = 4096;

async function inMemory(
  source: AsyncIterable<Uint8Array>,
  expected: number,
  memory: MemoryBudget,
): Promise<IncomingFile> {
  let held = true;
  const release = async () => {
    if (held) memory.give(expected);
    held = false;
  };
  let chunks: Uint8Array[] | undefined = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > expected)
        throw new ApiError('invalid_request', `The body is longer than the ${expected} bytes it declared.`);
      chunks.push(chunk);
    }
    if (size !== expected)
      throw new ApiError(
        'invalid_request',
        `The body ended after ${size} of the ${expected} bytes it declared.`,
      );
  } catch (error) {
    await release();
    throw error;
  }
  const pieces = () => {
    if (!chunks) throw new Error('the body was handed over to an analysis worker');
    return chunks;
  };
  const takeChunks = () => {
    const taken = pieces();
    chunks = undefined;
    // A piece that is all of its ArrayBuffer moves to the worker as is; the others (small, or
    // sharing their memory with something else) are copied.
    const transfer: ArrayBuffer[] = [];
    const moved = taken.map((c) => {
      const whole =
        c.buffer instanceof ArrayBuffer && c.byteOffset === 0 && c.byteLength === c.buffer.byteLength;
      if (whole && c.byteLength >= OWN_MEMORY) {
        transfer.push(c.buffer as ArrayBuffer);
        return c;
      }
      return new Uint8Array(c);
    });
    return { chunks: moved, transfer };
  };
  const open = () => Readable.from(pieces());
  const sha256 = async () => {
    const hash = createHash('sha256');
    for (const c of pieces()) hash.update(c);
    return hash.digest('hex');
  };
  return { size, chunks: pieces, takeChunks, open, sha256, remove: release };
}

/**
 * Streams `source` into a file under `tmpDir`, counting bytes; refuses (413) past `maxBytes`
 * and (400) an empty body. The file is removed on failure.
 */
export async function spool(
  source: AsyncIterable<Uint8Array>,
  tmpDir: string,
  maxBytes: number,
  what = 'The file',
): Promise<IncomingFile & { path: string }> {
  // Before the first await: a multipart part or a blob may fail while the directory is made.
  if (source instanceof Readable) holdErrors(source);
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
  // Handed across awaits (to a blob store's put): the spool file may be removed before it is opened.
  const open = () => holdErrors(createReadStream(path));
  const sha256 = async () => {
    const hash = createHash('sha256');
    for await (const chunk of open()) hash.update(chunk as Buffer);
    return hash.digest('hex');
  };
  return { path, size, open, sha256, remove };
}
