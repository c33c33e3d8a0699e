import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  type BlobEntry,
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
} from '../blob-store.js';
import { holdErrors } from '../hold-errors.js';

const INCOMING = '.incoming';

/**
 * Blobs as files under `root`. A put streams into `.incoming/`, fsyncs, then renames into place,
 * so a crash never leaves a partial object under its key.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(
    key: string,
    body: Readable | Uint8Array,
    options: { maxBytes?: number } = {},
  ): Promise<{ size: number }> {
    // Before the first await: the body may fail while the directory is made (see holdErrors).
    if (!(body instanceof Uint8Array)) holdErrors(body);
    const target = this.path(key);
    const temp = join(this.root, INCOMING, randomUUID());
    await mkdir(dirname(temp), { recursive: true });
    let size = 0;
    const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > max) done(new BlobTooLargeError(max));
        else done(null, chunk);
      },
    });
    try {
      const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
      await pipeline(source, counter, createWriteStream(temp));
      const handle = await open(temp, 'r+');
      await handle.sync();
      await handle.close();
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
      return { size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    if ((await this.size(key)) === undefined) throw new BlobNotFoundError(key);
    // Removed between the stat and the open: the reader gets ENOENT, the process goes on.
    return holdErrors(createReadStream(path));
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    if ((await this.size(key)) === undefined) throw new BlobNotFoundError(key);
    return { path: this.path(key), release: async () => {} };
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? s.size : undefined;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    for await (const path of this.walk(prefix)) yield this.keyOf(path);
  }

  async *listWithAge(prefix: string): AsyncIterable<BlobEntry> {
    for await (const path of this.walk(prefix)) {
      const modifiedAt = await stat(path).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      // Deleted between the listing and the stat: gone, nothing to report.
      if (modifiedAt !== undefined) yield { key: this.keyOf(path), modifiedAt };
    }
  }

  /** Temporary files of puts that never finished (the process died before the rename). */
  async purgeIncomplete(before: number): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(join(this.root, INCOMING));
    } catch {
      return 0;
    }
    for (const name of names) {
      const path = join(this.root, INCOMING, name);
      const s = await stat(path).catch(() => undefined);
      if (s?.isFile() && s.mtimeMs < before) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private keyOf(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }

  /** Paths of the files under `prefix` (temporary files excluded). */
  private async *walk(prefix: string): AsyncIterable<string> {
    const base = prefix === '' ? this.root : this.path(prefix.replace(/\/+$/, ''));
    const walk = async function* (dir: string): AsyncIterable<string> {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.name === INCOMING) continue;
        const full = join(dir, e.name);
        if (e.isDirectory()) yield* walk(full);
        else if (e.isFile()) yield full;
      }
    };
    yield* walk(base);
  }

  async check(): Promise<void> {
    await this.put(`${INCOMING}-probe`, new Uint8Array([1]));
    await this.delete(`${INCOMING}-probe`);
  }
}
