import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/support/collect-clients.js';
import { tempDir } from '../../test/support/databases.js';
import { exited, type ServerProcess, startServerProcess } from '../../test/support/processes.js';
import { startService } from '../../test/support/service.js';
import { waitFor as poll } from '../../test/support/wait-for.js';
import { TokenService } from '../service/tokens.js';
import { openStorage } from '../storage/index.js';
import { collectedFileName } from './finish.js';

const record = (i: number) =>
  JSON.stringify(['getUserMedia', null, { audio: true, i }, 1_700_000_000_000 + i]);

describe('a node killed during collection', () => {
  const dataDir = tempDir('callscope-collect-crash-');
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => exited(s)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses at most the unflushed data: on restart the orphaned call is analyzed and saved once, for one credit', async () => {
    const storage = await openStorage({ dataDir });
    const account = await storage.accounts.create({
      name: 'crash',
      plan: 'developer',
      credits: 5,
      email: null,
    });
    const token = (await (await TokenService.create(storage)).issue(account.id, 'page', 'collect')).token;
    await storage.close();
    const env = {
      CALLSCOPE_DATA_DIR: dataDir,
      CALLSCOPE_COLLECT_FLUSH_MS: '100',
      CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS: '60000',
    };
    const first = await startServerProcess(env);
    servers.push(first);
    const client = await connectClient(
      `${first.url.replace('http', 'ws')}/v1.0/collect/${token}/room`,
      'rtcstats-2',
    );
    for (let i = 0; i < 20; i++) client.send(record(i));
    const partsDir = join(dataDir, 'blobs', 'collect', account.id);
    await waitFor('a flushed part', async () => {
      if (!existsSync(partsDir)) return undefined;
      const calls = readdirSync(partsDir);
      return calls.length === 1 && readdirSync(join(partsDir, calls[0]!)).length > 0 ? true : undefined;
    });
    first.child.kill('SIGKILL');
    await exited(first);
    expect((await client.closed).code).toBe(1006);

    const second = await startServerProcess(env);
    servers.push(second);
    const check = await openStorage({ dataDir });
    try {
      const sessions = await waitFor('the orphaned call saved', async () => {
        const rows = await check.database.db
          .selectFrom('sessions')
          .select(['id', 'file_name'])
          .where('account_id', '=', account.id)
          .execute();
        return rows.length > 0 ? rows : undefined;
      });
      expect(sessions).toHaveLength(1);
      const stored = await (await fetch(`${second.url}/healthz`)).text();
      expect(stored).toBeTruthy();
      const call = await check.database.db.selectFrom('collect_calls').selectAll().executeTakeFirstOrThrow();
      expect(call.state).toBe('done');
      expect(sessions[0]!.file_name).toBe(collectedFileName(call.id));
      expect((await check.accounts.quota(account.id))?.remainingCredits).toBe(4);
    } finally {
      await check.close();
    }
  }, 180_000);
});

describe('a node that died while saving a call', () => {
  it('is not charged twice: the next node finds the session saved under the call and only marks it done', async () => {
    const service = await startService({ CALLSCOPE_COLLECT_FLUSH_MS: '100' });
    try {
      const account = await service.account({ credits: 3 });
      const { token } = await service.ctx.tokens.issue(account.id, 'page', 'collect');
      const client = await connectClient(
        `${service.url.replace('http', 'ws')}/v1.0/collect/${token}/room`,
        'rtcstats-2',
      );
      client.send(record(1));
      client.ws.close(1000);
      const db = service.ctx.storage.database.db;
      const [saved] = await waitFor('the call saved', async () => {
        const rows = await db
          .selectFrom('collect_calls')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute();
        return rows[0]?.state === 'done' ? rows : undefined;
      });
      // As a node that saved the session and died before it could mark the call done leaves it.
      await db
        .updateTable('collect_calls')
        .set({ state: 'ending', owner: 'a-node-that-died', seen_at: 0, session_id: null })
        .where('id', '=', saved!.id)
        .execute();
      await service.built.collector.maintain();
      const after = await db
        .selectFrom('collect_calls')
        .selectAll()
        .where('id', '=', saved!.id)
        .executeTakeFirstOrThrow();
      expect(after.state).toBe('done');
      expect(after.session_id).toBe(saved!.session_id);
      const count = await db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', account.id)
        .execute();
      expect(count).toHaveLength(1);
      expect((await service.ctx.storage.accounts.quota(account.id))?.remainingCredits).toBe(2);
    } finally {
      await service.close();
    }
  }, 60_000);
});

describe('a node that shuts down', () => {
  it('closes its connections with 1001, writes their calls out and leaves them to the other nodes', async () => {
    const service = await startService({ CALLSCOPE_COLLECT_FLUSH_MS: '60000' });
    try {
      const account = await service.account({ credits: 3 });
      const { token } = await service.ctx.tokens.issue(account.id, 'page', 'collect');
      const base = `${service.url.replace('http', 'ws')}/v1.0/collect/${token}/room`;
      const plain = await connectClient(base, 'rtcstats-2');
      for (let i = 0; i < 5; i++) plain.send(record(i));
      const jitsi = await connectClient(`${base}?statsSessionId=s-9`, 'jitsi');
      jitsi.send(
        JSON.stringify({ statsSessionId: 's-9', type: 'stats-entry', data: '["getUserMedia",null,{},1,1]' }),
      );
      const db = service.ctx.storage.database.db;
      await waitFor('both calls open', async () => {
        const rows = await db
          .selectFrom('collect_calls')
          .selectAll()
          .where('account_id', '=', account.id)
          .execute();
        return rows.length === 2 && rows.every((r) => r.client_key !== null || r.protocol !== 'jitsi')
          ? rows
          : undefined;
      });
      await service.built.collector.close();
      expect((await plain.closed).code).toBe(1001);
      expect((await jitsi.closed).code).toBe(1001);
      const rows = await db
        .selectFrom('collect_calls')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
      const state = Object.fromEntries(rows.map((r) => [r.protocol, [r.state, r.owner]]));
      // Unflushed data written out at once (the flush period is a minute here); no owner left.
      expect(state).toEqual({ 'rtcstats-2': ['ended', null], jitsi: ['lingering', null] });
      for (const r of rows)
        expect(await service.ctx.blobs.size(`collect/${account.id}/${r.id}/000000`)).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  }, 60_000);
});

/** Waits allow for a server process that restarts: a minute and a half. */
const waitFor = <T>(what: string, check: () => Promise<T | undefined>, ms = 90_000) =>
  poll(what, check, ms, 100);
