/**
 * Idempotency-Key over HTTP, beyond the replays of credits.test.ts: what is replayed and what runs
 * again, keys left pending by a process that is gone, and the assemble step of the chunked flow
 * (the key honoured; one fileId assembled once however many requests ask at once).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dump,
  json,
  newFileId,
  raw,
  remainingCredits,
  sendChunks,
  split,
} from '../../test/support/api-requests.js';
import { expectError, expectOk, read } from '../../test/support/api-schemas.js';
import { postgresStorage, TEST_DATABASE_URL, type TestStorage } from '../../test/support/databases.js';
import { recordFigure } from '../../test/support/reliability.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponse, SessionsListResponse, UploadResponse } from '../model/api/resources.js';
import { requestHash } from '../service/ingest.js';

const AUDIO = 'chromium156/audio-only/webrtc_internals_dump.txt';
const LOSS = 'chromium156/loss/webrtc_internals_dump.txt';

/** The pid of a process that has exited (so no process of this host has it, for now). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.once('exit', done));
  return child.pid!;
}

describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
] as const)('Idempotency-Key on %s', (name, postgres) => {
  let service: TestService;
  let pg: TestStorage | undefined;
  beforeAll(async () => {
    if (postgres && !TEST_DATABASE_URL) return;
    if (postgres) pg = await postgresStorage();
    // A long analysis timeout: a retry that waits for a dead process's key would take a minute.
    service = await startService(
      {
        CALLSCOPE_WORKERS: '1',
        CALLSCOPE_RATE_INGEST: '1000',
        CALLSCOPE_RATE_READS: '1000',
        CALLSCOPE_RATE_CHUNKS: '1000',
        CALLSCOPE_ANALYSIS_TIMEOUT_MS: '60000',
      },
      pg?.databaseUrl ? { databaseUrl: pg.databaseUrl } : {},
    );
  });
  afterAll(async () => {
    await service?.close();
    await pg?.cleanup();
  });
  const skip = postgres && !TEST_DATABASE_URL;

  const sessions = async (account: TestAccount) =>
    (await expectOk<SessionsListResponse>(account.fetch('/v1.0/sessions'), 'SessionsListResponse')).body
      .totalCount;

  it.skipIf(skip)('does not replay a 402: once credits are added, the retry succeeds', async () => {
    const account = await service.account({ credits: 0 });
    const key = { 'idempotency-key': 'no-credit-yet' };
    await expectError(account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO), key)), 402, 'no_credits');
    await service.ctx.storage.accounts.addCredits(account.id, 1);
    const { body } = await expectOk<AnalyzeResponse>(
      account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO), key)),
      'AnalyzeResponse',
    );
    expect(body.callscopeId).toBeDefined();
    expect(await remainingCredits(account)).toBe(0);
    // And that success is what the key answers from now on.
    const again = await expectOk<AnalyzeResponse>(
      account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO), key)),
      'AnalyzeResponse',
    );
    expect(again.body.callscopeId).toBe(body.callscopeId);
  });

  it.skipIf(skip)('takes over at once a key left pending by a process that is gone', async () => {
    const account = await service.account({ credits: 5 });
    const bytes = dump(AUDIO);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const hash = requestHash(['upload', true, 'a.txt', sha]);
    const now = Date.now();
    // A process of this host that died holding the key (its lease still runs for an hour), and a
    // process of another host whose lease ran out.
    const gone = `${hostname()}/${await deadPid()}/a-previous-process`;
    await service.ctx.storage.idempotency.begin(account.id, 'crashed-here', hash, now, {
      owner: gone,
      leaseUntil: now + 3_600_000,
    });
    await service.ctx.storage.idempotency.begin(account.id, 'crashed-elsewhere', hash, now, {
      owner: 'another-host/1234/x',
      leaseUntil: now - 1,
    });
    for (const key of ['crashed-here', 'crashed-elsewhere']) {
      const res = await account.fetch('/v1.0/upload?fileName=a.txt', raw(bytes, { 'idempotency-key': key }));
      const { status } = await read<UploadResponse>(res, 'UploadResponse');
      expect(status, key).toBe(200);
    }
    expect(await remainingCredits(account)).toBe(3);
    expect(await sessions(account)).toBe(2);
  });

  it.skipIf(skip)('honours the key on the assemble step: a retry gets the same answer', async () => {
    const account = await service.account({ credits: 5 });
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, split(dump(LOSS), 3));
    const key = { 'idempotency-key': `assemble-${fileId}` };
    const assemble = () =>
      account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'c.txt' }, 'POST', key));
    const first = await expectOk<UploadResponse>(assemble(), 'UploadResponse');
    const second = await expectOk<UploadResponse>(assemble(), 'UploadResponse');
    expect(second.text).toBe(first.text);
    expect(await remainingCredits(account)).toBe(4);
    // The same key for another fileId is another request.
    await expectError(
      account.fetch(
        '/v1.0/upload',
        json({ fileId: newFileId(), assemble: true, fileName: 'c.txt' }, 'POST', key),
      ),
      400,
      'invalid_request',
    );
  });

  it.skipIf(skip)(
    'assembles one fileId once: concurrent assembles get the same session and one credit',
    async () => {
      const account = await service.account({ credits: 5 });
      const fileId = newFileId();
      await sendChunks(account, '/v1.0/upload', fileId, split(dump(LOSS), 3));
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          account
            .fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'c.txt' }))
            .then((r) => read<UploadResponse>(r, 'UploadResponse')),
        ),
      );
      recordFigure(
        `3e concurrent assembles of one fileId (${name})`,
        'assembles sent / 5xx / credits spent / sessions stored',
        `4 / ${answers.filter((a) => a.status >= 500).length} / ${5 - (await remainingCredits(account))} / ${await sessions(account)}`,
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.callscopeId)).size).toBe(1);
      expect(await remainingCredits(account)).toBe(4);
      expect(await sessions(account)).toBe(1);
      // Chunks sent again under that fileId are a new file: it assembles anew.
      await sendChunks(account, '/v1.0/upload', fileId, split(dump(AUDIO), 2));
      const next = await expectOk<UploadResponse>(
        account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'd.txt' })),
        'UploadResponse',
      );
      expect(next.body.callscopeId).not.toBe(answers[0]!.body.callscopeId);
      expect(await remainingCredits(account)).toBe(3);
    },
  );

  it.skipIf(skip)('lets a failed assemble run again', async () => {
    const account = await service.account({ credits: 5 });
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, [Buffer.from('not a dump')]);
    await expectError(
      account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'x.txt' })),
      400,
      'invalid_request',
    );
    await sendChunks(account, '/v1.0/upload', fileId, [dump(AUDIO)]);
    await expectOk(
      account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'x.txt' })),
      'UploadResponse',
    );
    expect(await remainingCredits(account)).toBe(4);
  });
});
