import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../../test/support/collect-clients.js';
import { postgresStorage, TEST_DATABASE_URL, type TestStorage } from '../../test/support/databases.js';
import { startS3, type TestS3 } from '../../test/support/s3.js';
import { startService, type TestService } from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';

// Two nodes on one PostgreSQL schema and one S3 bucket, as behind a load balancer: a jitsi client
// that drops from one node and reconnects to the other goes on with the same call.

describe.skipIf(!TEST_DATABASE_URL)('collection on two nodes sharing PostgreSQL and S3', () => {
  let pg: TestStorage;
  let s3: TestS3;
  const nodes: TestService[] = [];

  beforeAll(async () => {
    [pg, s3] = await Promise.all([postgresStorage(), startS3()]);
    const env = { ...s3.env, CALLSCOPE_COLLECT_FLUSH_MS: '100', CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS: '30000' };
    for (let i = 0; i < 2; i++) nodes.push(await startService(env, { databaseUrl: pg.databaseUrl! }));
  }, 120_000);

  afterAll(async () => {
    for (const n of nodes) await n.close();
    await s3?.stop();
    await pg?.cleanup();
  }, 60_000);

  it('continues a jitsi call on the other node after a drop; one session, one credit', async () => {
    const [a, b] = nodes as [TestService, TestService];
    const account = await a.account({ credits: 3 });
    const { token } = await a.ctx.tokens.issue(account.id, 'page', 'collect');
    const url = (n: TestService, reconnect: boolean) =>
      `${n.url.replace('http', 'ws')}/v1.0/collect/${token}/meeting?statsSessionId=s-1&isReconnect=${reconnect}`;
    const entry = (seq: number) =>
      JSON.stringify({
        statsSessionId: 's-1',
        type: 'stats-entry',
        data: JSON.stringify(['getUserMedia', null, { audio: true }, 1_700_000_000_000 + seq, seq]),
      });
    const first = await connectClient(url(a, false), 'jitsi');
    for (let seq = 1; seq <= 3; seq++) first.send(entry(seq));
    await waitFor('line 3 stored', async () => (first.acks.includes(3) ? true : undefined));
    first.ws.terminate();
    const db = pg.storage.database.db;
    await waitFor('the call lingering', async () =>
      (await db.selectFrom('collect_calls').select('state').executeTakeFirst())?.state === 'lingering'
        ? true
        : undefined,
    );
    const second = await connectClient(url(b, true), 'jitsi');
    expect(second.acks).toEqual([3]);
    for (let seq = 3; seq <= 5; seq++) second.send(entry(seq));
    second.ws.close(3001);
    const call = await waitFor('the call saved', async () => {
      const row = await db.selectFrom('collect_calls').selectAll().executeTakeFirst();
      return row?.state === 'done' ? row : undefined;
    });
    const dump = await (await account.fetch(`/v1.0/sessions/${call.session_id}/dump`)).text();
    const seqs = dump
      .split('\n')
      .filter((l) => l.startsWith('["getUserMedia"'))
      .map((l) => JSON.parse(l)[4]);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect((await pg.storage.accounts.quota(account.id))?.remainingCredits).toBe(2);
  }, 120_000);
});
