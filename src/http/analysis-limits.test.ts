/**
 * What bounds one analysis besides the size of the file: what delta-compressed stats may expand to,
 * and the heap of its worker. Both are answered 413 file_too_large with a sentence that says which,
 * spend no credit, and leave the service serving.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dump, raw, remainingCredits } from '../../test/support/api-requests.js';
import { expectError, expectOk } from '../../test/support/api-schemas.js';
import { carryBomb } from '../../test/support/carry-bomb.js';
import { startService, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponse } from '../model/api/resources.js';

const SMALL = 'chromium156/audio-only/rtcstats_dump.caller.txt';

/** A jitsi dump of `n` connections with one stream each: about 2 KB of payload and views apiece. */
function connections(n: number): Buffer {
  const head = [
    'connectionInfo',
    null,
    { url: 'https://x.example/r', clientProtocol: 'jitsi' },
    1_795_246_284_039,
  ];
  const lines: unknown[] = [head];
  for (let i = 0; i < n; i++)
    lines.push([
      'getstats',
      `PC_${i}`,
      { IT: { type: 'inbound-rtp', kind: 'audio', ssrc: 1, packetsReceived: 5 } },
      1_795_246_284_039 + i,
    ]);
  return Buffer.from(`${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

describe('limits of one analysis', () => {
  const services: TestService[] = [];
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  // The delta-format kin of a gzip bomb: polls that leave every report out carry all of them.
  it('refuses an rtcstats dump whose empty polls carry millions of samples', async () => {
    const service = await startService({ CALLSCOPE_WORKERS: '1' });
    services.push(service);
    const account = await service.account({ credits: 10 });
    for (const path of ['/v1.0/analyze', '/v1.0/analyze?save=true']) {
      const answer = await expectError(
        account.fetch(path, raw(carryBomb('v3', 3000, 3000))),
        413,
        'file_too_large',
      );
      expect(answer.body.error).toMatch(/expands to more stats samples than this server reads/);
    }
    expect(await remainingCredits(account)).toBe(10);
  }, 60_000);

  it('stops an analysis past CALLSCOPE_ANALYSIS_HEAP_MB, and the next one runs in a new worker', async () => {
    const service = await startService({ CALLSCOPE_WORKERS: '1', CALLSCOPE_ANALYSIS_HEAP_MB: '64' });
    services.push(service);
    const account = await service.account({ credits: 10 });
    const answer = await expectError(
      account.fetch('/v1.0/analyze', raw(connections(20_000))),
      413,
      'file_too_large',
    );
    expect(answer.body.error).toBe(
      'Analyzing this dump needs more memory than this server gives one analysis (64 MiB, CALLSCOPE_ANALYSIS_HEAP_MB): it was stopped.',
    );
    expect(await remainingCredits(account)).toBe(10);
    await expectOk<AnalyzeResponse>(account.fetch('/v1.0/analyze', raw(dump(SMALL))), 'AnalyzeResponse');
    const metrics = await service.ctx.metrics.registry.metrics();
    expect(metrics).toMatch(/callscope_analysis_duration_seconds_count\{outcome="memory"\} 1/);
    expect(await remainingCredits(account)).toBe(9);
  }, 120_000);
});
