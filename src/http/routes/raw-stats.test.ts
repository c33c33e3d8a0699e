import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema } from '../../../test/support/api-schemas.js';
import { fixture } from '../../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import {
  RAW_LIMITS,
  type RawEventsResponse,
  type RawSeriesResponse,
  type RawStatsIndex,
} from '../../model/api/raw-stats.js';

const DUMP = readFileSync(fixture('chromium156', 'renegotiation', 'webrtc_internals_dump.txt'));

let service: TestService;
let alice: TestAccount;
let bob: TestAccount;
let id: string;
beforeAll(async () => {
  service = await startService();
  alice = await service.account();
  bob = await service.account();
  const res = await alice.fetch('/v1.0/analyze?save=true', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: DUMP,
  });
  expect(res.status).toBe(200);
  id = ((await res.json()) as { callscopeId: string }).callscopeId;
}, 60_000);
afterAll(async () => service?.close());

const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};

async function firstInbound(): Promise<{ connection: string; report: string }> {
  const index = await json<RawStatsIndex>(await alice.fetch(`/v1.0/sessions/${id}/raw-stats`));
  const connection = index.connections[0]!;
  return { connection: connection.id, report: connection.reports.find((r) => r.type === 'inbound-rtp')!.id };
}

const seriesQuery = (
  series: { connection: string; report: string; attribute: string; kind?: string }[],
  extra = '',
) =>
  series
    .map(
      (s) =>
        `connection=${encodeURIComponent(s.connection)}&report=${encodeURIComponent(s.report)}&attribute=${encodeURIComponent(s.attribute)}${s.kind ? `&kind=${s.kind}` : ''}`,
    )
    .join('&') + extra;

