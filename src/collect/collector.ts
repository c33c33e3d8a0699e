import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { WebSocketServer } from 'ws';
import type { ServiceContext } from '../service/context.js';
import { acceptConnection } from './accept.js';
import { AccountBytes } from './account-bytes.js';
import { type CallOpening, continueCall, newCall } from './call-open.js';
import { ANY_AGE, type CallRow, CallsRepo, NEVER_STALE } from './calls-repo.js';
import type { CollectConnection, ConnectionHost } from './connection.js';
import { type FinishOutcome, finishCall } from './finish.js';
import { Limiter, type LiveCall } from './live-call.js';
import { CollectMetrics } from './metrics.js';
import { chooseSubprotocol, type Protocol } from './protocols.js';
import { parseCollectRequest } from './request.js';
import { Upkeep } from './upkeep.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The collector of one node: it takes WebSocket upgrades on the collect paths, writes each call's
 * dump to the blob store as it arrives, and has each call analyzed and saved when it ends. Calls of
 * a node that died are taken over by whichever node looks first (at start, then every flush period).
 */
export class Collector implements ConnectionHost {
  readonly node = randomUUID();
  readonly calls: CallsRepo;
  readonly metrics: CollectMetrics;
  readonly log: Logger;
  readonly limits: ConnectionHost['limits'];
  /** Set by `start`: the WebSocket library is loaded then, so that the rest of the service runs without it. */
  #wss: WebSocketServer | undefined;
  readonly #connections = new Set<CollectConnection>();
  /** jitsi calls waiting for their client to reconnect, by account and statsSessionId. */
  readonly #lingering = new Map<string, LiveCall>();
  readonly #bytes = new AccountBytes();
  readonly #finishing: Limiter;
  readonly #work = new Set<Promise<unknown>>();
  #timers: NodeJS.Timeout[] = [];
  #closed = false;
  readonly #upkeep: Upkeep;

