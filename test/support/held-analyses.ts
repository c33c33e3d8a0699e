import { BroadcastChannel } from 'node:worker_threads';
import { workerFile } from '../../src/util/worker-file.js';

export const HOLD_CHANNEL = 'callscope-test-held-analyses';

/** The worker entry to give createContext (analysisWorker) so that analyses wait to be released. */
export const heldAnalysisWorker = () => workerFile(import.meta.url, 'held-analysis-worker');

/**
 * The test side of held-analysis-worker: which analyses have started (they hold a worker until
 * released), and their release. One per test file; close it at the end.
 */
export class HeldAnalyses {
  readonly #channel = new BroadcastChannel(HOLD_CHANNEL);
  readonly #started: string[] = [];
  #waiters: (() => void)[] = [];

  constructor() {
    this.#channel.onmessage = (event) => {
      const data = String((event as MessageEvent).data);
      if (!data.startsWith('started ')) return;
      this.#started.push(data.slice('started '.length));
      for (const wake of this.#waiters.splice(0)) wake();
    };
    this.#channel.unref();
  }

  /** Resolves with the id of the `n`th analysis to start (1 for the first), once it has. */
  async started(n: number): Promise<string> {
    while (this.#started.length < n) await new Promise<void>((wake) => this.#waiters.push(wake));
    return this.#started[n - 1]!;
  }

  get count(): number {
    return this.#started.length;
  }

  release(id: string): void {
    this.#channel.postMessage(`release ${id}`);
  }

  /** Releases every analysis waiting now (those that start later wait for their own release). */
  releaseAll(): void {
    this.#channel.postMessage('release all');
  }

  close(): void {
    this.#channel.close();
  }
}
