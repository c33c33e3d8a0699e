import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dump,
  json,
  newFileId,
  PREFIXES,
  raw,
  remainingCredits,
  sendChunks,
  split,
} from '../../test/support/api-requests.js';
import { expectError, expectOk, read } from '../../test/support/api-schemas.js';
import { postgresStorage, TEST_DATABASE_URL, type TestStorage } from '../../test/support/databases.js';
import { recordFigure, scaled } from '../../test/support/reliability.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponse, SessionsListResponse, UploadResponse } from '../model/api/resources.js';

const AUDIO = 'chromium156/audio-only/webrtc_internals_dump.txt';
const LOSS = 'chromium156/loss/webrtc_internals_dump.txt';

describe('credits over HTTP', () => {
  let service: TestService;
  beforeAll(async () => {
    // One worker: concurrent requests queue for it, which is all the credit tests need. Each of
    // them reaches the analysis: the limit of analyses per account would refuse them first.
    service = await startService({
      CALLSCOPE_WORKERS: '1',
      CALLSCOPE_ACCOUNT_ANALYSES: '1000',
      CALLSCOPE_RATE_INGEST: '1000',
      CALLSCOPE_RATE_READS: '1000',
    });
  });
  afterAll(async () => service?.close());

  const sessionCount = async (account: TestAccount) =>
    (await expectOk<SessionsListResponse>(account.fetch('/v1.0/sessions'), 'SessionsListResponse')).body
      .totalCount;

  it('spends nothing on a failure', async () => {
    const account = await service.account({ credits: 2 });
    expect(await remainingCredits(account)).toBe(2);
    await expectError(account.fetch('/v1.0/analyze', raw('not a dump at all')), 415, 'parsing_issue');
    await expectError(
      account.fetch('/v1.0/analyze?save=true', raw('not a dump at all')),
      415,
      'parsing_issue',
    );
    await expectError(account.fetch('/v1.0/enrich', raw(dump('jitsi/jigasi-sample'))), 415, 'other_issue');
    await expectError(account.fetch('/v1.0/upload', raw('not a dump at all')), 400, 'invalid_request');
    await expectError(
      account.fetch('/v1.0/analyze', raw(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]))),
      400,
      'invalid_request',
    );
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, split(dump(LOSS), 3), [0, 2]);
    await expectError(
      account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'x' })),
      400,
      'invalid_request',
    );
    expect(await remainingCredits(account)).toBe(2);
    expect(await sessionCount(account)).toBe(0);
  });

  it('spends one credit per success on analyze, save, upload and enrich, none on chunks', async () => {
    const account = await service.account({ credits: 10 });
    await expectOk(account.fetch('/v1.0/analyze', raw(dump(AUDIO))), 'AnalyzeResponse');
    expect(await remainingCredits(account)).toBe(9);
    await expectOk(account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO))), 'AnalyzeResponse');
    expect(await remainingCredits(account)).toBe(8);
    await expectOk(account.fetch('/v1.0/enrich', raw(dump(AUDIO))), 'EnrichResponse');
    expect(await remainingCredits(account)).toBe(7);
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, split(dump(AUDIO), 4));
    expect(await remainingCredits(account)).toBe(7);
    await expectOk(
      account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'a' })),
      'UploadResponse',
    );
    expect(await remainingCredits(account)).toBe(6);
  });

  it('answers 402 on every paid operation when no credit is left', async () => {
    const account = await service.account({ credits: 0 });
    await expectError(account.fetch('/v1.0/analyze', raw(dump(AUDIO))), 402, 'no_credits');
    await expectError(account.fetch('/v1.0/analyze?save=1', raw(dump(AUDIO))), 402, 'no_credits');
    await expectError(account.fetch('/api/callscope/v1.0/analyze', raw(dump(AUDIO))), 402, 'no_credits');
    await expectError(account.fetch('/v1.0/enrich', raw(dump(AUDIO))), 402, 'no_credits');
    await expectError(account.fetch('/v1.0/upload', raw(dump(AUDIO))), 402, 'no_credits');
    // Chunks are free: the refusal comes at assemble.
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/upload', fileId, split(dump(AUDIO), 2));
    await expectError(
      account.fetch('/v1.0/upload', json({ fileId, assemble: true, fileName: 'a' })),
      402,
      'no_credits',
    );
    // Reads stay free.
    await expectOk(account.fetch('/v1.0/quota'), 'QuotaResponse');
    expect(await sessionCount(account)).toBe(0);
  });

  it('never overspends under concurrency: 6 analyses on 2 credits, exactly 2 succeed', async () => {
    const account = await service.account({ credits: 2 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        account
          .fetch(`/v1.0/analyze${i % 2 ? '?save=true' : ''}`, raw(dump(AUDIO)))
          .then((r) => read(r, 'AnalyzeResponse')),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 402, 402, 402, 402]);
    for (const a of answers.filter((x) => x.status === 402)) expect(a.body.errorCode).toBe('no_credits');
    expect(await remainingCredits(account)).toBe(0);
    const saved = answers.filter((a) => a.status === 200 && 'callscopeId' in a.body).length;
    expect(await sessionCount(account)).toBe(saved);
  });

  it('never overspends concurrent uploads either', async () => {
    const account = await service.account({ credits: 2 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        account.fetch('/v1.0/upload', raw(dump(AUDIO))).then((r) => read(r, 'UploadResponse')),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 402, 402, 402]);
    expect(await sessionCount(account)).toBe(2);
  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the identical body and charges once', async () => {
      const account = await service.account({ credits: 5 });
      const key = { 'idempotency-key': 'retry-1' };
      const first = await expectOk<AnalyzeResponse>(
        account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO), key)),
        'AnalyzeResponse',
      );
      const second = await expectOk<AnalyzeResponse>(
        account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO), key)),
        'AnalyzeResponse',
      );
      expect(second.text).toBe(first.text);
      expect(await remainingCredits(account)).toBe(4);
      expect(await sessionCount(account)).toBe(1);
      // Without the key, the same request is a new one.
      const third = await expectOk<AnalyzeResponse>(
        account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO))),
        'AnalyzeResponse',
      );
      expect(third.body.callscopeId).not.toBe(first.body.callscopeId);
      expect(await remainingCredits(account)).toBe(3);
    });

    it('answers concurrent requests with the same key once', async () => {
      const account = await service.account({ credits: 5 });
      const key = { 'idempotency-key': 'concurrent-1' };
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          account
            .fetch('/v1.0/upload', raw(dump(AUDIO), key))
            .then((r) => read<UploadResponse>(r, 'UploadResponse')),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(await remainingCredits(account)).toBe(4);
      expect(await sessionCount(account)).toBe(1);
    });

    it('refuses the same key for a different request with 400', async () => {
      const account = await service.account({ credits: 5 });
      const key = { 'idempotency-key': 'same-key' };
      await expectOk(account.fetch('/v1.0/analyze', raw(dump(AUDIO), key)), 'AnalyzeResponse');
      const { body } = await expectError(
        account.fetch('/v1.0/analyze', raw(dump(LOSS), key)),
        400,
        'invalid_request',
      );
      expect(body.error).toContain('Idempotency-Key');
      // Same body, other operation or options: a different request too.
      await expectError(account.fetch('/v1.0/enrich', raw(dump(AUDIO), key)), 400, 'invalid_request');
      await expectError(
        account.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO), key)),
        400,
        'invalid_request',
      );
      expect(await remainingCredits(account)).toBe(4);
      // Keys belong to the account: another account may use the same one.
      const other = await service.account({ credits: 1 });
      await expectOk(other.fetch('/v1.0/analyze', raw(dump(LOSS), key)), 'AnalyzeResponse');
    });

    it('replays a client error without running again, and refuses malformed keys', async () => {
      const account = await service.account({ credits: 5 });
      const key = { 'idempotency-key': 'bad-dump' };
      const first = await expectError(
        account.fetch('/v1.0/analyze', raw('no dump', key)),
        415,
        'parsing_issue',
      );
      const second = await expectError(
        account.fetch('/v1.0/analyze', raw('no dump', key)),
        415,
        'parsing_issue',
      );
      expect(second.text).toBe(first.text);
      await expectError(
        account.fetch('/v1.0/analyze', raw(dump(AUDIO), { 'idempotency-key': 'x'.repeat(256) })),
        400,
        'invalid_request',
      );
      await expectError(
        account.fetch('/v1.0/analyze', raw(dump(AUDIO), { 'idempotency-key': 'has space' })),
        400,
        'invalid_request',
      );
      expect(await remainingCredits(account)).toBe(5);
    });
  });
});

