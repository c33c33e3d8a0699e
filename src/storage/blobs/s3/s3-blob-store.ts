import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertKey,
  type BlobEntry,
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
} from '../blob-store.js';
import { holdErrors } from '../hold-errors.js';

const MiB = 1024 * 1024;

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** S3-compatible endpoint (MinIO, Ceph, …); unset: AWS. */
  endpoint?: string;
  /** `bucket` in the path rather than the host name; default: true when an endpoint is set. */
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket ("callscope" and "callscope/" are the same). */
  prefix?: string;
  /** Explicit keys; unset: the standard AWS chain (env, shared files, instance/task roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where `localFile` downloads to. */
  tmpDir?: string;
  /** Multipart part size (S3's minimum is 5 MiB except the last part). */
  partSize?: number;
  /** Parts uploaded concurrently: memory per put is about partSize × (queueSize + 1). */
  queueSize?: number;
}

/**
 * Blobs as objects in one S3 bucket. A put streams through lib-storage's `Upload`: a body shorter
 * than one part is a single PutObject, a longer one a multipart upload, so at most a few parts are
 * ever held in memory. Both become visible only when complete, which keeps puts atomic.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly tmpDir: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    const trimmed = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    this.prefix = trimmed === '' ? '' : `${trimmed}/`;
    this.tmpDir = options.tmpDir ?? tmpdir();
    this.partSize = Math.max(5 * MiB, options.partSize ?? 8 * MiB);
    this.queueSize = options.queueSize ?? 2;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Many S3-compatible servers reject the flexible checksums the SDK sends by default since
      // early 2025; against AWS itself the defaults stay.
      ...(options.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
      // Fail fast when the endpoint is unreachable (readiness, doctor) instead of hanging.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    });
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  async put(
    key: string,
    body: Readable | Uint8Array,
    options: { maxBytes?: number } = {},
  ): Promise<{ size: number }> {
    // Before the first await: the body may fail before the upload reads it (see holdErrors).
    if (!(body instanceof Uint8Array)) holdErrors(body);
    const Key = this.objectKey(key);
    const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
    let size = 0;
    let Body: Uint8Array | Readable;
    if (body instanceof Uint8Array) {
      if (body.byteLength > max) throw new BlobTooLargeError(max);
      size = body.byteLength;
      Body = body;
    } else {
      // Counted while it streams: the limit stops the upload as soon as it is crossed.
      Body = Readable.from(
        (async function* () {
          for await (const chunk of body as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > max) throw new BlobTooLargeError(max);
            yield chunk;
          }
        })(),
      );
    }
    // Aborting ourselves (rather than leavePartsOnError: false) keeps the original error when the
    // abort itself fails, and a store without abort support still reports BlobTooLargeError.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: true,
    });
    try {
      await upload.done();
      return { size };
    } catch (error) {
      if (body instanceof Readable) body.destroy();
      if (upload.uploadId)
        // Best effort: parts of an upload never completed are invisible to readers, and a bucket
        // lifecycle rule (AbortIncompleteMultipartUpload) removes what a failed abort leaves.
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: upload.uploadId }))
          .catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return holdErrors(out.Body as Readable);
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  /** Analysis workers read files: the object is downloaded to a private temporary directory. */
  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    await mkdir(this.tmpDir, { recursive: true });
    const dir = await mkdtemp(join(this.tmpDir, 's3-'));
    const release = () => rm(dir, { recursive: true, force: true });
    const path = join(dir, 'blob');
    try {
      // Asked for once the directory is there: nothing stands between the response and its reader.
      await pipeline(await this.get(key), createWriteStream(path));
    } catch (error) {
      await release();
      throw error;
    }
    return { path, release };
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** S3 deletes are idempotent: deleting a missing key succeeds. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    for await (const entry of this.listWithAge(prefix)) yield entry.key;
  }

  /**
   * Keys with their LastModified. For a multipart upload S3 reports the time the upload started,
   * so housekeeping's safety age must exceed the time a large put can take (it does: it is derived
   * from the analysis timeout, which bounds the work that precedes the put). Parts of uploads that
   * never completed are not listed; a bucket lifecycle rule (AbortIncompleteMultipartUpload)
   * removes them.
   */
  async *listWithAge(prefix: string): AsyncIterable<BlobEntry> {
    const trimmed = prefix.replace(/\/+$/, '');
    const Prefix = trimmed === '' ? this.prefix : `${this.objectKey(trimmed)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken }),
      );
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(this.prefix.length);
        if (key && !key.startsWith(`${PROBE}/`))
          yield { key, modifiedAt: o.LastModified?.getTime() ?? Date.now() };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Writes and deletes a probe object (a per-call key: several nodes probe at once). */
  async check(): Promise<void> {
    const key = `${PROBE}/${randomUUID()}`;
    await this.put(key, new Uint8Array([1]));
    await this.delete(key);
  }
}

const PROBE = '.probe';

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
