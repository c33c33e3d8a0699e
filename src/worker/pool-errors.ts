/**
 * How an analysis on the pool can fail other than by the dump (analysis-pool.ts). Apart from the
 * pool, so that a caller can tell them without loading piscina (`callscope analyze`, see
 * analysis-thread.ts).
 */

/** Every worker is busy and the queue is full: callers answer 503 with Retry-After. */
export class PoolSaturatedError extends Error {
  constructor() {
    super('every analysis worker is busy and the queue is full');
  }
}

export class AnalysisTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`analysis took longer than ${timeoutMs} ms`);
  }
}

/**
 * The client that asked for the analysis went away before it finished, and nothing was to be kept
 * (analyze without save, enrich): the task was taken from the queue or its worker stopped.
 */
export class AnalysisCancelledError extends Error {
  constructor() {
    super('the analysis was cancelled: its client went away');
  }
}

/** A worker ran out of heap: the analysis needed more memory than one may have. */
export class AnalysisMemoryError extends Error {
  constructor(readonly heapMb: number | undefined) {
    super(
      `analysis ran out of memory (${heapMb === undefined ? "V8's default heap limit" : `${heapMb} MiB heap`})`,
    );
  }
}
