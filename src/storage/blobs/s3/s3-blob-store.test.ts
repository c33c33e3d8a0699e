import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_KEYS, startS3, type TestS3 } from '../../../../test/support/s3.js';
import { blobStoreContract } from '../blob-store.contract.js';
import { BlobTooLargeError } from '../blob-store.js';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.js';

const MiB = 1024 * 1024;

const storeOn = (s3: TestS3, extra: Partial<S3BlobStoreOptions> = {}) =>
  new S3BlobStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: S3RVER_KEYS,
    ...extra,
  });

blobStoreContract('s3 (s3rver)', async () => {
  const s3 = await startS3();
  return { store: storeOn(s3, { prefix: 'contract' }), cleanup: () => s3.stop() };
});

/** `total` bytes of a repeating pattern in 64 KiB chunks, produced lazily; `pulled` counts reads. */
function pattern(total: number) {
  const state = { pulled: 0, destroyed: false };
  const chunk = Buffer.alloc(64 * 1024, 0).map((_, i) => i % 251);
  const stream = Readable.from(
    (async function* () {
      while (state.pulled < total) {
        const n = Math.min(chunk.length, total - state.pulled);
        state.pulled += n;
        yield chunk.subarray(0, n);
      }
    })(),
  );
  stream.on('close', () => {
    state.destroyed = state.pulled < total;
  });
  const expected = createHash('sha256');
  for (let done = 0; done < total; done += chunk.length) expected.update(chunk.subarray(0, total - done));
  return { stream, state, sha256: expected.digest('hex') };
}

/** Records the S3 commands a store sends, and how much of `source` was read at each. */
function recordCommands(store: S3BlobStore, pulled: () => number) {
  const sent: { name: string; pulled: number }[] = [];
  store.client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ name: context.commandName ?? '?', pulled: pulled() });
      return next(args);
    },
    { step: 'initialize' },
  );
  return sent;
}

describe('S3 blob store: what the contract does not cover', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => s3?.stop());

  it('streams a body over one part as a multipart upload, reading only a few parts ahead', async () => {
    const store = storeOn(s3, { partSize: 5 * MiB, queueSize: 2 });
    const body = pattern(23 * MiB);
    const sent = recordCommands(store, () => body.state.pulled);
    expect(await store.put('big/multi', body.stream)).toEqual({ size: 23 * MiB });
    const names = sent.map((s) => s.name);
    expect(names).toContain('CreateMultipartUploadCommand');
    expect(names.filter((n) => n === 'UploadPartCommand')).toHaveLength(5);
    // Never the whole body in memory: the first part goes out before the third is read.
    const firstPart = sent.find((s) => s.name === 'UploadPartCommand')!;
    expect(firstPart.pulled).toBeLessThanOrEqual(3 * 5 * MiB);
    expect(names).toContain('CompleteMultipartUploadCommand');
    const hash = createHash('sha256');
    for await (const part of await store.get('big/multi')) hash.update(part as Buffer);
    expect(hash.digest('hex')).toBe(body.sha256);
    const local = await store.localFile('big/multi');
    expect((await stat(local.path)).size).toBe(23 * MiB);
    await local.release();
    await expect(stat(local.path)).rejects.toThrow(/ENOENT/);
  });

  it('stops a multipart upload past maxBytes, aborts it and leaves no object', async () => {
    const store = storeOn(s3, { partSize: 5 * MiB, queueSize: 1 });
    const body = pattern(40 * MiB);
    const sent = recordCommands(store, () => body.state.pulled);
    await expect(store.put('over/x', body.stream, { maxBytes: 12 * MiB })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    const names = sent.map((s) => s.name);
    expect(names).toContain('UploadPartCommand');
    expect(names).toContain('AbortMultipartUploadCommand');
    expect(names).not.toContain('CompleteMultipartUploadCommand');
    // The source stopped being read soon after the limit, and was closed.
    expect(body.state.pulled).toBeLessThan(13 * MiB);
    expect(body.state.destroyed).toBe(true);
    expect(await store.size('over/x')).toBeUndefined();
    const keys: string[] = [];
    for await (const k of store.list('over/')) keys.push(k);
    expect(keys).toEqual([]);
  });

  it('keeps prefixes apart and hides them from keys', async () => {
    const a = storeOn(s3, { prefix: '/tenant-a/' });
    const b = storeOn(s3, { prefix: 'tenant-b' });
    await a.put('k/1', new TextEncoder().encode('a'));
    await b.put('k/1', new TextEncoder().encode('bb'));
    expect(await a.size('k/1')).toBe(1);
    expect(await b.size('k/1')).toBe(2);
    const keys: string[] = [];
    for await (const k of a.list('')) keys.push(k);
    expect(keys).toEqual(['k/1']);
    await a.check();
    for await (const k of a.list('')) expect(k).toBe('k/1');
  });

  it('stores an empty body and refuses a byte array over the limit without a request', async () => {
    const store = storeOn(s3);
    expect(await store.put('e/empty', Readable.from([]))).toEqual({ size: 0 });
    expect(await store.size('e/empty')).toBe(0);
    const sent = recordCommands(store, () => 0);
    await expect(store.put('e/big', new Uint8Array(10), { maxBytes: 5 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(sent).toEqual([]);
  });

  // (s3rver does not verify secrets, so wrong keys cannot be tested here.)
  it('fails the readiness check for a missing bucket, and reads through a missing one as an error', async () => {
    const store = storeOn(s3, { bucket: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow();
    await expect(store.get('x')).rejects.toThrow(/bucket/i);
  });
});
