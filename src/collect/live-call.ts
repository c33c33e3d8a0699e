import type { CallDump } from './call-dump.js';
import type { DumpFormat, Protocol } from './protocols.js';

/** A call this node is writing: it outlives its connection while a jitsi client may reconnect. */
export interface LiveCall {
  id: string;
  accountId: string;
  tokenId: string;
  protocol: Protocol;
  format: DumpFormat;
  dump: CallDump;
  clientKey: string | undefined;
  /** jitsi: sequence number of the last line received (written or pending). */
  lastSeq: number;
  /** jitsi: sequence number of the last line written to the blob store. */
  flushedSeq: number;
  messages: number;
  /** When the next flush is due (staggered per call so that flushes spread over time). */
  flushAt: number;
  lingerTimer?: NodeJS.Timeout;
}

/**
 * Messages a connection may send: `rate` a second on average, bursts of ten times as many, plus
 * what `grant` adds once (spent before the rest, never refilled).
 */
export class MessageBudget {
  #tokens: number;
  #extra = 0;
  #at: number;

  constructor(
    private readonly rate: number,
    now: number,
  ) {
    this.#tokens = rate * 10;
    this.#at = now;
  }

  /** Room for `messages` more, once: a client that resends what it kept while disconnected. */
  grant(messages: number): void {
    this.#extra += messages;
  }

  take(now: number): boolean {
    this.#tokens = Math.min(this.rate * 10, this.#tokens + ((now - this.#at) / 1000) * this.rate);
    this.#at = now;
    if (this.#extra >= 1) {
      this.#extra -= 1;
      return true;
    }
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/** Runs at most `limit` tasks at once, the others in order of arrival. */
export class Limiter {
  #running = 0;
  #queue: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  get busy(): number {
    return this.#running + this.#queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) await new Promise<void>((go) => this.#queue.push(go));
    this.#running++;
    try {
      return await task();
    } finally {
      this.#running--;
      this.#queue.shift()?.();
    }
  }
}
