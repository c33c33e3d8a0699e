/** One behaviour for every blob store (files here; S3 in production). */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, BlobTooLargeError } from './blob-store.js';

export function blobStoreContract(
  name: string,
  open: () => Promise<{ store: BlobStore; cleanup(): Promise<void> }>,
  skip = false,
): void {
  describe.skipIf(skip)(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => cleanup?.());

    it('stores bytes and streams, and reads them back', async () => {
      expect(await store.put('a/one.txt', new TextEncoder().encode('hello'))).toEqual({ size: 5 });
      expect(await text(await store.get('a/one.txt'))).toBe('hello');
      await store.put('a/two.txt', Readable.from([Buffer.from('wo'), Buffer.from('rld')]));
      expect(await store.size('a/two.txt')).toBe(5);
      const local = await store.localFile('a/two.txt');
      expect(await readFile(local.path, 'utf8')).toBe('world');
      await local.release();
    });

    it('replaces an object atomically', async () => {
      await store.put('r/x', new TextEncoder().encode('old'));
      await store.put('r/x', new TextEncoder().encode('new!'));
      expect(await text(await store.get('r/x'))).toBe('new!');
    });

    it('refuses bodies over the limit and stores nothing', async () => {
      const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
      await expect(store.put('big/x', big, { maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await store.size('big/x')).toBeUndefined();
    });

    it('rejects a body that fails before it is read, stores nothing, and the process goes on', async () => {
      // As a spool file removed while the request waited: the error comes before any reader.
      const body = new Readable({ read() {} });
      setImmediate(() => body.destroy(Object.assign(new Error('spool file gone'), { code: 'ENOENT' })));
      await expect(store.put('gone/x', body)).rejects.toThrow(/spool file gone/);
      expect(await store.size('gone/x')).toBeUndefined();
    });

    it('reports missing objects, deletes idempotently and lists by prefix', async () => {
      await expect(store.get('missing/x')).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.size('missing/x')).toBeUndefined();
      await store.put('l/1', new Uint8Array([1]));
      await store.put('l/sub/2', new Uint8Array([2]));
      const keys: string[] = [];
      for await (const k of store.list('l/')) keys.push(k);
      expect(keys.sort()).toEqual(['l/1', 'l/sub/2']);
      await store.delete('l/1');
      await store.delete('l/1');
      expect(await store.size('l/1')).toBeUndefined();
    });

    it('lists keys with the time they were last written', async () => {
      const before = Date.now() - 2_000;
      await store.put('age/1', new Uint8Array([1]));
      await store.put('age/sub/2', new Uint8Array([2]));
      const entries: { key: string; modifiedAt: number }[] = [];
      for await (const e of store.listWithAge('age/')) entries.push(e);
      expect(entries.map((e) => e.key).sort()).toEqual(['age/1', 'age/sub/2']);
      for (const e of entries) {
        expect(e.modifiedAt).toBeGreaterThan(before);
        expect(e.modifiedAt).toBeLessThan(Date.now() + 2_000);
      }
    });

    it('rejects keys that could escape the store', async () => {
      for (const key of ['../x', 'a/../../x', '/abs', 'a//b', '', 'a b']) {
        await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/invalid blob key/);
      }
    });

    it('answers the readiness check', async () => {
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}
