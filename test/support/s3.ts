/**
 * A local S3 for tests: s3rver (in-process, files in a temporary directory) on 127.0.0.1 and a
 * free port, with one bucket. It is old and test-only; production talks to real S3 or MinIO/Ceph.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no type declarations; the surface used here is typed below.
import S3rverModule from 's3rver';
import { tempDir } from './databases.js';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (options: Record<string, unknown>) => S3rverServer;
const S3rver = S3rverModule as S3rverCtor;

/** s3rver checks request signatures against these keys. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The files s3rver keeps (objects and unfinished multipart uploads). */
  directory: string;
  /** The service settings that point a node at this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'callscope-test'): Promise<TestS3> {
  const directory = tempDir('callscope-s3rver-');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      CALLSCOPE_BLOB_STORE: 's3',
      CALLSCOPE_S3_ENDPOINT: endpoint,
      CALLSCOPE_S3_BUCKET: bucket,
      CALLSCOPE_S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      CALLSCOPE_S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
