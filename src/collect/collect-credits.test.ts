import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../test/support/api-schemas.js';
import { connectClient } from '../../test/support/collect-clients.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';
import type { CollectedCallsResponse } from '../model/api/collected-calls.js';

// A call of an account without credits: kept unanalyzed, shown to the account by
// GET /v1.0/collect/calls, analyzed and saved (one credit) once credits are added.

let service: TestService;
beforeAll(async () => {
  service = await startService({ CALLSCOPE_COLLECT_FLUSH_MS: '100' });
}, 60_000);
afterAll(async () => service?.close(), 60_000);

const base = () => `${service.url.replace('http', 'ws')}/v1.0/collect`;
const collectToken = async (accountId: string) =>
  (await service.ctx.tokens.issue(accountId, 'page', 'collect')).token;
const record = (i: number) =>
  JSON.stringify(['getUserMedia', null, { audio: true, i }, 1_700_000_000_000 + i]);

async function collectedCalls(account: TestAccount, query = ''): Promise<CollectedCallsResponse> {
  // Checked against the published schema.
  return (
    await expectOk<CollectedCallsResponse>(
      account.fetch(`/v1.0/collect/calls${query}`),
      'CollectedCallsResponse',
    )
  ).body;
}

/** The state of the account's newest call, from the database (polling the API would hit its rate limit). */
const newestState = async (accountId: string) =>
  (
    await service.ctx.storage.database.db
      .selectFrom('collect_calls')
      .select('state')
      .where('account_id', '=', accountId)
      .orderBy('started_at', 'desc')
      .executeTakeFirst()
  )?.state;
const reached = (accountId: string, state: string) => async () =>
  (await newestState(accountId)) === state ? true : undefined;

/** One short call of `account` over the rtcstats 2.0 protocol, ended by the client. */
async function oneCall(account: TestAccount): Promise<void> {
  const client = await connectClient(
    `${base()}/${await collectToken(account.id)}/page?user=u1`,
    'rtcstats-2',
  );
  client.send(record(1));
  client.ws.close(1000);
  await client.closed;
}

describe('calls of an account without credits', () => {
  it('are kept unanalyzed, listed for the account, and saved once credits are added (one credit each)', async () => {
    const account = await service.account({ credits: 0 });
    await oneCall(account);
    await waitFor('the call kept unanalyzed', reached(account.id, 'unanalyzed'));
    const kept = await collectedCalls(account);
    expect(kept).toMatchObject({ unanalyzed: 1, calls: [{ protocol: 'rtcstats-2', sessionId: null }] });
    expect(kept.calls).toHaveLength(1);
    expect(kept.calls[0]!.bytes).toBeGreaterThan(0);
    expect((await collectedCalls(account, '?state=done')).calls).toEqual([]);
    // Not a session yet: the sessions list does not have it.
    const before = (await (await account.fetch('/v1.0/sessions')).json()) as { totalCount: number };
    expect(before.totalCount).toBe(0);
    // A collect token (the one in the page) cannot read it.
    const page = await fetch(`${service.url}/v1.0/collect/calls`, {
      headers: { authorization: `Bearer ${await collectToken(account.id)}` },
    });
    expect(page.status).toBe(401);

    await service.ctx.storage.accounts.addCredits(account.id, 2);
    await waitFor('the call saved', reached(account.id, 'done'));
    const saved = await collectedCalls(account);
    expect(saved.calls[0]!.state).toBe('done');
    expect(saved.unanalyzed).toBe(0);
    const sessionId = saved.calls[0]!.sessionId!;
    expect((await account.fetch(`/v1.0/sessions/${sessionId}`)).status).toBe(200);
    const quota = (await (await account.fetch('/v1.0/quota')).json()) as { remainingCredits: number };
    expect(quota.remainingCredits).toBe(1);
  }, 60_000);

  it("are saved when credits return even while many of another account's calls still wait", async () => {
    // More calls kept unanalyzed by a broke account than a node looks at in one round, all older.
    const broke = await service.account({ credits: 0 });
    const db = service.ctx.storage.database.db;
    const long = Date.now() - 60_000;
    const tokenId = (await service.ctx.tokens.issue(broke.id, 'page', 'collect')).record.id;
    await db
      .insertInto('collect_calls')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: randomUUID(),
          account_id: broke.id,
          token_id: tokenId,
          protocol: 'rtcstats-2',
          client_key: null,
          state: 'unanalyzed',
          owner: null,
          parts: 1,
          bytes: 100,
          messages: 1,
          started_at: long + i,
          seen_at: long + i,
          session_id: null,
          error: null,
        })),
      )
      .execute();
    const account = await service.account({ credits: 0 });
    await oneCall(account);
    await waitFor('the call kept unanalyzed', reached(account.id, 'unanalyzed'));
    await service.ctx.storage.accounts.addCredits(account.id, 1);
    await waitFor('the call saved', reached(account.id, 'done'), 20_000);
    expect((await collectedCalls(broke)).unanalyzed).toBe(30);
  }, 60_000);
});
