import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, PREFIXES, raw } from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestService } from '../../../test/support/service.js';
import type { QuotaResponse } from '../../model/api/resources.js';

const KiB = 1024;

describe('GET quota', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_MAX_CHUNK_BYTES: String(512 * KiB),
      CALLSCOPE_MAX_FILE_BYTES_TRIAL_DEVELOPER: String(1024 * KiB),
      CALLSCOPE_MAX_FILE_BYTES_DEVELOPER: String(2048 * KiB),
      CALLSCOPE_MAX_FILE_BYTES_ENTERPRISE: String(4096 * KiB),
    });
  });
  afterAll(async () => service?.close());

  it.each(PREFIXES)('answers the credits and size limits of the plan on %s', async (prefix) => {
    for (const [plan, max] of [
      ['trial_developer', 1024 * KiB],
      ['developer', 2048 * KiB],
      ['enterprise', 4096 * KiB],
    ] as const) {
      const account = await service.account({ plan, credits: 7 });
      const { body } = await expectOk<QuotaResponse>(account.fetch(`${prefix}/quota`), 'QuotaResponse');
      expect(body).toEqual({
        accountName: `test-${plan}`,
        accountPlan: plan,
        allowedCredits: 7,
        remainingCredits: 7,
        maxFileSizeBytes: max,
        maxChunkSizeBytes: 512 * KiB,
      });
    }
  });

  it('counts purchased credits in allowedCredits and spends monthly credits first', async () => {
    const account = await service.account({ credits: 1 });
    await service.ctx.storage.accounts.addCredits(account.id, 2);
    const quota = async () =>
      (await expectOk<QuotaResponse>(account.fetch('/v1.0/quota'), 'QuotaResponse')).body;
    expect(await quota()).toMatchObject({ allowedCredits: 3, remainingCredits: 3 });
    const analyze = () =>
      account.fetch('/v1.0/analyze', raw(dump('chromium156/audio-only/webrtc_internals_dump.txt')));
    await expectOk(analyze(), 'AnalyzeResponse');
    expect(await quota()).toMatchObject({ allowedCredits: 3, remainingCredits: 2 });
    await expectOk(analyze(), 'AnalyzeResponse');
    await expectOk(analyze(), 'AnalyzeResponse');
    expect(await quota()).toMatchObject({ allowedCredits: 3, remainingCredits: 0 });
    await expectError(analyze(), 402, 'no_credits');
    // Purchased credits never expire: a new month gives back the monthly one only.
    const row = await service.ctx.storage.database.db
      .selectFrom('accounts')
      .select(['monthly_used', 'purchased_balance', 'purchased_used'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ monthly_used: 1, purchased_balance: 0, purchased_used: 2 });
  });

  it('needs a token', async () => {
    for (const prefix of PREFIXES) {
      const res = await fetch(`${service.url}${prefix}/quota`);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      await expectError(res, 401, 'authentication');
    }
  });
});
