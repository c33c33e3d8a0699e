/**
 * Webhooks end to end, against a receiver on 127.0.0.1 (so with CALLSCOPE_WEBHOOK_ALLOW_PRIVATE):
 * an analysis saved is told signed to the receiver; failures (500s, an answer that never comes)
 * are retried; Slack bodies; the delivery log, paged; a private URL refused when not allowed.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, json, raw } from '../../test/support/api-requests.js';
import { tempDir } from '../../test/support/databases.js';
import {
  NO_WINDOW_BOUNDARY_MS,
  startService,
  type TestAccount,
  type TestService,
} from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';
import {
  FAST_WEBHOOKS,
  type Received,
  type Receiver,
  startReceiver,
} from '../../test/support/webhook-receiver.js';
import { verifySignature } from './signature.js';

const DUMP = 'rtcstats/rtcstats-gumonly.jsonl';

interface Created {
  id: string;
  secret: string;
  url: string;
  format: string;
  events: string[];
}

describe('webhooks end to end', () => {
  let service: TestService;
  let receiver: Receiver;
  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  beforeAll(async () => {
    receiver = await startReceiver();
    // The tests poll the delivery log: reads are not what is tested here.
    service = await startService({
      ...FAST_WEBHOOKS,
      CALLSCOPE_RATE_READS: '1000000',
      CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
    });
  });
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
  });

  async function webhook(account: TestAccount, path: string, extra: Record<string, unknown> = {}) {
    const res = await account.fetch('/v1.0/webhooks', json({ url: `${receiver.url}${path}`, ...extra }));
    expect(res.status).toBe(200);
    return (await res.json()) as Created;
  }
  async function analyze(account: TestAccount): Promise<string> {
    const res = await account.fetch('/v1.0/analyze?save=true', raw(dump(DUMP)));
    expect(res.status).toBe(200);
    return ((await res.json()) as { callscopeId: string }).callscopeId;
  }
  async function log(account: TestAccount, id: string, query = '') {
    const res = await account.fetch(`/v1.0/webhooks/${id}/deliveries${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      data: {
        id: string;
        status: string;
        attempts: number;
        lastStatus: number | null;
        lastError: string | null;
      }[];
      total: number;
      totalCount: number;
      page: number;
      totalPages: number;
      hasMore: boolean;
    };
  }
  const delivered = (account: TestAccount, id: string, count = 1) =>
    waitFor('deliveries delivered', async () => {
      const l = await log(account, id, '?limit=100');
      return l.totalCount >= count && l.data.every((d) => d.status === 'delivered') ? l : undefined;
    });

  it('tells a saved analysis to the receiver, signed: session.analyzed with its scores, counts and findings', async () => {
    const account = await service.account();
    const hook = await webhook(account, '/analyzed', { events: ['session.analyzed'] });
    expect(hook).toMatchObject({ format: 'json', events: ['session.analyzed'] });
    expect(hook.secret).toMatch(/^whsec_/);
    const sessionId = await analyze(account);
    const [got] = await waitFor('the delivery', async () =>
      at('/analyzed').length > 0 ? at('/analyzed') : undefined,
    );
    const r = got!;
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['callscope-event']).toBe('session.analyzed');
    expect(verifySignature(hook.secret, String(r.headers['callscope-signature']), r.body, Date.now())).toBe(
      true,
    );
    expect(verifySignature('whsec_wrong', String(r.headers['callscope-signature']), r.body, Date.now())).toBe(
      false,
    );
    const event = JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(event.type).toBe('session.analyzed');
    expect(event.id).toBe(r.headers['callscope-event-id']);
    expect(event.data).toMatchObject({
      callscopeId: sessionId,
      callscopeUrl: `${service.url}/sessions/${sessionId}`,
      scores: { experienceScore: expect.anything() },
      observationsCount: { critical: expect.any(Number), info: expect.any(Number) },
      observations: expect.any(Array),
      causes: expect.any(Array),
    });
    const session = (await (await account.fetch(`/v1.0/sessions/${sessionId}`)).json()) as {
      data: { observationsCount: unknown; experienceScore: unknown };
    };
    expect(event.data.observationsCount).toEqual(session.data.observationsCount);
    const l = await delivered(account, hook.id);
    // One attempt, unless a loaded machine made the receiver's answer miss the 1.5 s deadline: then
    // each attempt the receiver saw was counted, and the last one delivered.
    expect(l.data[0]).toMatchObject({ status: 'delivered', lastStatus: 200, lastError: null });
    expect(l.data[0]!.attempts).toBe(at('/analyzed').length);
    expect(l.data[0]!.id).toBe(r.headers['callscope-delivery']);
    // Another account's token sees neither the webhook nor its log.
    const other = await service.account();
    expect((await other.fetch(`/v1.0/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    expect((await (await other.fetch('/v1.0/webhooks')).json()) as { total: number }).toMatchObject({
      total: 0,
    });
  });

  it('the verification snippet of docs/webhooks.md accepts a real delivery and refuses a forged one', async () => {
    const markdown = readFileSync(join(process.cwd(), 'docs', 'webhooks.md'), 'utf8');
    const snippet = /<!-- verification-snippet -->\n```js\n([\s\S]*?)\n```/.exec(markdown)?.[1];
    expect(snippet).toBeDefined();
    const dir = tempDir('callscope-snippet-');
    try {
      const file = join(dir, 'verify.mjs');
      writeFileSync(file, snippet!);
      const { verifyCallscopeSignature: verify } = (await import(pathToFileURL(file).href)) as {
        verifyCallscopeSignature: (
          secret: string,
          header: unknown,
          body: string | Buffer,
          tolerance?: number,
        ) => boolean;
      };
      const account = await service.account();
      const hook = await webhook(account, '/snippet');
      await analyze(account);
      const [r] = await waitFor('the delivery', async () =>
        at('/snippet').length > 0 ? at('/snippet') : undefined,
      );
      const header = r!.headers['callscope-signature'];
      expect(verify(hook.secret, header, r!.body)).toBe(true);
      expect(verify(hook.secret, header, Buffer.from(r!.body))).toBe(true);
      expect(verify(hook.secret, header, r!.body.replace('"session.analyzed"', '"session.analyzeD"'))).toBe(
        false,
      );
      expect(verify(`${hook.secret}x`, header, r!.body)).toBe(false);
      expect(
        verify(
          hook.secret,
          String(header).replace(/t=(\d+)/, (_m, t) => `t=${Number(t) - 1}`),
          r!.body,
        ),
      ).toBe(false);
      expect(verify(hook.secret, 'nonsense', r!.body)).toBe(false);
      // A replay: the same delivery, checked as if 10 minutes later.
      expect(
        verify(
          hook.secret,
          String(header).replace(/t=(\d+)/, (_m, t) => `t=${Number(t) - 600}`),
          r!.body,
        ),
      ).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('retries after 500s with backoff until the receiver takes it', async () => {
    const account = await service.account();
    const hook = await webhook(account, '/flaky');
    const answer = receiver.answer;
    receiver.answer = (req: Received, n) =>
      req.path === '/flaky' && at('/flaky').length <= 2 ? 500 : answer(req, n);
    try {
      await analyze(account);
      const l = await delivered(account, hook.id);
      // Two 500s then a 200: three attempts (more only if an answer missed the 1.5 s deadline on a
      // loaded machine; every attempt reached the receiver either way).
      const bodies = at('/flaky').map((r) => r.body);
      expect(bodies.length).toBeGreaterThanOrEqual(3);
      expect(l.data[0]).toMatchObject({ attempts: bodies.length, lastStatus: 200 });
      expect(new Set(bodies).size).toBe(1);
      // Each attempt is signed anew (its own timestamp), each signature valid.
      for (const r of at('/flaky'))
        expect(
          verifySignature(hook.secret, String(r.headers['callscope-signature']), r.body, Date.now()),
        ).toBe(true);
    } finally {
      receiver.answer = answer;
    }
  });

  it('gives up on an attempt that does not answer in time, and tries again', async () => {
    const account = await service.account();
    const hook = await webhook(account, '/slow');
    const answer = receiver.answer;
    receiver.answer = (req: Received, n) =>
      req.path === '/slow' && at('/slow').length === 1 ? 'hang' : answer(req, n);
    try {
      await analyze(account);
      const l = await delivered(account, hook.id);
      // The hanging attempt and the one that delivered (more only if an answer missed the deadline
      // on a loaded machine).
      expect(at('/slow').length).toBeGreaterThanOrEqual(2);
      expect(l.data[0]).toMatchObject({ attempts: at('/slow').length, lastStatus: 200 });
      // The second attempt came once the first had had its time (CALLSCOPE_WEBHOOK_TIMEOUT_MS,
      // 1.5 s from the attempt's start, a little before the receiver had read the request).
      const [first, second] = at('/slow');
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_000);
      expect(second!.body).toBe(first!.body);
    } finally {
      receiver.answer = answer;
    }
  });

  it('sends Slack-compatible bodies to a webhook of format slack', async () => {
    const account = await service.account();
    const hook = await webhook(account, '/slack', { format: 'slack' });
    const sessionId = await analyze(account);
    const [r] = await waitFor('the Slack delivery', async () =>
      at('/slack').length > 0 ? at('/slack') : undefined,
    );
    const body = JSON.parse(r!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toContain(`${service.url}/sessions/${sessionId}`);
    expect(body.text).toMatch(/^callscope: session .* analyzed: /);
    expect(verifySignature(hook.secret, String(r!.headers['callscope-signature']), r!.body, Date.now())).toBe(
      true,
    );
  });

  it('pages the delivery log, newest first', async () => {
    const account = await service.account();
    const hook = await webhook(account, '/paged');
    for (let i = 0; i < 5; i++) await analyze(account);
    await delivered(account, hook.id, 5);
    const pages = [
      await log(account, hook.id, '?limit=2'),
      await log(account, hook.id, '?limit=2&page=2'),
      await log(account, hook.id, '?limit=2&page=3'),
    ];
    expect(pages.map((p) => [p.total, p.totalCount, p.page, p.totalPages, p.hasMore])).toEqual([
      [2, 5, 1, 3, true],
      [2, 5, 2, 3, true],
      [1, 5, 3, 3, false],
    ]);
    expect(new Set(pages.flatMap((p) => p.data.map((d) => d.id))).size).toBe(5);
    expect((await account.fetch(`/v1.0/webhooks/${hook.id}/deliveries?limit=0`)).status).toBe(400);
    // Listed, read, deleted; a read-only token may read but not create or delete.
    const listed = (await (await account.fetch('/v1.0/webhooks')).json()) as { data: { id: string }[] };
    expect(listed.data.map((w) => w.id)).toEqual([hook.id]);
    expect(listed.data[0]).not.toHaveProperty('secret');
    const readOnly = await account.token2('read_only');
    const asReader = (path: string, init: RequestInit = {}) =>
      fetch(`${service.url}${path}`, {
        ...init,
        headers: { ...(init.headers ?? {}), authorization: `Bearer ${readOnly}` },
      });
    expect((await asReader(`/v1.0/webhooks/${hook.id}`)).status).toBe(200);
    expect((await asReader(`/v1.0/webhooks/${hook.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await asReader('/v1.0/webhooks', json({ url: `${receiver.url}/x` }))).status).toBe(403);
    expect((await account.fetch(`/v1.0/webhooks/${hook.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await account.fetch(`/v1.0/webhooks/${hook.id}`)).status).toBe(404);
  });

  it('refuses a URL on a private or loopback address unless the operator allows it', async () => {
    const strict = await startService();
    try {
      const account = await strict.account();
      for (const url of [
        `${receiver.url}/x`,
        'http://localhost:9/x',
        'http://10.0.0.8/x',
        'http://[::1]:8080/x',
        'http://[::ffff:169.254.169.254]/latest/meta-data',
      ]) {
        const res = await account.fetch('/v1.0/webhooks', json({ url }));
        expect({ url, status: res.status }).toEqual({ url, status: 400 });
        expect(await res.json()).toMatchObject({
          errorCode: 'invalid_request',
          error: expect.stringMatching(/CALLSCOPE_WEBHOOK_ALLOW_PRIVATE/),
        });
      }
      const bad = await account.fetch('/v1.0/webhooks', json({ url: 'ftp://example.com/x' }));
      expect(bad.status).toBe(400);
      expect((await (await account.fetch('/v1.0/webhooks')).json()) as { total: number }).toMatchObject({
        total: 0,
      });
    } finally {
      await strict.close();
    }
  });
});
