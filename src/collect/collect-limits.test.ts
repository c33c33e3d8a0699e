import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessages, connectClient } from '../../test/support/collect-clients.js';
import { startService, type TestService } from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';

// Auth, faults and reconnects of the collector. Each refusal or fault closes the socket with a code
// and a reason; the service goes on answering.

let service: TestService;
beforeAll(async () => {
  service = await startService({
    CALLSCOPE_COLLECT_FLUSH_MS: '100',
    CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS: '1500',
    CALLSCOPE_COLLECT_MAX_MESSAGE_BYTES: '64KiB',
    CALLSCOPE_COLLECT_MESSAGES_PER_SECOND: '5',
    CALLSCOPE_COLLECT_MAX_CALL_BYTES: '200KiB',
  });
}, 60_000);
afterAll(async () => service?.close(), 60_000);

const base = () => `${service.url.replace('http', 'ws')}/v1.0/collect`;

async function collectToken(accountId: string, origins?: string[]) {
  return (
    await service.ctx.tokens.issue(accountId, 'page', 'collect', Date.now(), {
      ...(origins ? { origins } : {}),
    })
  ).token;
}

const rows = (accountId: string) =>
  service.ctx.storage.database.db
    .selectFrom('collect_calls')
    .selectAll()
    .where('account_id', '=', accountId)
    .execute();

/** How the server closed a connection it refused (the handshake completes, then a close). */
async function refusal(url: string, options: { origin?: string } = {}) {
  const connected = await connectClient(url, 'rtcstats-2', options).then(
    (client) => client.closed,
    (e: { code: number; reason: string }) => e,
  );
  return { code: connected.code, reason: connected.reason };
}

const record = (i: number) =>
  JSON.stringify(['getUserMedia', null, { audio: true, i }, 1_700_000_000_000 + i]);

describe('who may collect', () => {
  it('needs a collect token, from an allowed origin, and that token can do nothing else', async () => {
    const account = await service.account({ credits: 3 });
    expect(await refusal(`${base()}/page`)).toMatchObject({ code: 1008 });
    expect(await refusal(`${base()}/${account.token}/page`)).toMatchObject({ code: 1008 });
    const limited = await collectToken(account.id, ['https://app.example', 'https://*.example.org']);
    const refused = await refusal(`${base()}/${limited}/page`, { origin: 'https://evil.example' });
    expect(refused).toMatchObject({ code: 1008, reason: 'this token is not for this origin' });
    expect(await refusal(`${base()}/${limited}/page`)).toMatchObject({ code: 1008 });
    for (const origin of ['https://app.example', 'https://meet.example.org']) {
      const client = await connectClient(`${base()}/${limited}/page`, 'rtcstats-2', { origin });
      client.ws.close(1000);
      expect((await client.closed).code).toBe(1000);
    }
    // In the query (rtcstats-js's rtcstats-token) and in a subprotocol, as clients can send it.
    const any = await collectToken(account.id);
    for (const client of [
      await connectClient(`${base()}?rtcstats-token=${any}`, 'rtcstats-v3'),
      await connectClient(`${base()}/room`, undefined, {
        subprotocols: ['callscope', `callscope-token.${any}`],
      }),
    ]) {
      client.ws.close(1000);
      await client.closed;
    }
    const rest = await fetch(`${service.url}/v1.0/quota`, { headers: { authorization: `Bearer ${any}` } });
    expect(rest.status).toBe(401);
    const revokedId = (await service.ctx.storage.tokens.list(account.id)).find(
      (t) => t.origins === null && t.scope === 'collect',
    )!.id;
    await service.ctx.storage.tokens.revoke(revokedId);
    expect(await refusal(`${base()}/${any}/page`)).toMatchObject({ code: 1008 });
  }, 60_000);
});

