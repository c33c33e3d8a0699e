import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';
import type { ServiceContext } from '../service/context.js';
import type { Account } from '../storage/index.js';
import { AccountBytes } from './account-bytes.js';
import { admit } from './admission.js';
import { resumeCall, startCall } from './call-start.js';
import { type CallRow, CallsRepo } from './calls-repo.js';
import { CollectConnection, type ConnectionHost } from './connection.js';
import { type FinishOutcome, finishCall } from './finish.js';
import { Limiter, type LiveCall } from './live-call.js';
import { CollectMetrics } from './metrics.js';
import { type ConnectionInfo, chooseSubprotocol, type Protocol, protocolOfSubprotocol } from './protocols.js';
import { type CollectRequest, parseCollectRequest } from './request.js';
import { Upkeep } from './upkeep.js';

const DAY = 24 * 60 * 60 * 1000;
/** `staleBefore` of a claim that takes the call whoever holds it, or only from this node (PostgreSQL has no infinite bigint). */
const ANY_AGE = Number.MAX_SAFE_INTEGER;
const NEVER_STALE = Number.MIN_SAFE_INTEGER;

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
    this.#track(this.#accept(req, socket, head, request, offered));
    return true;
  }

  async #accept(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    request: CollectRequest,
    offered: string[],
  ): Promise<void> {
    // Refusals complete the handshake first: browsers show a client the close code and reason,
    // never an HTTP status (rtcstats-js names 1008 as an authorization failure).
    const origin = req.headers.origin;
    const admission = await admit(
      this.ctx,
      {
        closed: this.#closed,
        connections: this.#connections.size,
        accountBytes: async (accountId) => {
          this.#bytes.setHeld(accountId, await this.calls.heldBytes(accountId));
          return this.accountBytes(accountId);
        },
        maxAccountBytes: this.limits.maxAccountBytes,
      },
      request,
      origin,
      offered,
      this.now(),
    );
    if (!admission.admitted) {
      const { reason, code, text } = admission;
      this.metrics.refused.inc({ reason });
      this.log.warn({ reason, code, origin, path: request.pagePath }, 'collect connection refused');
      this.#wss?.handleUpgrade(req, socket, head, (ws) => ws.close(code, text));
      return;
    }
    const { account, tokenId } = admission;
    this.#wss?.handleUpgrade(req, socket, head, (ws) => this.#connected(ws, req, request, account, tokenId));
  }

  #connected(
    ws: WebSocket,
    req: IncomingMessage,
    request: CollectRequest,
    account: Account,
    tokenId: string,
  ) {
    if (this.#closed) return ws.close(1001, 'the server is shutting down');
    const subprotocol = ws.protocol || undefined;
    const protocol = subprotocol ? protocolOfSubprotocol(subprotocol) : undefined;
    const info: ConnectionInfo = {
      path: request.pagePath,
      origin: req.headers.origin,
      userAgent: req.headers['user-agent'],
      subprotocol: protocol ? subprotocol : undefined,
      remoteAddress: req.socket.remoteAddress,
      startedAt: this.now(),
      identity: request.identity,
    };
    const maxCall = Math.min(
      this.ctx.config.collect.maxCallBytes,
      this.ctx.config.limits.maxFileBytes[account.plan],
    );
    const connection = new CollectConnection(this, ws, info, account, tokenId, maxCall, protocol, request);
    this.#connections.add(connection);
  }

  async openCall(connection: CollectConnection, protocol: Protocol): Promise<LiveCall> {
    const { clientKey, reconnect } = connection.request;
    const continued =
      protocol === 'jitsi' && clientKey ? await this.#continue(connection, clientKey, reconnect) : undefined;
    const call = continued ?? (await this.#newCall(connection, protocol, clientKey));
    this.metrics.connections.inc({ protocol });
    this.metrics.accepted.inc({ protocol });
    if (protocol === 'jitsi') connection.acknowledge(call.lastSeq, 'initial');
    return call;
  }

  async #newCall(
    connection: CollectConnection,
    protocol: Protocol,
    clientKey: string | undefined,
  ): Promise<LiveCall> {
    const id = randomUUID();
    const now = this.now();
    const accountId = connection.account.id;
    await this.calls.insert({
      id,
      accountId,
      tokenId: connection.tokenId,
      protocol,
      clientKey: clientKey ?? null,
      owner: this.node,
      now,
    });
    const { call, headerBytes } = startCall(
      this.ctx.blobs,
      { id, accountId, tokenId: connection.tokenId, protocol, clientKey },
      connection.info,
      now,
      this.limits.flushMs,
    );
    this.wrote(call, headerBytes);
    return call;
  }

  /** A jitsi client back with its statsSessionId: the same call goes on, here or from its parts. */
  async #continue(
    connection: CollectConnection,
    clientKey: string,
    reconnect: boolean,
  ): Promise<LiveCall | undefined> {
    const accountId = connection.account.id;
    const local = this.#lingering.get(`${accountId}:${clientKey}`);
    const now = this.now();
    if (local) {
      this.#lingering.delete(`${accountId}:${clientKey}`);
      clearTimeout(local.lingerTimer);
      if (await this.calls.claim(local.id, ['lingering'], 'open', this.node, now, ANY_AGE)) {
        this.#bytes.add(accountId, local.dump.bytes);
        return local;
      }
    }
    if (!reconnect) return undefined;
    const row = await this.calls.continuable(accountId, clientKey);
    if (!row) return undefined;
    // Lingering on another node (or one that died): taken over; open elsewhere and still
    // refreshed: that node holds a live connection for it, so this one starts a call of its own.
    const staleBefore = now - 3 * this.limits.flushMs;
    const from = row.state === 'lingering' ? ANY_AGE : staleBefore;
    if (!(await this.calls.claim(row.id, ['lingering', 'open'], 'open', this.node, now, from)))
      return undefined;
    const call = await resumeCall(this.ctx.blobs, row, clientKey, now, this.limits.flushMs);
    this.#bytes.add(accountId, call.dump.bytes);
    this.log.info(
      { call: row.id, parts: call.dump.parts, lastSeq: call.lastSeq },
      'collect call continued after a reconnect',
    );
    return call;
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
