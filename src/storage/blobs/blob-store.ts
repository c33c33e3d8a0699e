import type { Readable } from 'node:stream';

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no blob ${key}`);
  }
}

/** Thrown by `put` when the body is longer than `maxBytes`; nothing is stored. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`body exceeds ${maxBytes} bytes`);
  }
}

/** A stored blob and when it was last written (epoch ms). */
export interface BlobEntry {
  key: string;
  modifiedAt: number;
}

/**
 * Where dump files live: files in the data directory by default, S3 in production. Keys are
 * relative paths of `[A-Za-z0-9._-]` segments. A `put` is atomic: readers see the whole object or
 * none of it.
 */
export interface BlobStore {
  put(key: string, body: Readable | Uint8Array, options?: { maxBytes?: number }): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  /** A local file holding the blob, for analysis workers; `release` removes it when it was a copy. */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<string>;
  /**
   * `list` with the time each blob was last written: housekeeping tells an orphan (a crash between
   * writing a dump and recording its session) from a write in flight by its age.
   */
  listWithAge(prefix: string): AsyncIterable<BlobEntry>;
  /**
   * Removes what interrupted puts left behind (temporary files of a process that died mid-write)
   * when last written before `before`; returns how many. Stores whose puts leave nothing behind
   * need not implement it.
   */
  purgeIncomplete?(before: number): Promise<number>;
  /** Whether the store can be written (readiness probe). */
  check(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

export function assertKey(key: string): void {
  const parts = key.split('/');
  if (key.length === 0 || key.length > 512 || parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..'))
    throw new Error(`invalid blob key ${JSON.stringify(key)}`);
}