describe('faults close the connection with a code, never the service', () => {
  const cases: [string, (send: (m: string | Buffer) => void) => void, number][] = [
    ['a message that is not JSON', (send) => send('this is not json'), 1007],
    ['a record of the wrong shape', (send) => send(JSON.stringify({ hello: 'world' })), 1007],
    ['a binary frame', (send) => send(Buffer.from([1, 2, 3])), 1003],
    [
      'a message over the size limit',
      (send) => send(JSON.stringify(['x', null, 'y'.repeat(70_000), 1])),
      1009,
    ],
    [
      'a flood of messages',
      (send) => {
        for (let i = 0; i < 200; i++) send(record(i));
      },
      1008,
    ],
    [
      'a call past its size limit',
      (send) => {
        for (let i = 0; i < 10; i++) send(JSON.stringify(['getUserMedia', null, 'z'.repeat(30_000), i]));
      },
      1008,
    ],
    ['a client that goes quiet', () => {}, 1001],
  ];
  for (const [what, act, code] of cases) {
    it(`${what}: ${code}`, async () => {
      const account = await service.account({ credits: 3 });
      const client = await connectClient(`${base()}/${await collectToken(account.id)}/page`, 'rtcstats-2');
      client.send(record(0));
      act((m) => client.ws.send(m));
      expect((await client.closed).code).toBe(code);
      // What arrived before the fault is still analyzed and saved.
      const calls = await waitFor('the call to be saved', async () => {
        const r = await rows(account.id);
        return r.length > 0 && r.every((c) => c.state === 'done') ? r : undefined;
      });
      expect(calls).toHaveLength(1);
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    }, 60_000);
  }
});

describe('a jitsi client that reconnects continues its call', () => {
  it('is told where the stored dump stops, resends the rest, and one session holds it all', async () => {
    const account = await service.account({ credits: 3 });
    const token = await collectToken(account.id);
    const lines = clientMessages(
      'jitsi',
      [
        '["connectionInfo",null,{},1]',
        ...Array.from({ length: 6 }, (_, i) =>
          JSON.stringify(['getUserMedia', null, { i }, 1_700_000_000_000 + i, i + 1]),
        ),
      ].join('\n'),
      'sess-42',
    );
    const first = await connectClient(
      `${base()}/${token}/meeting?statsSessionId=sess-42&isReconnect=false`,
      'jitsi',
    );
    expect(first.acks).toEqual([0]);
    for (const m of lines.slice(0, 4)) first.send(m);
    // Stored (acknowledged) before the client drops without a goodbye.
    await waitFor('the acknowledgement of line 4', async () => (first.acks.includes(4) ? true : undefined));
    first.ws.terminate();
    await waitFor('the call to linger', async () =>
      (await rows(account.id))[0]?.state === 'lingering' ? true : undefined,
    );
    const second = await connectClient(
      `${base()}/${token}/meeting?statsSessionId=sess-42&isReconnect=true`,
      'jitsi',
    );
    expect(second.acks).toEqual([4]);
    // A client resends from its buffer what it was not told was stored: line 4 again, then 5 and 6.
    for (const m of lines.slice(3)) second.send(m);
    second.ws.close(3001);
    const [call] = await waitFor('the continued call saved', async () => {
      const r = await rows(account.id);
      return r.length === 1 && r[0]!.state === 'done' ? r : undefined;
    });
    const dump = await (await account.fetch(`/v1.0/sessions/${call!.session_id}/dump`)).text();
    const stored = dump
      .split('\n')
      .filter((l) => l.startsWith('["getUserMedia"'))
      .map((l) => JSON.parse(l)[4]);
    expect(stored).toEqual([1, 2, 3, 4, 5, 6]);
  }, 60_000);
});

describe('CALLSCOPE_COLLECT_WITHOUT_CREDITS=refuse', () => {
  it('closes the connection of an account without credits at once (1008)', async () => {
    const strict = await startService({ CALLSCOPE_COLLECT_WITHOUT_CREDITS: 'refuse' });
    try {
      const account = await strict.account({ credits: 0 });
      const { token } = await strict.ctx.tokens.issue(account.id, 'page', 'collect');
      const url = `${strict.url.replace('http', 'ws')}/v1.0/collect/${token}/page`;
      expect(await refusal(url)).toEqual({ code: 1008, reason: 'no credits left on this account' });
      await strict.ctx.storage.accounts.addCredits(account.id, 1);
      const client = await connectClient(url, 'rtcstats-2');
      client.ws.close(1000);
      expect((await client.closed).code).toBe(1000);
    } finally {
      await strict.close();
    }
  }, 60_000);
});
