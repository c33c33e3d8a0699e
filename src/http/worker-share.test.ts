/**
 * The analysis workers are shared fairly and cost nothing to whoever gives up (issue 26): one
 * account holds at most CALLSCOPE_ACCOUNT_ANALYSES of them (429 with Retry-After past it), an
 * analysis whose client has gone away (analyze without save, enrich) is stopped and spends no
 * credit, and failed analyses spend none but count against the ingest rate limit. Analyses are held
 * open by a test worker until released, so nothing here depends on timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dump, raw, remainingCredits } from '../../test/support/api-requests.js';
import { expectError, expectOk } from '../../test/support/api-schemas.js';
import { HeldAnalyses, heldAnalysisWorker } from '../../test/support/held-analyses.js';
import { NO_WINDOW_BOUNDARY_MS, startService, type TestService } from '../../test/support/service.js';

const AUDIO = 'chromium156/audio-only/rtcstats_dump.caller.txt';
const WAIT = { timeout: 60_000, interval: 20 };

/** How many analyses ended with `outcome` (the analysis-duration histogram's count). */
async function analysesEnded(service: TestService, outcome: string): Promise<number> {
  const metric = await service.ctx.metrics.analysisDuration.get();
  return (
    metric.values.find(
      (v) => v.metricName === 'callscope_analysis_duration_seconds_count' && v.labels.outcome === outcome,
    )?.value ?? 0
  );
}

describe('analysis workers shared between accounts', () => {
  const held = new HeldAnalyses();
  let service: TestService;
  beforeAll(async () => {
    service = await startService(
      {
        CALLSCOPE_WORKERS: '2',
        CALLSCOPE_RATE_INGEST: '1000',
        CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
      },
      { analysisWorker: heldAnalysisWorker() },
    );
  });
  afterEach(() => held.releaseAll());
  afterAll(async () => {
    held.releaseAll();
    await service.close();
    held.close();
  });

  it('defaults to one analysis per account with two workers: a second gets 429, another account is served', async () => {
    expect(service.ctx.config.accountAnalyses).toBe(1);
    const a = await service.account({ credits: 10 });
    const b = await service.account({ credits: 10 });
    const before = held.count;
    const first = a.fetch('/v1.0/analyze', raw(dump(AUDIO)));
    const firstId = await held.started(before + 1);
    const refused = await expectError(a.fetch('/v1.0/enrich', raw(dump(AUDIO))), 429, 'rate_limited');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error).toMatch(/CALLSCOPE_ACCOUNT_ANALYSES/);
    // The other worker is B's, though A asked for it first.
    const other = b.fetch('/v1.0/enrich', raw(dump(AUDIO)));
    const otherId = await held.started(before + 2);
    held.release(firstId);
    held.release(otherId);
    await expectOk(first, 'AnalyzeResponse');
    await expectOk(other, 'EnrichResponse');
    expect(await remainingCredits(a)).toBe(9);
    expect(await remainingCredits(b)).toBe(9);
    // A's slot is free again once its analysis has ended.
    const again = a.fetch('/v1.0/enrich', raw(dump(AUDIO)));
    held.release(await held.started(before + 3));
    await expectOk(again, 'EnrichResponse');
  }, 120_000);

  it('records the seconds workers spent per account', async () => {
    const a = await service.account({ credits: 10 });
    const before = held.count;
    const answer = a.fetch('/v1.0/enrich', raw(dump(AUDIO)));
    held.release(await held.started(before + 1));
    await expectOk(answer, 'EnrichResponse');
    const text = await service.ctx.metrics.registry.metrics();
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`callscope_analysis_worker_seconds_total{account="${a.id}",outcome="ok"}`));
    expect(Number(line?.split(' ').at(-1))).toBeGreaterThan(0);
  }, 120_000);
});

describe('an analysis whose client has gone away', () => {
  const held = new HeldAnalyses();
  let service: TestService;
  beforeAll(async () => {
    // One worker: the next analysis can only start if the abandoned one's worker was stopped.
    service = await startService(
      {
        CALLSCOPE_WORKERS: '1',
        CALLSCOPE_RATE_INGEST: '1000',
        CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
      },
      { analysisWorker: heldAnalysisWorker() },
    );
  });
  afterAll(async () => {
    held.releaseAll();
    await service.close();
    held.close();
  });

  for (const path of ['/v1.0/enrich', '/v1.0/analyze']) {
    it(`${path} without save is stopped, frees its worker and spends nothing`, async () => {
      const a = await service.account({ credits: 10 });
      const b = await service.account({ credits: 10 });
      const cancelledBefore = await analysesEnded(service, 'cancelled');
      const before = held.count;
      const client = new AbortController();
      const abandoned = a.fetch(path, { ...raw(dump(AUDIO)), signal: client.signal }).catch((e: Error) => e);
      await held.started(before + 1);
      client.abort();
      expect(await abandoned).toBeInstanceOf(Error);
      await vi.waitFor(async () => {
        expect(await analysesEnded(service, 'cancelled')).toBe(cancelledBefore + 1);
      }, WAIT);
      expect(await remainingCredits(a)).toBe(10);
      // The only worker serves the next request though the abandoned analysis was never released.
      const next = b.fetch('/v1.0/enrich', raw(dump(AUDIO)));
      held.release(await held.started(before + 2));
      await expectOk(next, 'EnrichResponse');
      expect(await remainingCredits(b)).toBe(9);
      // A may analyze again: its slot was given back.
      const again = a.fetch('/v1.0/enrich', raw(dump(AUDIO)));
      held.release(await held.started(before + 3));
      await expectOk(again, 'EnrichResponse');
    }, 120_000);
  }

  it('a stored analysis goes on and is paid for: its session outlives the request', async () => {
    const a = await service.account({ credits: 10 });
    const before = held.count;
    const client = new AbortController();
    const abandoned = a
      .fetch('/v1.0/analyze?save=true', { ...raw(dump(AUDIO)), signal: client.signal })
      .catch((e: Error) => e);
    const id = await held.started(before + 1);
    client.abort();
    await abandoned;
    held.release(id);
    await vi.waitFor(async () => {
      const list = await expectOk<{ totalCount: number }>(a.fetch('/v1.0/sessions'), 'SessionsListResponse');
      expect(list.body.totalCount).toBe(1);
    }, WAIT);
    expect(await remainingCredits(a)).toBe(9);
  }, 120_000);
});

describe('failed analyses', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_RATE_INGEST: '3',
      CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
    });
  });
  afterAll(() => service.close());

  it('spend no credit but count against the ingest rate limit, and their worker time is recorded', async () => {
    const a = await service.account({ credits: 10 });
    for (let i = 0; i < 3; i++)
      await expectError(a.fetch('/v1.0/enrich', raw('{"not": "a dump"}')), 415, 'parsing_issue');
    const limited = await expectError(a.fetch('/v1.0/enrich', raw(dump(AUDIO))), 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await remainingCredits(a)).toBe(10);
    const text = await service.ctx.metrics.registry.metrics();
    expect(text).toMatch(
      new RegExp(`callscope_analysis_worker_seconds_total\\{account="${a.id}",outcome="refused"\\} \\d`),
    );
  }, 120_000);
});
