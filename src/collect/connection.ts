import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import type { Account } from '../storage/index.js';
import { type LiveCall, MessageBudget } from './live-call.js';
import type { CloseReason, CollectMetrics } from './metrics.js';
import { type ConnectionInfo, type Protocol, protocolOfFirstMessage } from './protocols.js';

/** Bytes the server may have queued for a client that does not read (jitsi acknowledgements). */
const SLOW_CLIENT_BYTES = 1024 * 1024;
/** Messages held while the call's row is being created (a client flushing what it buffered). */
const EARLY_BYTES = 4 * 1024 * 1024;
/**
 * What a jitsi client keeps while it cannot send (its BUFFER_LIMIT): all sent at once when the
 * server's first `sn` arrives, after a reconnect up to that many messages in one go.
 */
const JITSI_CLIENT_BUFFER = 1000;

/** What a connection needs from the node that holds it (the Collector). */
export interface ConnectionHost {
  readonly log: Logger;
  readonly metrics: CollectMetrics;
  readonly limits: {
    messagesPerSecond: number;
    idleTimeoutMs: number;
    flushMs: number;
    maxAccountBytes: number;
  };
  now(): number;
  /** Creates the call (its row, its dump's header) or continues the one `clientKey` names. */
  openCall(connection: CollectConnection, protocol: Protocol): Promise<LiveCall>;
  setClientKey(call: LiveCall): void;
  /** Bytes of this account's dumps not saved yet, with those written here now. */
  accountBytes(accountId: string): number;
  wrote(call: LiveCall, bytes: number): void;
  flush(call: LiveCall, connection: CollectConnection | undefined): void;
  /** The connection is gone: `end` the call, let it `linger` for a reconnect, or `release` it (shutdown). */
  leave(call: LiveCall, code: number, mode: 'end' | 'linger' | 'release'): void;
  forget(connection: CollectConnection): void;
}

/**
 * One collecting client: its messages become dump lines, in order; it is closed, with a WebSocket
 * code, a reason and a log line, when it breaks a limit (message size, rate, call or account size),
 * sends what its protocol does not allow, stops sending, or does not read.
 */
export class CollectConnection {
  call: LiveCall | undefined;
  #protocol: Protocol | undefined;
  #budget: MessageBudget;
  #lastMessageAt: number;
  #closing: CloseReason | undefined;
  #ended = false;
  #early: string[] = [];
  #earlyBytes = 0;

