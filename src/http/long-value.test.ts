/**
 * A gzip of one value of 1 GB, over real HTTP with the default limits: the decompressed content
 * is more than can be analyzed, 413 file_too_large, and not a 415 about JSON that is valid (it was
 * 415 "Invalid string length", V8's limit met in the middle of the read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, remainingCredits } from '../../test/support/api-requests.js';
import { expectError } from '../../test/support/api-schemas.js';
import { collect, gzipOfLongValue } from '../../test/support/long-value.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';

const GB = 1e9;

describe('a gzip of one 1 GB value', () => {
  let service: TestService;
  let account: TestAccount;

  beforeAll(async () => {
    service = await startService({ CALLSCOPE_WORKERS: '1' });
    account = await service.account({ credits: 10 });
  });
  afterAll(async () => {
    await service?.close();
  });

  it.each([
    ['one JSON string', '{"PeerConnections":"', 'A single value of the dump'],
    ['one line without a newline', '["getstats","pc0","', 'A line of the dump'],
  ])(
    'answers 413 file_too_large for %s, spending nothing',
    async (_, before, subject) => {
      // About 1 MB to send; the server stops after reading 256 MiB of it, well before 1 GB.
      const body = await collect(gzipOfLongValue(before, 'A', GB, '"}'));
      expect(body.length).toBeLessThan(2e6);
      const answer = await expectError(
        account.fetch('/v1.0/analyze?save=true', raw(body)),
        413,
        'file_too_large',
      );
      expect(answer.body.error).toBe(
        `The dump is too large once decompressed: ${subject} is longer than 256 MiB, the longest this server reads.`,
      );
      expect(await remainingCredits(account)).toBe(10);
    },
    180_000,
  );
});
