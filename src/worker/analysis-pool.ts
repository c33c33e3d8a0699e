import type { TransferListItem } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { RawStatsResult, RawStatsTask } from '../analysis/raw-stats/task.js';
import { workerFile } from '../util/worker-file.js';
import {
  AnalysisCancelledError,
  AnalysisMemoryError,
  AnalysisTimeoutError,
  PoolSaturatedError,
} from './pool-errors.js';
import type { AnalysisTask, Outcome, PartsOf } from './task.js';

/**
 * Compiled: analysis-worker.js beside this module (dist/worker, or dist/bin in the bundled command).
 * From sources (tests, tsx): the .ts file through tsx.
 */
export const analysisWorkerFile = () => workerFile(import.meta.url, 'analysis-worker');

export interface PoolOptions {
  workers: number;
  queueSize: number;
  /** Unset: no time limit (`callscope analyze`). */
  timeoutMs?: number;
  /** Heap limit of each worker (MiB); undefined: V8's default. */
  heapMb?: number | undefined;
  /** The worker entry; unset: analysis-worker. Tests give one that holds analyses open. */
  worker?: { filename: string; fromSource: boolean };
  /** Threads kept while idle (default: one, when there are workers at all). */
  minThreads?: number;
  /** How long an idle thread above minThreads stays (default 60 s). */
  idleTimeoutMs?: number;
  /** Added to the threads' nice value (default 10, see the constructor). */
  niceIncrement?: number;
}

/**
 * Analyses run in worker threads so the event loop stays responsive; a bounded queue gives
 * back-pressure instead of unbounded memory. The service and `callscope analyze` (one thread, whose
 * heap limit stops a dump too big for it rather than the whole process) both run analyses here.
 */
export class AnalysisPool {
  private readonly piscina: Piscina<AnalysisTask, Outcome>;
  private closing = false;
  private inFlight = 0;

  constructor(private readonly options: PoolOptions) {
    const { filename, fromSource } = options.worker ?? analysisWorkerFile();
    this.piscina = new Piscina({
      filename,
      minThreads: options.minThreads ?? Math.min(1, options.workers),
      maxThreads: options.workers,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      // Analyses are batch work: lower their threads' priority so the event loop (health checks,
      // lists, MCP) stays responsive when every core is busy analyzing (Linux/macOS).
      niceIncrement: options.niceIncrement ?? 10,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      // A worker past its heap is stopped by V8 (ERR_WORKER_OUT_OF_MEMORY) and piscina starts
      // another: one dump cannot take the host's memory, and the service goes on.
      ...(options.heapMb !== undefined ? { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } } : {}),
    });
  }

  /**
   * Runs `task` in a worker; `transfer` lists buffers and ports of the task moved to it rather than
   * copied. `cancel` aborts it (AnalysisCancelledError): a queued task leaves the queue, a running
   * one's worker is stopped (piscina replaces it), so a client that went away holds no worker.
   */
  async run<F extends AnalysisTask['form']>(
    task: AnalysisTask & { form: F },
    transfer: TransferListItem[] = [],
    cancel?: AbortSignal,
  ): Promise<Outcome<PartsOf<F>>> {
    // Counted here rather than left to piscina's maxQueue, which lets tasks through while threads start.
    if (this.closing || this.inFlight >= this.options.workers + this.options.queueSize)
      throw new PoolSaturatedError();
    if (this.piscina.queueSize >= this.options.queueSize && this.piscina.utilization >= 1)
      throw new PoolSaturatedError();
    if (cancel?.aborted) throw new AnalysisCancelledError();
    const timeout =
      this.options.timeoutMs === undefined ? undefined : AbortSignal.timeout(this.options.timeoutMs);
    const signals = [timeout, cancel].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    this.inFlight++;
    try {
      return (await this.piscina.run(task, {
        ...(signal ? { signal } : {}),
        ...(transfer.length > 0 ? { transferList: transfer } : {}),
      })) as Outcome<PartsOf<F>>;
    } catch (error) {
      const message = (error as Error).message ?? '';
      if (message.includes('queue is at limit')) throw new PoolSaturatedError();
      if ((error as Error).name === 'AbortError' || signal?.aborted) {
        if (cancel?.aborted && !timeout?.aborted) throw new AnalysisCancelledError();
        throw new AnalysisTimeoutError(this.options.timeoutMs ?? 0);
      }
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new AnalysisMemoryError(this.options.heapMb);
      throw error;
    } finally {
      this.inFlight--;
    }
  }

  /**
   * The raw stats explorer's read of a stored dump: the worker's `rawStats` export, under the
   * same bounds as an analysis (queue, timeout, heap).
   */
  async runRawStats(task: RawStatsTask): Promise<RawStatsResult> {
    if (this.closing || this.inFlight >= this.options.workers + this.options.queueSize)
      throw new PoolSaturatedError();
    const signal =
      this.options.timeoutMs === undefined ? undefined : AbortSignal.timeout(this.options.timeoutMs);
    this.inFlight++;
    try {
      return (await this.piscina.run(task as never, {
        name: 'rawStats',
        ...(signal ? { signal } : {}),
      })) as unknown as RawStatsResult;
    } catch (error) {
      if ((error as Error).message?.includes('queue is at limit')) throw new PoolSaturatedError();
      if ((error as Error).name === 'AbortError' || signal?.aborted)
        throw new AnalysisTimeoutError(this.options.timeoutMs ?? 0);
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new AnalysisMemoryError(this.options.heapMb);
      throw error;
    } finally {
      this.inFlight--;
    }
  }

  get stats(): { running: number; queued: number; threads: number } {
    return {
      running:
        this.piscina.threads.length > 0 ? Math.round(this.piscina.utilization * this.options.workers) : 0,
      queued: this.piscina.queueSize,
      threads: this.piscina.threads.length,
    };
  }

  /** Finishes queued and running analyses, then stops the threads. */
  async close(): Promise<void> {
    this.closing = true;
    await this.piscina.close();
  }
}
