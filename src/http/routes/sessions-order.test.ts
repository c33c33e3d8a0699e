import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, raw } from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type { SessionsListResponse, UploadResponse } from '../../model/api/resources.js';
import { rebuildCells } from '../../storage/insights.js';

/**
 * GET /sessions' extensions over HTTP: sort and order, the call start range and connectivity,
 * with pages that stay consistent and counts that agree with GET /insights over the same range.
 * Four real dumps; their call starts are moved to known days (and the rollups recounted).
 */
const DUMPS = {
  clean: 'chromium156/clean/webrtc_internals_dump.txt',
  loss: 'chromium156/loss/webrtc_internals_dump.txt',
  firefox: 'jitsi/firefox-relay',
  safari: 'jitsi/safari-standard-stats',
} as const;
type Key = keyof typeof DUMPS;
const DAY = 86_400_000;
const T0 = Date.parse('2026-02-02T00:00:00Z');
/** Days after T0 of each call start. */
const START: Record<Key, number> = { clean: 3, loss: 0, firefox: 1, safari: 8 };

describe('GET sessions: sort, order and call start range', () => {
  let service: TestService;
  let account: TestAccount;
  const keyOf = new Map<string, Key>();
  const scoreOf = new Map<Key, number | null>();

  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_READS: '1000', CALLSCOPE_RATE_INGEST: '1000' });
    account = await service.account({ credits: 10 });
    const db = service.ctx.storage.database.db;
    for (const [i, key] of (Object.keys(DUMPS) as Key[]).entries()) {
      const { body } = await expectOk<UploadResponse>(
        account.fetch(`/v1.0/upload?fileName=${key}.json`, raw(dump(DUMPS[key]))),
        'UploadResponse',
      );
      keyOf.set(body.callscopeId, key);
      await db
        .updateTable('sessions')
        .set({ created_at: T0 + i * 60_000, call_start: T0 + START[key] * DAY })
        .where('id', '=', body.callscopeId)
        .execute();
    }
    // The rollups count the call starts the dumps carried: recounted from the moved ones.
    await rebuildCells(db);
  }, 120_000);
  afterAll(async () => service?.close());

  const list = async (query: string) =>
    (await expectOk<SessionsListResponse>(account.fetch(`/v1.0/sessions?${query}`), 'SessionsListResponse'))
      .body;
  const keys = async (query: string) => (await list(query)).data.map((s) => keyOf.get(s.callscopeId));

  it('orders by creation by default, and by call start or score either way', async () => {
    const all = await list('');
    for (const s of all.data) scoreOf.set(keyOf.get(s.callscopeId)!, s.abstract?.experienceScore ?? null);
    expect(all.data.map((s) => s.fileName)).toEqual([
      'safari.json',
      'firefox.json',
      'loss.json',
      'clean.json',
    ]);
    expect(await keys('sort=createdAt&order=asc')).toEqual(['clean', 'loss', 'firefox', 'safari']);
    expect(await keys('sort=callStart')).toEqual(['safari', 'clean', 'firefox', 'loss']);
    expect(await keys('sort=callStart&order=asc')).toEqual(['loss', 'firefox', 'clean', 'safari']);
    const byScore = [...scoreOf].sort((a, b) => (a[1] ?? -1) - (b[1] ?? -1)).map(([k]) => k);
    expect(await keys('sort=experienceScore&order=asc')).toEqual(byScore);
    expect(await keys('sort=experienceScore&order=desc')).toEqual([...byScore].reverse());
    // Pages of one, in the same order.
    const paged: (Key | undefined)[] = [];
    for (let page = 1; page <= 4; page++)
      paged.push(...(await keys(`sort=experienceScore&limit=1&page=${page}`)));
    expect(paged).toEqual([...byScore].reverse());
  });

  it('keeps the sessions whose call starts in [from, to), as insights count them', async () => {
    const range = `from=${new Date(T0 + DAY).toISOString()}&to=${new Date(T0 + 8 * DAY).toISOString().slice(0, 10)}`;
    const listed = await list(`${range}&sort=callStart&order=asc`);
    expect(listed.data.map((s) => keyOf.get(s.callscopeId))).toEqual(['firefox', 'clean']);
    expect(listed.totalCount).toBe(2);
    const insights = await account.fetch(`/v1.0/insights?${range}`);
    expect(((await insights.json()) as { total: { sessions: number } }).total.sessions).toBe(2);
    expect(await keys('connectivity=RELAY%2FTLS')).toEqual(['firefox']);
  });

  it.each(['sort=title', 'order=up', 'from=2026-13-01', 'from=2026-02-03&to=2026-02-02', 'connectivity='])(
    'answers 400 to %s',
    async (query) => {
      await expectError(account.fetch(`/v1.0/sessions?${query}`), 400, 'invalid_request');
    },
  );
});
