import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';

type Session = { data: AnalyzeResponseData };

/**
 * What the session page reads to open with "What happened": the stored session (owner), the
 * shared session's JSON (share and embed), and the same for a payload stored before it carried
 * the story. The browser test checks the page draws these lines (src/web/browser.test.ts).
 */
describe('the session page’s story', () => {
  let service: TestService;
  let account: TestAccount;
  let id = '';
  beforeAll(async () => {
    service = await startService();
    account = await service.account();
    const res = await account.fetch('/v1.0/analyze?save=true', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: readFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt')),
    });
    id = ((await res.json()) as { callscopeId: string }).callscopeId;
  });
  afterAll(async () => service?.close());

  const owned = async () => (await (await account.fetch(`/v1.0/sessions/${id}`)).json()) as Session;

  it('tells the loss on each path first, each line pointing at the observation it tells', async () => {
    const { data } = await owned();
    // test/fixtures/chromium156/loss: 10 % loss each way from the start of a 30 s call.
    expect(data.whatHappened.map((l) => l.type).sort()).toEqual(['networkLossIn', 'networkLossOut']);
    const start = Date.parse(data.callStart!);
    for (const line of data.whatHappened) {
      const told = data.observations[line.observation]!;
      expect(told.type).toBe(line.type);
      expect(told.severity).toBe(line.severity);
      expect(line.atMs).toBe(told.firstSeenAt);
      expect(line.at).toMatch(/^0:0\d$/);
      expect(Math.abs(Number(line.at.slice(2)) * 1000 - (told.firstSeenAt! - start))).toBeLessThanOrEqual(
        500,
      );
      expect(line.text.startsWith(told.meaning.replace(/\.$/, ''))).toBe(true);
      expect(told.cause?.family).toBe('network');
    }
    expect(data.whatHappened.find((l) => l.type === 'networkLossIn')!.text).toMatch(
      /of its packets from 0:0\d for \d+ s; their audio broke up/,
    );
  });

  it('gives the shared page the same story', async () => {
    const patched = await account.fetch(`/v1.0/sessions/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    const link = ((await patched.json()) as Session).data.public_link!;
    const shared = (await (await fetch(`${service.url}/share/${link}/session.json`)).json()) as Session;
    expect(shared.data.whatHappened).toEqual((await owned()).data.whatHappened);
    expect(shared.data.whatHappened.length).toBe(2);
  });

  it('tells the story of a payload stored before it carried one', async () => {
    const before = await owned();
    const row = (await service.ctx.storage.sessions.get(account.id, id))!;
    const stored = JSON.parse(
      gunzipSync((await service.ctx.storage.sessions.payload(account.id, id))!).toString('utf8'),
    ) as Record<string, unknown>;
    expect(stored.whatHappened).toEqual(before.data.whatHappened);
    delete stored.whatHappened;
    await service.ctx.storage.sessions.replaceAnalysis(account.id, id, {
      processorVersion: row.processorVersion,
      payload: gzipSync(JSON.stringify(stored)),
      callStart: row.callStart,
      callEnd: row.callEnd,
      abstract: row.abstract!,
    });
    expect((await owned()).data.whatHappened).toEqual(before.data.whatHappened);
  });
});
