import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../config/config.js';
import { createBlobStore } from '../../../service/create-context.js';
import { FsBlobStore } from '../fs/fs-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

const S3 = { CALLSCOPE_BLOB_STORE: 's3', CALLSCOPE_S3_BUCKET: 'b', CALLSCOPE_DATA_DIR: '/tmp/x' };

/** The settings of issue 6 as the service reads them, and the client they configure. */
describe('S3 settings', () => {
  it('builds an S3 store: path style with an endpoint unless told otherwise, explicit keys', async () => {
    const store = await createBlobStore(
      parseConfig({
        ...S3,
        CALLSCOPE_S3_ENDPOINT: 'http://minio:9000',
        CALLSCOPE_S3_REGION: 'eu-west-3',
        CALLSCOPE_S3_ACCESS_KEY_ID: 'AKIA',
        CALLSCOPE_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(store).toBeInstanceOf(S3BlobStore);
    const { config } = (store as S3BlobStore).client;
    expect(config.forcePathStyle).toBe(true);
    expect(await config.region()).toBe('eu-west-3');
    expect(await config.credentials()).toMatchObject({ accessKeyId: 'AKIA', secretAccessKey: 'secret' });
    const virtual = await createBlobStore(
      parseConfig({
        ...S3,
        CALLSCOPE_S3_ENDPOINT: 'http://minio:9000',
        CALLSCOPE_S3_FORCE_PATH_STYLE: 'false',
      }),
    );
    expect((virtual as S3BlobStore).client.config.forcePathStyle).toBe(false);
    const aws = await createBlobStore(parseConfig(S3));
    expect((aws as S3BlobStore).client.config.forcePathStyle).toBe(false);
  });

  it('refuses half a key pair, a bucketless s3 store and a bad boolean', () => {
    expect(() => parseConfig({ ...S3, CALLSCOPE_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/set both or neither/);
    expect(() => parseConfig({ CALLSCOPE_BLOB_STORE: 's3' })).toThrow(/needs CALLSCOPE_S3_BUCKET/);
    expect(() => parseConfig({ ...S3, CALLSCOPE_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(ConfigError);
  });

  it('keeps the file store by default', async () => {
    expect(await createBlobStore(parseConfig({ CALLSCOPE_DATA_DIR: '/tmp/x' }))).toBeInstanceOf(FsBlobStore);
  });
});
