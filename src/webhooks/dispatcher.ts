/**
 * The delivery loop of one node: claims due deliveries (leases, see store.ts), sends each once
 * with its signature and records the outcome, retrying failures with backoff for 24 h; and, on
 * its own timer, the regression check and the purge of old finished deliveries. Started with the
 * service; `stop` ends it within a bound, giving back the claims it could not finish.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Storage } from '../storage/index.js';
import { nextAttemptAt } from './backoff.js';
import { checkRegressions } from './regressions.js';
import { type Agents, guardedAgents, sendOnce } from './send.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';
import { type Claimed, WebhookStore } from './store.js';

export interface DispatcherDeps {
  config: Config;
  storage: Storage;
  log: Logger;
  now(): number;
  /** This node, as leases name their holder. */
  owner: string;
  /** Where the API is served, for links in events the node raises itself. */
  apiUrl: string;
}

/** Deliveries one node sends at once. */
const BATCH = 8;
/** Finished deliveries stay in the log this long. */
const KEEP_MS = 30 * 86_400_000;

export class WebhookDispatcher {
  readonly store: WebhookStore;
  private stopping = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private regressionTimer: NodeJS.Timeout | undefined;
  private checking: Promise<unknown> | undefined;
  private readonly abort = new AbortController();
  private readonly agents: Agents;

  constructor(private readonly deps: DispatcherDeps) {
    this.agents = guardedAgents(deps.config.webhooks.allowPrivate);
    this.store = new WebhookStore(deps.storage.database.db, deps.storage.database.dialect);
  }

  start(): void {
    if (this.loop) return;
    this.loop = this.run();
    const check = () => {
      this.checking ??= this.housekeeping().finally(() => {
        this.checking = undefined;
      });
    };
    this.regressionTimer = setInterval(check, this.deps.config.webhooks.regressionCheckMs);
    this.regressionTimer.unref();
    check();
  }

  /** Sends what is due now without waiting for the next poll (a delivery was just enqueued). */
  poke(): void {
    this.wake?.();
  }

  /**
   * Stops the loop: attempts in flight may finish for up to `boundMs`, then are cut off and their
   * deliveries given back (another node, or the next start, sends them).
   */
  async stop(boundMs = 5_000): Promise<void> {
    this.stopping = true;
    clearInterval(this.regressionTimer);
    this.wake?.();
    const within = (p: Promise<unknown> | undefined, ms: number) =>
      new Promise<boolean>((resolve) => {
        if (!p) return resolve(true);
        const timer = setTimeout(() => resolve(false), ms);
        timer.unref();
        p.then(
          () => {
            clearTimeout(timer);
            resolve(true);
          },
          () => {
            clearTimeout(timer);
            resolve(true);
          },
        );
      });
    if (!(await within(this.loop, boundMs))) {
      this.abort.abort();
      await within(this.loop, 2_000);
    }
    await within(this.checking, 1_000);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let sent = 0;
      try {
        sent = await this.tick();
      } catch (err) {
        this.deps.log.warn({ err }, 'webhook deliveries: claim failed');
      }
      if (sent < BATCH && !this.stopping)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.deps.config.webhooks.pollMs);
          // The loop alone does not keep a process alive (the server does while it runs).
          timer.unref();
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      this.wake = undefined;
    }
  }

  /** One round: claims what is due and sends it; how many were claimed. */
  async tick(): Promise<number> {
    const { timeoutMs } = this.deps.config.webhooks;
    // The lease outlasts an attempt (its deadline) with room for the two writes around it.
    const claimed = await this.store.claim(this.deps.owner, this.deps.now(), 2 * timeoutMs + 10_000, BATCH);
    await Promise.all(claimed.map((d) => this.deliver(d)));
    return claimed.length;
  }

  private async deliver(d: Claimed): Promise<void> {
    const { allowPrivate, timeoutMs, retryBaseMs } = this.deps.config.webhooks;
    const at = this.deps.now();
    const attempt = await sendOnce(
      {
        url: d.url,
        body: d.body,
        headers: {
          [SIGNATURE_HEADER]: signatureHeader(d.secret, d.body, at),
          'callscope-event': d.eventType,
          'callscope-event-id': d.eventId,
          'callscope-delivery': d.id,
        },
      },
      { allowPrivate, timeoutMs, agents: this.agents, signal: this.abort.signal },
    );
    try {
      if (this.abort.signal.aborted && !attempt.ok) {
        await this.store.release(this.deps.owner, [d.id]);
        return;
      }
      const next = attempt.ok
        ? null
        : nextAttemptAt(d.createdAt, this.deps.now(), d.attempts + 1, retryBaseMs);
      await this.store.record(this.deps.owner, d.id, { at, ...attempt, next });
      if (!attempt.ok)
        this.deps.log[next === null ? 'warn' : 'info'](
          { delivery: d.id, attempt: d.attempts + 1, error: attempt.error },
          next === null ? 'webhook delivery given up after 24 h' : 'webhook delivery failed; will retry',
        );
    } catch (err) {
      this.deps.log.warn({ err, delivery: d.id }, 'webhook delivery: could not record the attempt');
    }
  }

  private async housekeeping(): Promise<void> {
    try {
      const now = this.deps.now();
      const enqueued = await checkRegressions({
        storage: this.deps.storage,
        store: this.store,
        now,
        apiUrl: this.deps.apiUrl,
      });
      if (enqueued > 0) {
        this.deps.log.info({ deliveries: enqueued }, 'insights regressions found');
        this.poke();
      }
      await this.store.purge(now - KEEP_MS);
    } catch (err) {
      this.deps.log.warn({ err }, 'webhook regression check failed');
    }
  }
}
