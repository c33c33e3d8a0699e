import type { AddressInfo } from 'node:net';
import { createServer, type Server, Socket } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startService, type TestService } from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';
import { canBundleJitsi, type JitsiTrace, loadJitsiTraceWs } from './test-support/jitsi-bundle.js';

// The transport of the real @jitsi/rtcstats client (its trace-ws.js from node_modules, run in
// Node over the ws library) against a running callscope, through a TCP proxy that can cut the
// network. What it does that a hand-written client would not: it waits for the server's first
// `sn`, keeps what was not acknowledged (up to 1 000 messages), reconnects by itself after a drop
// with the same statsSessionId and `isReconnect=true`, and then sends its whole buffer at once.

let service: TestService;
let traceInit: (options: Record<string, unknown>) => JitsiTrace;
let restoreGlobals = () => {};
/** The `sn` values the server sent the client, over all its connections. */
const acks: number[] = [];
const acked = (seq: number) => async () => (acks.some((a) => a >= seq) ? true : undefined);
beforeAll(async () => {
  if (!canBundleJitsi()) return;
  service = await startService({
    CALLSCOPE_COLLECT_FLUSH_MS: '200',
    CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS: '20000',
  });
  // trace-ws.js uses the browser's globals; its WebSocket here also notes the acknowledgements.
  // Put back after the file: the next test file may run in this process.
  const g = globalThis as Record<string, unknown>;
  const saved = ['WebSocket', 'navigator'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(g, name)] as const,
  );
  restoreGlobals = () => {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(g, name, descriptor);
      else delete g[name];
  };
  g.WebSocket = class extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.on('message', (data) => {
        const m = JSON.parse(String(data)) as { type?: string; body?: { value?: number } };
        if (m.type === 'sn' && typeof m.body?.value === 'number') acks.push(m.body.value);
      });
    }
  };
  if (!g.navigator)
    Object.defineProperty(g, 'navigator', { value: { userAgent: 'node' }, configurable: true });
  traceInit = await loadJitsiTraceWs();
}, 60_000);
afterAll(async () => {
  restoreGlobals();
  await service?.close();
}, 60_000);

/** A TCP proxy to the service whose connections can all be cut, as a network drop would. */
async function proxy(port: number): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = new Socket();
    outbound.connect(port, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The saved dump, from the blob store (a download's response can still be finishing at close). */
async function storedDump(sessionId: string): Promise<string> {
  const { blob_key } = await service.ctx.storage.database.db
    .selectFrom('sessions')
    .select('blob_key')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return await text(await service.ctx.blobs.get(blob_key));
}

describe.skipIf(!canBundleJitsi())('the @jitsi/rtcstats transport', () => {
  it('reconnects after a network drop, resends its buffer at once, and the call goes on in one dump', async () => {
    const account = await service.account({ credits: 3 });
    const { token } = await service.ctx.tokens.issue(account.id, 'page', 'collect');
    const net = await proxy(Number(new URL(service.url).port));
    // Its reconnect waits 1 s plus a random 0-10 s: no random part here.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const closes: { code: number }[] = [];
    const trace = traceInit({
      endpoint: `ws://127.0.0.1:${net.port}/v1.0/collect/${token}`,
      meetingFqn: 'room@conference.meet.example',
      onCloseCallback: (e: { code: number }) => closes.push(e),
    });
    const rows = () =>
      service.ctx.storage.database.db
        .selectFrom('collect_calls')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
    try {
      trace.connect(false);
      trace.identity('identity', null, { displayName: 'bob', confName: 'room' });
      trace.statsEntry('create', 'PC_0', { iceServers: [] });
      for (let i = 0; i < 5; i++) trace.statsEntry('getstats', 'PC_0', { T01: { type: 'transport', i } });
      // Stored and acknowledged (the client forgets lines 1-7), then the network goes.
      await waitFor('the acknowledgement of line 7', acked(7));
      net.cut();
      await waitFor('the client to see the drop', async () => (closes.length > 0 ? true : undefined));
      await waitFor('the call to linger', async () =>
        (await rows())[0]?.state === 'lingering' ? true : undefined,
      );
      // While it is away the app goes on: the client buffers up to 1 000 messages, no more.
      for (let i = 0; i < 1200; i++) trace.statsEntry('getstats', 'PC_0', { T01: { type: 'transport', i } });
      await waitFor('the client to reconnect', async () => (trace.isConnected() ? true : undefined));
      random.mockRestore();
      await waitFor('the acknowledgement of what it kept', acked(1007));
      trace.statsEntry('close', 'PC_0', {});
      await waitFor('the acknowledgement of the last line', acked(1208));
      trace.close();
      const calls = await waitFor('the call saved', async () => {
        const r = await rows();
        return r.every((c) => c.state === 'done') && r.length > 0 ? r : undefined;
      });
      // Cut once, left once (3001): never closed by the server.
      expect(closes.map((c) => c.code)).toEqual([1006, 3001]);
      expect(calls).toHaveLength(1);
      const dump = await storedDump(calls[0]!.session_id!);
      const seqs = dump
        .split('\n')
        .filter((l) => /^\["(identity|create|getstats|close)","?/.test(l))
        .map((l) => JSON.parse(l) as unknown[])
        .filter((r) => r.length === 5)
        .map((r) => r[4] as number);
      // 1-7 before the drop, then the 1 000 the client kept of the 1 200 (8-1007), then `close`.
      expect(seqs).toEqual([...Array.from({ length: 1007 }, (_, i) => i + 1), 1208]);
    } finally {
      random.mockRestore();
      trace.close();
      net.cut();
      await net.close();
    }
  }, 90_000);
});
