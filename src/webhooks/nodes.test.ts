/**
 * Deliveries kept in the database: pending ones survive a restart (the next process sends them),
 * one cut off by a stop is given back, and two nodes on one PostgreSQL database send each
 * delivery exactly once.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, json, raw } from '../../test/support/api-requests.js';
import {
  postgresStorage,
  TEST_DATABASE_URL,
  type TestStorage,
  tempDir,
} from '../../test/support/databases.js';
import { waitFor } from '../../test/support/wait-for.js';
import { FAST_WEBHOOKS, type Receiver, startReceiver } from '../../test/support/webhook-receiver.js';
import { buildApp } from '../app/build-app.js';
import { closeApp } from '../app/close-app.js';
import { parseConfig } from '../config/config.js';
import { closeContext, createContext } from '../service/create-context.js';
import { verifySignature } from './signature.js';
import { WebhookStore } from './store.js';

const DUMP = 'rtcstats/rtcstats-gumonly.jsonl';

async function startNode(dataDir: string, env: Record<string, string>, databaseUrl?: string) {
  const config = parseConfig({
    CALLSCOPE_DATA_DIR: dataDir,
    CALLSCOPE_PORT: '0',
    CALLSCOPE_WORKERS: '1',
    CALLSCOPE_LOG_LEVEL: 'silent',
    ...(databaseUrl ? { CALLSCOPE_DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const ctx = await createContext(config, { log: pino({ level: 'silent' }) });
  const built = await buildApp(ctx);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const store = new WebhookStore(ctx.storage.database.db, ctx.storage.database.dialect);
  return {
    ctx,
    url,
    store,
    fetch: (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { ...(init.headers ?? {}), authorization: `Bearer ${token}` },
      }),
    close: async () => {
      await closeApp(built.app);
      await closeContext(ctx);
    },
  };
}
type Node = Awaited<ReturnType<typeof startNode>>;

async function accountOn(node: Node) {
  const account = await node.ctx.storage.accounts.create({
    name: 'hooks',
    plan: 'developer',
    credits: 100,
    email: null,
  });
  return { id: account.id, token: (await node.ctx.tokens.issue(account.id, 'test', 'full')).token };
}

async function webhookOn(node: Node, token: string, url: string) {
  const res = await node.fetch(token, '/v1.0/webhooks', json({ url }));
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; secret: string };
}

describe('webhook deliveries across restarts', () => {
  let receiver: Receiver;
  const dataDir = tempDir('callscope-webhooks-');
  const open: Node[] = [];
  const node = async (env: Record<string, string>) => {
    const n = await startNode(dataDir, env);
    open.push(n);
    return n;
  };
  const close = async (n: Node) => {
    open.splice(open.indexOf(n), 1);
    await n.close();
  };

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const n of open) await n.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends after a restart what was pending in the database when the process stopped', async () => {
    // This node would look again in an hour: its delivery is still pending when it stops.
    const first = await node({ ...FAST_WEBHOOKS, CALLSCOPE_WEBHOOK_POLL_MS: '3600000' });
    const { token } = await accountOn(first);
    const hook = await webhookOn(first, token, `${receiver.url}/restart`);
    const analyzed = await first.fetch(token, '/v1.0/analyze?save=true', raw(dump(DUMP)));
    expect(analyzed.status).toBe(200);
    const { callscopeId } = (await analyzed.json()) as { callscopeId: string };
    const pending = await first.store.deliveries(hook.id, { limit: 10, offset: 0 });
    expect(pending.rows.map((r) => r.status)).toEqual(['pending']);
    await close(first);
    expect(receiver.received.filter((r) => r.path === '/restart')).toEqual([]);

    const second = await node(FAST_WEBHOOKS);
    const [got] = await waitFor('the delivery after the restart', async () => {
      const r = receiver.received.filter((x) => x.path === '/restart');
      return r.length > 0 ? r : undefined;
    });
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'session.analyzed', data: { callscopeId } });
    expect(
      verifySignature(hook.secret, String(got!.headers['callscope-signature']), got!.body, Date.now()),
    ).toBe(true);
    await waitFor('delivered', async () => {
      const l = await second.store.deliveries(hook.id, { limit: 10, offset: 0 });
      return l.rows[0]?.status === 'delivered' ? true : undefined;
    });
    await close(second);
  });

  it('gives back a delivery cut off by a stop; the next process sends it', async () => {
    const answer = receiver.answer;
    let hung = 0;
    receiver.answer = (req, n) => (req.path === '/cut' && hung++ === 0 ? 'hang' : answer(req, n));
    try {
      // An attempt may take 60 s here: the stop (5 s bound) cuts it off rather than wait.
      const first = await node({ ...FAST_WEBHOOKS, CALLSCOPE_WEBHOOK_TIMEOUT_MS: '60000' });
      const { token } = await accountOn(first);
      const hook = await webhookOn(first, token, `${receiver.url}/cut`);
      expect((await first.fetch(token, '/v1.0/analyze?save=true', raw(dump(DUMP)))).status).toBe(200);
      await waitFor('the hanging attempt', async () => (hung > 0 ? true : undefined));
      const stopped = Date.now();
      await close(first);
      expect(Date.now() - stopped).toBeLessThan(30_000);
      // The next process's attempt has a generous deadline: a loaded machine must not make it time
      // out and count as a second attempt, which is what the last line tells apart.
      const store = (await node({ ...FAST_WEBHOOKS, CALLSCOPE_WEBHOOK_TIMEOUT_MS: '60000' })).store;
      const l = await waitFor('delivered by the next process', async () => {
        const d = await store.deliveries(hook.id, { limit: 10, offset: 0 });
        return d.rows[0]?.status === 'delivered' ? d : undefined;
      });
      // The cut-off attempt was given back, not counted as a failure.
      expect(l.rows[0]).toMatchObject({ attempts: 1, lastStatus: 200 });
      expect(receiver.received.filter((r) => r.path === '/cut').length).toBe(2);
    } finally {
      receiver.answer = answer;
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('webhook deliveries from two nodes on PostgreSQL', () => {
  let t: TestStorage;
  let receiver: Receiver;
  const nodes: Node[] = [];

  beforeAll(async () => {
    t = await postgresStorage();
    receiver = await startReceiver();
    for (let i = 0; i < 2; i++)
      nodes.push(await startNode(tempDir('callscope-node-'), FAST_WEBHOOKS, t.databaseUrl));
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await receiver?.close();
    await t?.cleanup();
  });

  it('sends each delivery exactly once', async () => {
    const [a, b] = nodes as [Node, Node];
    const { id: accountId, token } = await accountOn(a);
    const hook = await webhookOn(a, token, `${receiver.url}/two`);
    const EVENTS = 60;
    for (let i = 0; i < EVENTS; i++)
      await a.store.enqueue({
        type: 'session.analyzed',
        accountId,
        dedupeKey: `two-${i}`,
        now: Date.now(),
        body: (_format, eventId) => JSON.stringify({ id: eventId, n: i }),
      });
    // And sessions saved on either node.
    for (const n of [a, b])
      expect((await n.fetch(token, '/v1.0/analyze?save=true', raw(dump(DUMP)))).status).toBe(200);
    const total = EVENTS + 2;
    await waitFor('every delivery delivered', async () => {
      const l = await b.store.deliveries(hook.id, { limit: 200, offset: 0 });
      return l.totalCount === total && l.rows.every((r) => r.status === 'delivered') ? true : undefined;
    });
    const got = receiver.received.filter((r) => r.path === '/two');
    const ids = got.map((r) => String(r.headers['callscope-delivery']));
    expect(new Set(ids).size).toBe(total);
    expect(got.length).toBe(total);
    const log = await b.store.deliveries(hook.id, { limit: 200, offset: 0 });
    expect(log.rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
