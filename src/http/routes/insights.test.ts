import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, raw } from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type { SessionsListResponse, UploadResponse } from '../../model/api/resources.js';
import type { InsightsAnswer } from '../../service/insights.js';

/** Real dumps (what each one holds: sessions-list.test.ts). */
const DUMPS = {
  clean: 'chromium156/clean/webrtc_internals_dump.txt',
  loss: 'chromium156/loss/webrtc_internals_dump.txt',
  iceFail: 'chromium156/ice-fail/webrtc_internals_dump.txt',
  safari: 'jitsi/safari-standard-stats',
} as const;

describe('GET insights', () => {
  let service: TestService;
  let account: TestAccount;
  const ids: Record<string, string> = {};
  const get = (query: string) =>
    expectOk<InsightsAnswer>(account.fetch(`/v1.0/insights${query}`), 'InsightsResponse').then((a) => a.body);

  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_READS: '1000', CALLSCOPE_RATE_INGEST: '1000' });
    account = await service.account({ credits: 20 });
    for (const [key, path] of Object.entries(DUMPS)) {
      const { body } = await expectOk<UploadResponse>(
        account.fetch(`/v1.0/upload?fileName=${key}.json`, raw(dump(path))),
        'UploadResponse',
      );
      ids[key] = body.callscopeId;
    }
  }, 120_000);
  afterAll(async () => service?.close());

  it('answers from the rollups, consistent with the list', async () => {
    const all = await get('');
    const list = await expectOk<SessionsListResponse>(
      account.fetch('/v1.0/sessions'),
      'SessionsListResponse',
    );
    expect(all.source).toBe('rollup');
    expect(all.total.sessions).toBe(list.body.totalCount);
    expect(all.total.sessions).toBe(4);
    const scored = list.body.data.filter((s) => s.abstract?.experienceScore !== null).length;
    expect(all.total.scores.experienceScore.count).toBe(scored);
    expect(all.total.scores.experienceScore.bands?.unrated).toBeCloseTo((4 - scored) / 4, 4);
    const ice = all.total.observations.find((o) => o.type === 'iceFailure');
    expect(ice).toMatchObject({ sessions: 1, share: 0.25 });
    expect(ice!.bySeverity.critical).toBe(1);
    expect(all.total.stats.rttMs.count).toBeGreaterThan(0);
    expect(all.series.reduce((n, p) => n + p.sessions, 0)).toBe(4);
  });

  it('groups and filters as the list does, reading the sessions for what the rollups cannot answer', async () => {
    const byBrowser = await get('?groupBy=browser');
    const list = await expectOk<SessionsListResponse>(
      account.fetch('/v1.0/sessions'),
      'SessionsListResponse',
    );
    const browsers = [...new Set(list.body.data.map((s) => s.abstract?.browser ?? null))];
    expect(byBrowser.groups.map((g) => g.key).sort()).toEqual(browsers.sort());
    expect(byBrowser.groups.reduce((n, g) => n + g.sessions, 0)).toBe(4);
    const safari = byBrowser.groups.find((g) => g.key === 'Safari');
    expect(safari?.sessions).toBe(1);
    const flagged = await get('?observationFlags=iceFailure');
    expect(flagged.source).toBe('scan');
    expect(flagged.scanBecause).toEqual(['filter observationFlags']);
    expect(flagged.total.sessions).toBe(1);
    const critical = await expectOk<SessionsListResponse>(
      account.fetch('/v1.0/sessions?hasCritical=true'),
      'SessionsListResponse',
    );
    expect((await get('?hasCritical=true')).total.sessions).toBe(critical.body.totalCount);
    const byType = await get('?groupBy=observationType&top=3');
    expect(byType.source).toBe('scan');
    expect(byType.groups.find((g) => g.key === 'iceFailure')?.sessions).toBe(1);
  });

  it('compares two browser versions, and says when there are too few sessions to test', async () => {
    const c = (await get('?compare=browserVersion&baseline=17&current=156')).compare!;
    expect(c.by).toBe('browserVersion');
    expect(c.baseline.sessions + c.current.sessions).toBe(4);
    expect(c.method.minCount).toBe(30);
    expect(c.scores.every((s) => s.significant === null && s.pValue === null)).toBe(true);
    expect(c.regressions).toEqual([]);
  });

  it('follows deletes', async () => {
    await expectOk(account.fetch(`/v1.0/sessions/${ids.safari}`, { method: 'DELETE' }), 'SuccessResponse');
    const all = await get('?groupBy=browser');
    expect(all.total.sessions).toBe(3);
    expect(all.groups.find((g) => g.key === 'Safari')).toBeUndefined();
  });

  it('refuses malformed requests in the usual error shape', async () => {
    for (const query of [
      '?groupBy=planet',
      '?compare=period',
      '?from=yesterday',
      '?from=2026-02-01&to=2026-01-01',
      '?compare=browserVersion&baseline=1',
      '?top=0',
      '?limit=10',
      '?observationFlags=icefailure',
    ])
      await expectError(account.fetch(`/v1.0/insights${query}`), 400, 'invalid_request');
  });
});
