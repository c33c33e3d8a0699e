import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Accounts named in the `account` label of the per-account metrics; the accounts seen after them
 * are counted under `other`. A label per account would make a series per account, without bound:
 * a hundred keeps a scrape small (Prometheus' guidance is to keep label values bounded) while
 * naming the tenants of most installations, and an `other` that grows says to look at the logs.
 */
export const ACCOUNT_LABELS = 100;

/** Prometheus metrics of one service instance (its own registry: no global state). */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'callscope_http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly analysisDuration = new Histogram({
    name: 'callscope_analysis_duration_seconds',
    help: 'Time to analyze one dump in a worker, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });
  readonly creditsSpent = new Counter({
    name: 'callscope_credits_spent_total',
    help: 'Credits spent, by operation',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });
  readonly uploadBytes = new Counter({
    name: 'callscope_upload_bytes_total',
    help: 'Dump bytes received (raw bodies and chunks)',
    registers: [this.registry],
  });
  readonly analysesInFlight = new Gauge({
    name: 'callscope_analyses_in_flight',
    help: 'Analyses running or waiting for a worker',
    registers: [this.registry],
  });
  readonly workerSeconds = new Counter({
    name: 'callscope_analysis_worker_seconds_total',
    help: `Seconds analysis workers spent on each account's dumps, by outcome (the first ${ACCOUNT_LABELS} accounts seen by id, the rest as other)`,
    labelNames: ['account', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly aiSummaries = new Counter({
    name: 'callscope_ai_summaries_total',
    help: 'Written summaries asked for (CALLSCOPE_AI_URL), by outcome: ok, failed, timeout, dropped (queue full), stale (the session changed or went away first)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly bodyMemoryBytes: Gauge;
  readonly #accounts = new Set<string>();

  /** The `account` label of `accountId`: its id for the first ACCOUNT_LABELS accounts, else other. */
  accountLabel(accountId: string): string {
    if (this.#accounts.has(accountId)) return accountId;
    if (this.#accounts.size >= ACCOUNT_LABELS) return 'other';
    this.#accounts.add(accountId);
    return accountId;
  }

  /** `bodyMemory`: bytes of request bodies held in memory now (read when scraped). */
  constructor(sources: { bodyMemory?: () => number } = {}) {
    collectDefaultMetrics({ register: this.registry });
    const read = sources.bodyMemory;
    this.bodyMemoryBytes = new Gauge({
      name: 'callscope_body_memory_bytes',
      help: 'Bytes of request bodies held in memory for analysis (CALLSCOPE_MEMORY_SPOOL_BYTES at most)',
      registers: [this.registry],
      collect() {
        if (read) this.set(read());
      },
    });
  }
}