  constructor(private readonly ctx: ServiceContext) {
    this.calls = new CallsRepo(ctx.storage.database.db);
    this.log = ctx.log.child({ component: 'collect' });
    this.metrics = new CollectMetrics(ctx.metrics.registry, () => this.calls.countUnanalyzed());
    const c = ctx.config.collect;
    this.limits = {
      messagesPerSecond: c.messagesPerSecond,
      idleTimeoutMs: c.idleTimeoutMs,
      flushMs: c.flushMs,
      maxAccountBytes: c.maxAccountBytes,
    };
    this.#finishing = new Limiter(Math.max(1, ctx.config.workers));
    this.#upkeep = new Upkeep(this.calls, this.log, async (accountId, now) =>
      Number((await ctx.storage.accounts.quota(accountId, now))?.remainingCredits ?? 0),
    );
  }

  now(): number {
    return this.ctx.now();
  }

  /** Starts the periodic work: connection checks, the owner's heartbeat, orphans and retries. */
  async start(): Promise<void> {
    try {
      const { WebSocketServer } = await import('ws');
      this.#wss = new WebSocketServer({
        noServer: true,
        clientTracking: false,
        perMessageDeflate: false,
        maxPayload: this.ctx.config.collect.maxMessageBytes,
        handleProtocols: (offered) => chooseSubprotocol(offered)?.selected ?? false,
      });
    } catch (error) {
      this.log.error({ err: error }, 'live collection is off: the ws package is not installed');
      return;
    }
    const tick = Math.max(10, Math.min(1000, Math.floor(this.limits.flushMs / 2)));
    this.#timers.push(
      setInterval(() => {
        const now = this.now();
        for (const c of this.#connections) c.tick(now);
      }, tick),
      setInterval(() => this.#track(this.maintain()), this.limits.flushMs),
    );
    for (const t of this.#timers) t.unref();
    this.#track(this.maintain());
  }

  /** The `upgrade` event of the HTTP server: true when the request was for the collector. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const offered = (req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const request = parseCollectRequest(req.url ?? '/', offered);
    if (!request) return false;
    if (!this.#wss) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    socket.on('error', () => socket.destroy());
    const wss = this.#wss;
    this.#track(
      acceptConnection(
        {
          ctx: this.ctx,
          closed: () => this.#closed,
          connections: this.#connections,
          heldBytes: async (accountId) => {
            this.#bytes.setHeld(accountId, await this.calls.heldBytes(accountId));
            return this.accountBytes(accountId);
          },
          host: this,
        },
        { wss, req, socket, head },
        request,
        offered,
      ),
    );
    return true;
  }

  async openCall(connection: CollectConnection, protocol: Protocol): Promise<LiveCall> {
    const { clientKey, reconnect } = connection.request;
    const opening = this.#opening();
    const continued =
      protocol === 'jitsi' && clientKey
        ? await continueCall(opening, connection, clientKey, reconnect)
        : undefined;
    const call = continued ?? (await newCall(opening, connection, protocol, clientKey));
    this.metrics.connections.inc({ protocol });
    this.metrics.accepted.inc({ protocol });
    if (protocol === 'jitsi') connection.acknowledge(call.lastSeq, 'initial');
    return call;
  }

  /** What opening a call needs of this node. */
  #opening(): CallOpening {
    return {
      blobs: this.ctx.blobs,
      calls: this.calls,
      node: this.node,
      flushMs: this.limits.flushMs,
      lingering: this.#lingering,
      bytes: this.#bytes,
      log: this.log,
      now: this.now(),
      wrote: (call, bytes) => this.wrote(call, bytes),
    };
  }

  setClientKey(call: LiveCall): void {
    if (call.clientKey) this.#track(this.calls.setClientKey(call.id, call.clientKey));
  }

  accountBytes(accountId: string): number {
    return this.#bytes.total(accountId);
  }

  wrote(call: LiveCall, bytes: number): void {
    this.#bytes.add(call.accountId, bytes);
    this.metrics.bytes.inc(bytes);
  }

  flush(call: LiveCall, connection: CollectConnection | undefined): void {
    const seq = call.lastSeq;
    this.#track(
      call.dump.flush().then(
        () => {
          if (call.protocol !== 'jitsi' || seq <= call.flushedSeq) return;
          call.flushedSeq = seq;
          connection?.acknowledge(seq, 'ongoing');
        },
        (error) =>
          this.log.warn({ err: error, call: call.id }, 'collect flush failed: kept for the next one'),
      ),
    );
  }

  leave(call: LiveCall, code: number, mode: 'end' | 'linger' | 'release'): void {
    this.metrics.connections.dec({ protocol: call.protocol });
    this.#bytes.remove(call.accountId, call.dump.bytes);
    this.#track(this.#leave(call, code, mode));
  }

  async #leave(call: LiveCall, code: number, mode: 'end' | 'linger' | 'release'): Promise<void> {
    const now = this.now();
    const linger = call.protocol === 'jitsi' && call.clientKey !== undefined && mode !== 'end';
    if (!linger) call.dump.append(call.format.close(code, now));
    try {
      await call.dump.flush();
    } catch (error) {
      this.log.error({ err: error, call: call.id }, 'collect flush failed: the end of the call is lost');
    }
    const progress = { parts: call.dump.parts, bytes: call.dump.bytes, messages: call.messages };
    const to = linger ? 'lingering' : mode === 'release' ? 'ended' : 'ending';
    if (mode === 'release') {
      // Shutdown: left for another node, or this one once restarted.
      await this.calls.release(call.id, this.node, to, now, progress);
      return;
    }
    // Only while this node still holds it (never taken as an orphan): a node that stalled
    // may have lost it to another.
    if (!(await this.calls.claim(call.id, ['open'], to, this.node, now, NEVER_STALE, progress))) return;
    if (to === 'lingering') {
      const key = `${call.accountId}:${call.clientKey}`;
      this.#lingering.set(key, call);
      call.lingerTimer = setTimeout(() => {
        if (this.#lingering.get(key) !== call) return;
        this.#lingering.delete(key);
        this.#track(this.#claimAndFinish(call.id, ['lingering'], ANY_AGE));
      }, this.limits.idleTimeoutMs);
      call.lingerTimer.unref();
    }
    if (to === 'ending') await this.#finish(call.id);
  }

  forget(connection: CollectConnection): void {
    this.#connections.delete(connection);
  }

  async #claimAndFinish(id: string, from: CallRow['state'][], staleBefore: number): Promise<void> {
    if (await this.calls.claim(id, from, 'ending', this.node, this.now(), staleBefore))
      await this.#finish(id);
  }

  #finish(id: string): Promise<FinishOutcome | undefined> {
    return this.#finishing.run(async () => {
      const row = await this.calls.get(id);
      if (row?.state !== 'ending' || row.owner !== this.node) return undefined;
      return finishCall(this.ctx, this.calls, this.metrics, this.node, row).catch((error) => {
        this.log.error({ err: error, call: id }, 'collected call could not be finished');
        return undefined;
      });
    });
  }

  /** One round of the node's background work; returns when the calls it took up are finished. */
  async maintain(): Promise<void> {
    if (this.#closed) return;
    const now = this.now();
    try {
      await this.calls.heartbeat(this.node, now);
      const claims = await this.#upkeep.claims(this.node, now, this.limits);
      await Promise.all(claims.map((c) => this.#claimAndFinish(c.id, c.from, c.staleBefore)));
      await this.calls.expire(now - DAY);
    } catch (error) {
      this.log.warn({ err: error }, 'collect maintenance failed');
    }
  }

  #track<T>(work: Promise<T>): void {
    const p = work.catch((error) => this.log.error({ err: error }, 'collect task failed'));
    this.#work.add(p);
    void p.finally(() => this.#work.delete(p));
  }

  /**
   * Shutdown: no new connections; each open call is written out and left for another node (or this
   * one's restart) to analyze; jitsi clients reconnect elsewhere and continue. Waits for the work
   * in flight (analyses included).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const t of this.#timers) clearInterval(t);
    for (const c of [...this.#connections]) c.close(1001, 'shutdown', 'the server is shutting down');
    for (const [key, call] of this.#lingering) {
      clearTimeout(call.lingerTimer);
      this.#lingering.delete(key);
      this.#track(this.calls.release(call.id, this.node, 'lingering', this.now()));
    }
    while (this.#work.size > 0) await Promise.all([...this.#work]);
  }

  /** For tests: the connections open on this node. */
  get connectionCount(): number {
    return this.#connections.size;
  }
}