/**
 * N credits, 10·N concurrent paid requests of every kind — raw analyze (with and without save),
 * raw upload, enrich, and chunked assembles — over both path forms: exactly N succeed, every other
 * one is 402 no_credits, the balance ends at 0 with no hold left, and the stored sessions are the
 * successful saves. On SQLite, and on PostgreSQL when CALLSCOPE_TEST_DATABASE_URL is set.
 */
describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
] as const)('credits under concurrency on %s', (name, postgres) => {
  const N = scaled('CALLSCOPE_CREDITS_N', 6);
  let service: TestService;
  let pg: TestStorage | undefined;
  beforeAll(async () => {
    if (postgres && !TEST_DATABASE_URL) return;
    if (postgres) pg = await postgresStorage();
    service = await startService(
      {
        CALLSCOPE_WORKERS: '2',
        CALLSCOPE_QUEUE_SIZE: String(10 * N),
        CALLSCOPE_ACCOUNT_ANALYSES: String(10 * N),
        CALLSCOPE_RATE_INGEST: '100000',
        CALLSCOPE_RATE_READS: '100000',
        CALLSCOPE_RATE_CHUNKS: '100000',
      },
      pg?.databaseUrl ? { databaseUrl: pg.databaseUrl } : {},
    );
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await pg?.cleanup();
  });

  it.skipIf(postgres && !TEST_DATABASE_URL)(
    `spends ${N} credits on exactly ${N} of ${10 * N} concurrent requests over both path forms and the chunked flow`,
    async () => {
      const account = await service.account({ credits: N });
      const body = dump('rtcstats/rtcstats-gumonly.jsonl');
      type Kind = { name: string; saves: boolean; send(): Promise<Response> };
      const assembles: Kind[] = [];
      // Chunks are free: every assemble has its chunks before the burst.
      for (let i = 0; i < 3 * N; i++) {
        const fileId = newFileId();
        const prefix = PREFIXES[i % 2]!;
        const operation = i % 3 === 0 ? 'analyze?save=true' : i % 3 === 1 ? 'upload' : 'analyze';
        await sendChunks(account, `${prefix}/${operation.split('?')[0]}`, fileId, split(body, 2));
        assembles.push({
          name: `assemble ${prefix}/${operation}`,
          saves: operation !== 'analyze',
          send: () =>
            account.fetch(
              `${prefix}/${operation}`,
              json({ fileId, assemble: true, fileName: `f${i}.jsonl` }),
            ),
        });
      }
      const rawKinds = (prefix: string): Kind[] => [
        {
          name: `${prefix}/analyze`,
          saves: false,
          send: () => account.fetch(`${prefix}/analyze`, raw(body)),
        },
        {
          name: `${prefix}/analyze?save=1`,
          saves: true,
          send: () => account.fetch(`${prefix}/analyze?save=1`, raw(body)),
        },
        {
          name: `${prefix}/upload`,
          saves: true,
          send: () => account.fetch(`${prefix}/upload?fileName=u.jsonl`, raw(body)),
        },
      ];
      const kinds = [
        ...rawKinds('/v1.0'),
        ...rawKinds('/api/callscope/v1.0'),
        { name: '/v1.0/enrich', saves: false, send: () => account.fetch('/v1.0/enrich', raw(body)) },
      ];
      const requests: Kind[] = [...assembles];
      for (let i = 0; requests.length < 10 * N; i++) requests.push(kinds[i % kinds.length]!);
      const answers = await Promise.all(
        requests.map(async (r) => {
          const res = await r.send();
          const schema = r.name.includes('enrich')
            ? 'EnrichResponse'
            : r.name.includes('upload')
              ? 'UploadResponse'
              : 'AnalyzeResponse';
          return { ...r, answer: await read(res, schema) };
        }),
      );
      const ok = answers.filter((a) => a.answer.status === 200);
      const refused = answers.filter((a) => a.answer.status !== 200);
      expect(ok).toHaveLength(N);
      for (const a of refused)
        expect([a.answer.status, a.answer.body.errorCode]).toEqual([402, 'no_credits']);
      expect(await remainingCredits(account)).toBe(0);
      expect(await service.ctx.storage.accounts.holdCount(account.id)).toBe(0);
      const stored = (
        await expectOk<SessionsListResponse>(account.fetch('/v1.0/sessions'), 'SessionsListResponse')
      ).body.totalCount;
      expect(stored).toBe(ok.filter((a) => a.saves).length);
      recordFigure(`2 credits (${name})`, 'credits / concurrent requests', `${N} / ${10 * N}`);
      recordFigure(
        `2 credits (${name})`,
        '200 / 402 / other',
        `${ok.length} / ${refused.filter((a) => a.answer.status === 402).length} / ${refused.filter((a) => a.answer.status !== 402).length}`,
      );
      recordFigure(`2 credits (${name})`, 'balance after, holds left', '0, 0');
      recordFigure(`2 credits (${name})`, 'stored sessions = successful saves', `${stored} = ${stored}`);
    },
    120_000,
  );
});
