import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { cleanSummary, SYSTEM_PROMPT, summaryPrompt } from './ai-prompt.js';
import type { Metrics } from './metrics.js';

const unzip = promisify(gunzip);

/** Summaries waiting for a free request slot; past it a saved session simply gets none. */
export const AI_QUEUE = 1_000;
/** Largest answer read from the endpoint: a summary is a few hundred bytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface AiSummaryJob {
  accountId: string;
  sessionId: string;
  /** The analysis summarized: a session analyzed again since keeps no summary of the old one. */
  processorVersion: string;
  /** The session payload as stored (gzip-compressed JSON). */
  payload: Uint8Array;
}

interface Dependencies {
  setAiSummary(accountId: string, id: string, processorVersion: string, text: string): Promise<boolean>;
  log: Logger;
  metrics: Pick<Metrics, 'aiSummaries'>;
}

/**
 * Asks an OpenAI-compatible endpoint for a short summary of each saved analysis, after the save
 * and apart from it: the analysis never waits for the model, spends no credit on it, and a slow,
 * failing or absent endpoint leaves aiSummary null (logged and counted, never an error to the
 * client). Requests are limited per node (CALLSCOPE_AI_CONCURRENCY) and time out
 * (CALLSCOPE_AI_TIMEOUT_MS); a node that stops abandons its queue, whose sessions keep null.
 */
export class AiSummarizer {
  readonly #queue: AiSummaryJob[] = [];
  readonly #running = new Set<Promise<void>>();
  readonly #stop = new AbortController();

  constructor(
    private readonly config: Config['ai'],
    private readonly deps: Dependencies,
  ) {}

  get enabled(): boolean {
    return this.config.url !== undefined;
  }

  /** Queues a summary of a saved analysis; does nothing when no endpoint is configured. */
  request(job: AiSummaryJob): void {
    if (!this.enabled || this.#stop.signal.aborted) return;
    if (this.#queue.length >= AI_QUEUE) {
      this.deps.metrics.aiSummaries.inc({ outcome: 'dropped' });
      return;
    }
    this.#queue.push(job);
    this.#next();
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  /** Drops the queue and abandons the requests in flight. */
  async close(): Promise<void> {
    this.#queue.length = 0;
    this.#stop.abort();
    await this.idle();
  }

  #next(): void {
    while (this.#running.size < this.config.concurrency && this.#queue.length > 0) {
      const job = this.#queue.shift()!;
      const run = this.#summarize(job).finally(() => {
        this.#running.delete(run);
        this.#next();
      });
      this.#running.add(run);
    }
  }

  async #summarize(job: AiSummaryJob): Promise<void> {
    const { log, metrics } = this.deps;
    const at = { session: job.sessionId };
    try {
      const data = JSON.parse((await unzip(job.payload)).toString('utf8')) as AnalyzeResponseData;
      const text = cleanSummary(await this.#complete(summaryPrompt(data)));
      if (!text) throw new Error('the endpoint answered with no text');
      const stored = await this.deps.setAiSummary(job.accountId, job.sessionId, job.processorVersion, text);
      metrics.aiSummaries.inc({ outcome: stored ? 'ok' : 'stale' });
    } catch (error) {
      const timeout = (error as Error).name === 'TimeoutError';
      if (this.#stop.signal.aborted && !timeout) return;
      metrics.aiSummaries.inc({ outcome: timeout ? 'timeout' : 'failed' });
      log.warn({ ...at, reason: (error as Error).message }, 'AI summary not written');
    }
  }

  /** One chat completion: the first choice's text. */
  async #complete(prompt: string): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.config.key) headers.authorization = `Bearer ${this.config.key}`;
    const res = await fetch(`${this.config.url}/chat/completions`, {
      method: 'POST',
      headers,
      redirect: 'error',
      signal: AbortSignal.any([AbortSignal.timeout(this.config.timeoutMs), this.#stop.signal]),
      body: JSON.stringify({
        model: this.config.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
        temperature: 0.2,
        max_tokens: 300,
        stream: false,
      }),
    });
    const body = await readCapped(res);
    if (!res.ok) throw new Error(`the endpoint answered ${res.status}: ${body.slice(0, 200)}`);
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      throw new Error('the endpoint answered with something other than JSON');
    }
    const content = (answer as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string') throw new Error('the answer has no choices[0].message.content');
    return content;
  }
}

/** The body as text, refusing one larger than MAX_ANSWER_BYTES. */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await res.body.cancel().catch(() => {});
      throw new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
