/**
 * Housekeeping, one case at a time (the crash test exercises it under SIGKILLs): what is older than
 * the in-flight grace and belongs to nothing goes; work in flight stays, whatever its age.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/cli-io.js';
import { sqliteStorage, type TestStorage } from '../../test/support/databases.js';
import { housekeepingCommand } from '../cli/commands/housekeeping.js';
import { parseConfig } from '../config/config.js';
import { FsBlobStore } from '../storage/blobs/fs/fs-blob-store.js';
import type { SessionAbstract } from '../storage/index.js';
import { inFlightGraceMs, type SweepContext, sweep } from './sweeper.js';

const HOUR = 3_600_000;
const abstract: SessionAbstract = {
  observationFlags: [],
  observationTags: [],
  browser: null,
  browserVersion: null,
  os: null,
  osVersion: null,
  conferenceId: null,
  sessionId: null,
  userId: null,
  experienceScore: null,
  connectivity: null,
  observationsCritical: 0,
  observationsHigh: 0,
  observationsMedium: 0,
  scoreBand: 'unrated',
};

describe('housekeeping', () => {
  let t: TestStorage;
  let ctx: SweepContext;
  let blobs: FsBlobStore;
  let accountId: string;
  const old = Date.now() - 2 * HOUR;
  /** Makes a file look written at `ms`. */
  const age = (path: string, ms = old) => utimesSync(path, ms / 1000, ms / 1000);
  const keys = async (prefix: string) => {
    const out: string[] = [];
    for await (const k of blobs.list(prefix)) out.push(k);
    return out.sort();
  };

  beforeEach(async () => {
    t = await sqliteStorage();
    const config = parseConfig({
      CALLSCOPE_DATA_DIR: t.dataDir,
      CALLSCOPE_ANALYSIS_TIMEOUT_MS: '60000',
      CALLSCOPE_CHUNK_TTL_MS: String(HOUR),
    });
    blobs = new FsBlobStore(join(t.dataDir, 'blobs'));
    ctx = { config, storage: t.storage, blobs, now: Date.now, tmpDir: join(t.dataDir, 'tmp') };
    accountId = (await t.storage.accounts.create({ name: 'h', plan: 'developer', credits: 10 })).id;
  });
  afterEach(async () => t.cleanup());

  it('derives the in-flight grace from the analysis time limit', () => {
    expect(inFlightGraceMs({ analysisTimeoutMs: 300_000 })).toBe(600_000);
    expect(inFlightGraceMs(ctx.config)).toBe(120_000);
  });

  it('removes old dumps without a session or a hold, and keeps the others', async () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const path = (n: number) => join(t.dataDir, 'blobs', 'dumps', accountId, id(n));
    for (let n = 1; n <= 4; n++) await blobs.put(`dumps/${accountId}/${id(n)}`, new Uint8Array([n]));
    // 1: stored session; 2: work in flight (its hold); 3: orphan; 4: orphan, but written just now.
    await t.storage.sessions.insert({
      id: id(1),
      accountId,
      createdAt: old,
      title: 't',
      fileName: 'f',
      fileSize: 1,
      blobKey: `dumps/${accountId}/${id(1)}`,
      processorVersion: '0.1.0',
      payload: gzipSync('{}'),
      uploadedBy: null,
      uploadedByEmail: null,
      callStart: null,
      callEnd: null,
      abstract,
    });
    await t.storage.accounts.hold(accountId, Date.now(), id(2));
    for (const n of [1, 2, 3]) age(path(n));
    const done = await sweep(ctx, { orphans: true });
    expect(done.orphanDumps).toBe(1);
    expect(await keys('dumps/')).toEqual([1, 2, 4].map((n) => `dumps/${accountId}/${id(n)}`));
    // Without `orphans`, the blob store is not listed.
    age(path(4));
    expect((await sweep(ctx)).orphanDumps).toBe(0);
    expect((await sweep(ctx, { orphans: true })).orphanDumps).toBe(1);
  });

  it('gives back holds older than the grace', async () => {
    await t.storage.accounts.hold(accountId, Date.now() - inFlightGraceMs(ctx.config) - 1);
    await t.storage.accounts.hold(accountId, Date.now());
    expect((await sweep(ctx)).holds).toBe(1);
    expect(await t.storage.accounts.holdCount(accountId)).toBe(1);
    expect((await t.storage.accounts.quota(accountId))!.remainingCredits).toBe(9);
  });

  it('expires chunks, and removes chunk files without a row, partial writes and spooled bodies', async () => {
    await blobs.put(`chunks/${accountId}/f/0`, new Uint8Array([1]));
    await t.storage.chunks.put(accountId, 'f', {
      index: 0,
      size: 1,
      blobKey: `chunks/${accountId}/f/0`,
      createdAt: Date.now() - 2 * HOUR,
    });
    await blobs.put(`chunks/${accountId}/g/0`, new Uint8Array([1])); // its row never written
    await blobs.put(`chunks/${accountId}/g/1`, new Uint8Array([1])); // same, just now
    age(join(t.dataDir, 'blobs', 'chunks', accountId, 'g', '0'));
    mkdirSync(join(t.dataDir, 'blobs', '.incoming'), { recursive: true });
    mkdirSync(ctx.tmpDir, { recursive: true });
    for (const file of [join(t.dataDir, 'blobs', '.incoming', 'x'), join(ctx.tmpDir, 'a.dump')]) {
      writeFileSync(file, 'partial');
      age(file);
    }
    writeFileSync(join(ctx.tmpDir, 'b.dump'), 'in flight');
    const done = await sweep(ctx, { orphans: true });
    expect(done).toMatchObject({ chunks: 1, orphanChunks: 1, incompleteWrites: 1, tmpFiles: 1 });
    expect(await keys('chunks/')).toEqual([`chunks/${accountId}/g/1`]);
  });

  it('runs once, now, from the command line', async () => {
    const io = captureIo();
    const code = await housekeepingCommand([], io, { CALLSCOPE_DATA_DIR: t.dataDir });
    expect(code).toBe(0);
    expect(io.stdout).toMatch(/housekeeping done[\s\S]*orphanDumps: 0/);
    const help = captureIo();
    expect(await housekeepingCommand(['--help'], help, {})).toBe(0);
    expect(help.stdout).toContain('callscope housekeeping');
  });
});