describe('raw stats explorer routes', () => {
  it('index: every connection with its reports and attributes, as published', async () => {
    const res = await alice.fetch(`/v1.0/sessions/${id}/raw-stats`);
    const index = expectSchema<RawStatsIndex>('RawStatsIndex', await json(res));
    expect(index.format).toBe('webrtc-internals');
    expect(index.connections[0]!.reports.length).toBeGreaterThan(10);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    // The site alias answers the same.
    expect(await json(await alice.fetch(`/api/callscope/v1.0/sessions/${id}/raw-stats`))).toEqual(index);
  });

  it('series: one or several, values and rates, downsampled to maxPoints', async () => {
    const at = await firstInbound();
    const res = await alice.fetch(
      `/v1.0/sessions/${id}/raw-stats/series?${seriesQuery(
        [
          { ...at, attribute: 'bytesReceived', kind: 'value' },
          { ...at, attribute: 'bytesReceived', kind: 'rate' },
          { ...at, attribute: 'jitter', kind: 'value' },
        ],
        '&maxPoints=10',
      )}`,
    );
    const body = expectSchema<RawSeriesResponse>('RawSeriesResponse', await json(res));
    expect(body.maxPoints).toBe(10);
    expect(body.series.map((s) => [s.attribute, s.kind])).toEqual([
      ['bytesReceived', 'value'],
      ['bytesReceived', 'rate'],
      ['jitter', 'value'],
    ]);
    for (const s of body.series) {
      expect(s.t.length).toBeLessThanOrEqual(10);
      expect(s.v).toHaveLength(s.t.length);
      expect(s.samples).toBeGreaterThan(10);
    }
  });

  it('series: bounds and mistakes are 400, a series the dump lacks is 404', async () => {
    const at = await firstInbound();
    const one = { ...at, attribute: 'bytesReceived' };
    const url = (q: string) => `/v1.0/sessions/${id}/raw-stats/series?${q}`;
    expect(
      (await alice.fetch(url(seriesQuery([one], `&maxPoints=${RAW_LIMITS.maxPoints + 1}`)))).status,
    ).toBe(400);
    expect((await alice.fetch(url(seriesQuery([one], '&maxPoints=1')))).status).toBe(400);
    expect((await alice.fetch(url(seriesQuery(Array(RAW_LIMITS.maxSeries + 1).fill(one))))).status).toBe(400);
    // Lists of different lengths: the shorter goes on with its last value.
    const spread = await alice.fetch(url(`${seriesQuery([one])}&attribute=packetsReceived,jitter&kind=rate`));
    const spreadBody = await json<RawSeriesResponse>(spread);
    expect(spreadBody.series.map((s) => `${s.report} ${s.attribute} ${s.kind}`)).toEqual([
      `${at.report} bytesReceived rate`,
      `${at.report} packetsReceived rate`,
      `${at.report} jitter rate`,
    ]);
    expect((await alice.fetch(url(seriesQuery([one], '&kind=sum')))).status).toBe(400);
    expect((await alice.fetch(url('connection=a'))).status).toBe(400);
    const missing = await alice.fetch(url(seriesQuery([{ ...one, attribute: 'noSuchAttribute' }])));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toContain('noSuchAttribute');
  });

  it('events: paged, with the SDP of each description', async () => {
    const page = expectSchema<RawEventsResponse>(
      'RawEventsResponse',
      await json(await alice.fetch(`/v1.0/sessions/${id}/events?offset=2&limit=3`)),
    );
    expect(page.events.map((e) => e.index)).toEqual([2, 3, 4]);
    expect(page.nextOffset).toBe(5);
    const sdp = await json<RawEventsResponse>(
      await alice.fetch(`/v1.0/sessions/${id}/events?only=sdp&limit=500`),
    );
    expect(sdp.total).toBeGreaterThanOrEqual(2);
    expect(sdp.events.every((e) => e.sdp?.startsWith('v=0'))).toBe(true);
    expect((await alice.fetch(`/v1.0/sessions/${id}/events?limit=${RAW_LIMITS.maxEvents + 1}`)).status).toBe(
      400,
    );
    expect((await alice.fetch(`/v1.0/sessions/${id}/events?only=all`)).status).toBe(400);
  });

  it("is 404 for another account's session or none, 401 without a token, 400 for a malformed id", async () => {
    for (const path of ['raw-stats', 'raw-stats/series?connection=a&report=b&attribute=c', 'events']) {
      expect((await bob.fetch(`/v1.0/sessions/${id}/${path}`)).status).toBe(404);
      expect((await fetch(`${service.url}/v1.0/sessions/${id}/${path}`)).status).toBe(401);
      expect((await alice.fetch(`/v1.0/sessions/not-a-uuid/${path}`)).status).toBe(400);
      expect((await alice.fetch(`/v1.0/sessions/${crypto.randomUUID()}/${path}`)).status).toBe(404);
    }
  });

  it('is open behind the share link of a shared session, and closed once it is revoked', async () => {
    const share = async (shared: boolean) =>
      alice.fetch(`/v1.0/sessions/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shared }),
      });
    const link = (await json<{ data: { public_link: string } }>(await share(true))).data.public_link;
    const at = await firstInbound();
    const base = `${service.url}/share/${link}`;
    const index = await fetch(`${base}/raw-stats`);
    expect(index.headers.get('cache-control')).toBe('no-store');
    expect(await json(index)).toEqual(await json(await alice.fetch(`/v1.0/sessions/${id}/raw-stats`)));
    const series = await json<RawSeriesResponse>(
      await fetch(
        `${base}/raw-stats/series?${seriesQuery([{ ...at, attribute: 'packetsReceived', kind: 'rate' }])}`,
      ),
    );
    expect(series.series[0]!.kind).toBe('rate');
    expect((await json<RawEventsResponse>(await fetch(`${base}/events?only=sdp`))).total).toBeGreaterThan(0);
    expect((await fetch(`${base}/raw-stats/series?maxPoints=99999`)).status).toBe(400);
    // The share page itself is still the viewer.
    expect((await fetch(base)).status).toBe(200);
    await json(await share(false));
    for (const path of ['raw-stats', 'events']) expect((await fetch(`${base}/${path}`)).status).toBe(404);
    expect((await fetch(`${service.url}/share/not-a-link-at-all-xx/raw-stats`)).status).toBe(404);
  });

  it('reads the index of a dump once in a while: asked again, it comes from the cache', async () => {
    const pool = service.ctx.pool;
    const run = pool.runRawStats.bind(pool);
    let reads = 0;
    pool.runRawStats = (task) => {
      reads++;
      return run(task);
    };
    try {
      const first = await (await alice.fetch(`/v1.0/sessions/${id}/raw-stats`)).text();
      const before = reads;
      const again = await (await alice.fetch(`/v1.0/sessions/${id}/raw-stats`)).text();
      expect(again).toBe(first);
      expect(reads).toBe(before);
      // Pages of the event log are read each time (the check can fail).
      await alice.fetch(`/v1.0/sessions/${id}/events?limit=1`);
      expect(reads).toBe(before + 1);
    } finally {
      pool.runRawStats = run;
    }
  });

  it('reads one dump per account at a time and turns away a crowd with 429', async () => {
    const asks = Array.from({ length: 24 }, (_, i) =>
      alice.fetch(`/v1.0/sessions/${id}/events?offset=${i}&limit=1`),
    );
    const statuses = (await Promise.all(asks)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses).toContain(429);
  });
});