  constructor(
    private readonly host: ConnectionHost,
    readonly ws: WebSocket,
    readonly info: ConnectionInfo,
    readonly account: Account,
    readonly tokenId: string,
    readonly maxCallBytes: number,
    protocol: Protocol | undefined,
    readonly request: { clientKey: string | undefined; reconnect: boolean },
  ) {
    this.#protocol = protocol;
    const now = host.now();
    this.#budget = new MessageBudget(host.limits.messagesPerSecond, now);
    this.#lastMessageAt = now;
    ws.on('message', (data, isBinary) => this.#onMessage(data, isBinary));
    ws.on('close', (code) => this.#onClose(code));
    // A malformed frame or an oversized message: ws closes the socket (1002, 1009) and says why.
    ws.on('error', (error) => {
      const tooLarge = /max payload|too big/i.test(error.message);
      this.#fault(tooLarge ? 'message_too_large' : 'malformed', tooLarge ? 1009 : 1002, error.message);
    });
    if (protocol) this.#open(protocol);
  }

  get protocol(): Protocol | undefined {
    return this.#protocol;
  }

  /** Idle, slow and flush checks; the node calls it a few times a second. */
  tick(now: number): void {
    if (this.#closing) return;
    if (now - this.#lastMessageAt > this.host.limits.idleTimeoutMs) {
      this.close(1001, 'idle', `no message for ${Math.round(this.host.limits.idleTimeoutMs / 1000)} s`);
      return;
    }
    if (this.ws.bufferedAmount > SLOW_CLIENT_BYTES) {
      this.#fault('slow_client', 1008, 'the client does not read what it is sent');
      this.ws.terminate();
      return;
    }
    const call = this.call;
    if (call && now >= call.flushAt) {
      call.flushAt = now + this.host.limits.flushMs;
      this.host.flush(call, this);
    }
  }

  /** Sends a jitsi acknowledgement: lines up to `seq` are stored (`initial` lets the client start). */
  acknowledge(seq: number, state: 'initial' | 'ongoing'): void {
    if (this.ws.readyState === 1) this.ws.send(JSON.stringify({ type: 'sn', body: { value: seq, state } }));
  }

  /** Closes the connection with `code`; the call ends (or, for a shutdown, is left to another node). */
  close(code: number, reason: CloseReason, text: string): void {
    if (this.#closing) return;
    this.#closing = reason;
    this.host.metrics.closed.inc({ reason });
    const fault = reason !== 'ended' && reason !== 'shutdown';
    const fields = { call: this.call?.id, account: this.account.id, code, reason, detail: text };
    if (fault) this.host.log.warn(fields, 'collect connection closed');
    else this.host.log.info(fields, 'collect connection closed');
    this.#detach(code, reason === 'shutdown' ? 'release' : 'end');
    // Close reasons are at most 123 bytes.
    this.ws.close(code, Buffer.from(text).subarray(0, 123).toString());
  }

  #fault(reason: CloseReason, code: number, text: string): void {
    if (this.#closing) return;
    this.#closing = reason;
    this.host.metrics.closed.inc({ reason });
    this.host.log.warn(
      { call: this.call?.id, account: this.account.id, code, reason, detail: text },
      'collect connection closed',
    );
    this.#detach(code, 'end');
  }

  #open(protocol: Protocol): void {
    this.#protocol = protocol;
    // Not a flood: the client replays its buffer once the call is opened (acknowledged).
    if (protocol === 'jitsi') this.#budget.grant(JITSI_CLIENT_BUFFER);
    this.host.openCall(this, protocol).then(
      (call) => {
        this.call = call;
        if (this.#closing) {
          this.#detach(1006, this.#closing === 'shutdown' ? 'release' : 'end');
          return;
        }
        const early = this.#early;
        this.#early = [];
        for (const text of early) if (!this.#closing) this.#process(text, this.host.now());
      },
      (error) => {
        this.host.log.error({ err: error, account: this.account.id }, 'collect call could not start');
        this.close(1011, 'error', 'the call could not be started: try again');
      },
    );
  }

  #onMessage(data: RawData, isBinary: boolean): void {
    if (this.#closing) return;
    const now = this.host.now();
    if (isBinary) {
      this.close(1003, 'binary', 'binary frames are not accepted: send JSON text');
      return;
    }
    if (!this.#budget.take(now)) {
      this.close(1008, 'flood', `more than ${this.host.limits.messagesPerSecond} messages a second`);
      return;
    }
    this.#lastMessageAt = now;
    this.host.metrics.messages.inc();
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data).toString('utf8');
    if (!this.#protocol) {
      let first: unknown;
      try {
        first = JSON.parse(text);
      } catch {}
      const protocol = protocolOfFirstMessage(first);
      if (!protocol) {
        this.close(1003, 'unknown_protocol', 'not a message of an rtcstats client');
        return;
      }
      this.#open(protocol);
    }
    if (!this.call) {
      this.#earlyBytes += text.length;
      if (this.#earlyBytes > EARLY_BYTES) {
        this.close(1008, 'flood', 'too much data before the call started');
        return;
      }
      this.#early.push(text);
      return;
    }
    this.#process(text, now);
  }

  #process(text: string, now: number): void {
    const call = this.call!;
    const accepted = call.format.accept(text, now);
    if ('problem' in accepted) {
      this.close(1007, 'malformed', accepted.problem);
      return;
    }
    if (accepted.clientKey && call.clientKey === undefined) {
      call.clientKey = accepted.clientKey;
      this.host.setClientKey(call);
    }
    let lines = accepted.lines;
    if (accepted.seq !== undefined) {
      // A reconnecting jitsi client sends again what it was not told was stored.
      if (accepted.seq <= call.lastSeq) lines = [];
      else call.lastSeq = accepted.seq;
    }
    call.messages++;
    if (lines.length > 0) {
      const size = lines.reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
      if (call.dump.bytes + size > this.maxCallBytes) {
        this.close(1008, 'call_too_large', `the call's dump would exceed ${this.maxCallBytes} bytes`);
        return;
      }
      if (this.host.accountBytes(call.accountId) + size > this.host.limits.maxAccountBytes) {
        this.close(
          1008,
          'account_full',
          "the account's collected dumps waiting to be saved are at their limit",
        );
        return;
      }
      call.dump.append(lines);
      this.host.wrote(call, size);
    }
    if (accepted.end) {
      this.#ended = true;
      this.close(1000, 'ended', 'call ended');
    }
  }

  #onClose(code: number): void {
    if (!this.#closing) {
      // The client closed: a goodbye (1000, jitsi's 3001, a close() without a code) ends the call;
      // anything else is a client gone, which a jitsi client may come back from.
      const goodbye = this.#ended || code === 1000 || code === 1005 || code === 3001;
      const reason: CloseReason = goodbye ? 'ended' : 'client_gone';
      this.#closing = reason;
      this.host.metrics.closed.inc({ reason });
      this.host.log.info(
        { call: this.call?.id, account: this.account.id, code, reason },
        'collect connection closed',
      );
      this.#detach(code, !goodbye && this.#protocol === 'jitsi' ? 'linger' : 'end');
    }
    this.host.forget(this);
  }

  /** Hands the call back to the node once, when the connection ends for whatever reason. */
  #detach(code: number, mode: 'end' | 'linger' | 'release'): void {
    const call = this.call;
    if (!call) return;
    this.call = undefined;
    this.host.leave(call, code, mode);
  }
}
