/**
 * Production topology in miniature: two real `callscope serve` processes, each with a data
 * directory of its own, sharing only one PostgreSQL schema and one S3 bucket (s3rver). Whatever one
 * node does, the other must see; every limit must hold for the pair as it does for one node.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresStorage,
  TEST_DATABASE_URL,
  type TestStorage,
  tempDir,
} from '../../test/support/databases.js';
import { fixture } from '../../test/support/fixtures.js';
import { type ServerProcess, startServerProcess } from '../../test/support/processes.js';
import { S3RVER_KEYS, startS3, type TestS3 } from '../../test/support/s3.js';
import { S3BlobStore } from '../storage/blobs/s3/s3-blob-store.js';
import { TokenService } from './tokens.js';

const READS_PER_WINDOW = 10;
const DUMP = readFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!TEST_DATABASE_URL)('two service nodes on one PostgreSQL and one S3 bucket', () => {
  let pg: TestStorage;
  let s3: TestS3;
  let tokens: TokenService;
  const nodes: ServerProcess[] = [];
  const dirs: string[] = [];
  const node = (i: number) => nodes[i % nodes.length]!;

  beforeAll(async () => {
    [pg, s3] = await Promise.all([postgresStorage(), startS3()]);
    tokens = await TokenService.create(pg.storage, undefined);
    const env = () => {
      const dataDir = tempDir('callscope-node-');
      dirs.push(dataDir);
      return {
        ...s3.env,
        CALLSCOPE_DATABASE_URL: pg.databaseUrl!,
        CALLSCOPE_DATA_DIR: dataDir,
        CALLSCOPE_RATE_READS: String(READS_PER_WINDOW),
        // A day-long window: the rate-limit case cannot straddle two windows.
        CALLSCOPE_RATE_WINDOW_MS: String(24 * 3600_000),
        CALLSCOPE_QUEUE_SIZE: '64',
        // Concurrent requests of one account are what the credit test sends.
        CALLSCOPE_ACCOUNT_ANALYSES: '1000',
      };
    };
    nodes.push(...(await Promise.all([startServerProcess(env()), startServerProcess(env())])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await s3?.stop();
    await pg?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function account(credits: number) {
    const a = await pg.storage.accounts.create({ name: 'nodes', plan: 'developer', credits, email: null });
    const { token } = await tokens.issue(a.id, 'test', 'full');
    const call = (i: number, path: string, init: RequestInit = {}) =>
      fetch(`${node(i).url}/v1.0${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      });
    return { id: a.id, call };
  }

  it('assembles chunks sent alternately to both nodes; a session is listed, read and deleted through the other', async () => {
    const a = await account(10);
    const parts = 5;
    const step = Math.ceil(DUMP.length / parts);
    for (let i = 0; i < parts; i++) {
      const form = new FormData();
      form.set('fileId', 'alternate');
      form.set('chunkIndex', String(i));
      form.set('chunk', new Blob([DUMP.subarray(i * step, (i + 1) * step)]), 'chunk');
      const r = await a.call(i, '/upload', { method: 'POST', body: form });
      expect(r.status, await r.clone().text()).toBe(200);
    }
    const assembled = await a.call(0, '/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileId: 'alternate', assemble: true, fileName: 'loss.txt' }),
    });
    expect(assembled.status, await assembled.clone().text()).toBe(200);
    const { callscopeId } = (await assembled.json()) as { callscopeId: string };

    // The stored dump is the original file, byte for byte, in the shared bucket.
    const bucket = new S3BlobStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: S3RVER_KEYS,
    });
    const blobKey = `dumps/${a.id}/${callscopeId}`;
    const stored: Buffer[] = [];
    for await (const c of await bucket.get(blobKey)) stored.push(c as Buffer);
    expect(sha256(Buffer.concat(stored))).toBe(sha256(DUMP));

    const list = await a.call(1, '/sessions');
    expect(list.status).toBe(200);
    const page = (await list.json()) as { totalCount: number; data: { callscopeId: string }[] };
    expect(page.data.map((s) => s.callscopeId)).toEqual([callscopeId]);
    const read = await a.call(1, `/sessions/${callscopeId}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { callscopeId: string }).callscopeId).toBe(callscopeId);
    expect((await a.call(1, `/sessions/${callscopeId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await a.call(0, `/sessions/${callscopeId}`)).status).toBe(404);
    expect(await bucket.size(blobKey)).toBeUndefined();
    // The chunks went with the assembly.
    for await (const key of bucket.list(`chunks/${a.id}`)) expect.fail(`chunk left behind: ${key}`);
  });

  it('spends a credit balance exactly once across both nodes', async () => {
    const credits = 4;
    const a = await account(credits);
    const replies = await Promise.all(
      Array.from({ length: 3 * credits }, (_, i) =>
        a.call(i, '/upload?fileName=loss.txt', {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: DUMP,
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(credits);
    expect(statuses.filter((s) => s === 402)).toHaveLength(2 * credits);
    const quota = (await (await a.call(1, '/quota')).json()) as { remainingCredits: number };
    expect(quota.remainingCredits).toBe(0);
    const page = (await (await a.call(0, '/sessions')).json()) as { totalCount: number };
    expect(page.totalCount).toBe(credits);
  });

  it('holds a rate limit for the sum of both nodes', async () => {
    const a = await account(1);
    const replies = await Promise.all(
      Array.from({ length: 3 * READS_PER_WINDOW }, (_, i) => a.call(i, '/quota')),
    );
    const byNode = [0, 1].map((n) => replies.filter((_, i) => i % 2 === n).map((r) => r.status));
    const all = byNode.flat();
    expect(all.filter((s) => s === 200)).toHaveLength(READS_PER_WINDOW);
    expect(all.filter((s) => s === 429)).toHaveLength(2 * READS_PER_WINDOW);
    // Each node refused some: neither kept a count of its own.
    for (const statuses of byNode) expect(statuses).toContain(429);
  });
});
