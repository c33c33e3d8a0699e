import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import type { AnalysisPool } from '../worker/analysis-pool.js';
import { AnalysisMemoryError } from '../worker/pool-errors.js';
import { sendToPort } from '../worker/port-stream.js';
import { isDirectory, runTask } from '../worker/run-task.js';
import type { AnalysisTask } from '../worker/task.js';
import { directoryHint, type FileReport, fileReport, type Source } from './analyze-one.js';

/**
 * `callscope analyze` analyzes in a worker thread, one dump at a time. A dump too big for the
 * heap then stops that thread, which V8 does cleanly, instead of the whole process (a fatal
 * out-of-memory abort, exit 134, with no word on which file or why). The file is reported as too
 * large, with the option that allows more, and the next file gets a fresh thread. The thread is
 * the service's worker entry, on a pool of one.
 */
export class AnalysisThread {
  readonly #heapMb: number | undefined;
  #pool: AnalysisPool | undefined;

  /** `heapMb`: the thread's heap limit in MiB; undefined: V8's own (sized from the host's memory). */
  constructor(heapMb: number | undefined) {
    this.#heapMb = heapMb;
  }

  /** The dump's report; never throws (a failure of the thread itself is an internal report). */
  async analyze(source: Source, points: number, onBytes: (n: number) => void): Promise<FileReport> {
    const started = performance.now();
    if (typeof source.input === 'string' && isDirectory(source.input)) {
      const error = `cannot open: ${directoryHint(source.input)}`;
      return { file: source.label, kind: 'unreadable', error, ms: performance.now() - started };
    }
    const task: AnalysisTask & { form: 'object' } = { form: 'object', seriesPoints: points };
    if (source.fileName) task.fileName = source.fileName;
    // A small uncompressed file is analyzed here: it cannot exhaust the heap, and starting a thread
    // that loads the analysis again cost more than the analysis (1.1 s against 0.65 s for a 0.3 MB
    // dump, cold, on a loaded 2-core machine).
    if (typeof source.input === 'string' && this.#heapMb === undefined && smallPlainFile(source.input))
      return fileReport(source, await runTask({ ...task, path: source.input }, onBytes));
    const progress = new MessageChannel();
    progress.port1.on('message', (n: number) => onBytes(n));
    task.progress = progress.port2;
    const transfer: TransferListItem[] = [progress.port2];
    let sending: Promise<void> | undefined;
    if (typeof source.input === 'string') task.path = source.input;
    else if (isByteStream(source.input)) {
      const input = new MessageChannel();
      task.port = input.port2;
      transfer.push(input.port2);
      sending = sendToPort(source.input, input.port1).finally(() => input.port1.close());
    } else throw new Error('analyze reads files and streams');
    try {
      return fileReport(source, await (await this.#threads()).run(task, transfer));
    } catch (error) {
      const ms = performance.now() - started;
      if (error instanceof AnalysisMemoryError)
        return { file: source.label, kind: 'unreadable', error: this.#tooLarge(), ms };
      // The thread failed, not the dump (a missing worker file, a crash): ours to report.
      const why = (error as Error).stack ?? String(error);
      return { file: source.label, kind: 'internal', error: `internal error: ${why}`, ms };
    } finally {
      progress.port1.close();
      await sending;
    }
  }

  async close(): Promise<void> {
    await this.#pool?.close();
    this.#pool = undefined;
  }

  #tooLarge(): string {
    const limit =
      this.#heapMb === undefined ? "the engine's default heap limit" : `the ${this.#heapMb} MiB heap limit`;
    return (
      `too large to analyze within ${limit}. Allow more with --heap-mb ` +
      '(an rtcstats or jitsi dump needs more the more distinct stats objects it holds; a webrtc-internals dump, little)'
    );
  }

  /**
   * One thread, started on first use; piscina replaces it when the heap limit stopped it. The pool's
   * module is loaded then too: piscina took 60-110 ms to load on a loaded machine, which a small
   * dump analyzed in this thread does not need.
   */
  async #threads(): Promise<AnalysisPool> {
    const { AnalysisPool } = await import('../worker/analysis-pool.js');
    this.#pool ??= new AnalysisPool({
      workers: 1,
      // One dump at a time: the queue never holds one.
      queueSize: 1,
      minThreads: 0,
      idleTimeoutMs: 1_000,
      niceIncrement: 0,
      heapMb: this.#heapMb,
    });
    return this.#pool;
  }
}

const isByteStream = (input: unknown): input is AsyncIterable<Uint8Array> =>
  typeof (input as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function';

/** Analyzed in the calling thread up to this size (uncompressed files only: a gzip file can expand a thousandfold). */
export const IN_PROCESS_MAX_BYTES = 8 * 1024 * 1024;

/** A regular file of at most IN_PROCESS_MAX_BYTES that does not start as gzip does. */
function smallPlainFile(path: string): boolean {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > IN_PROCESS_MAX_BYTES) return false;
    const head = Buffer.alloc(2);
    const fd = openSync(path, 'r');
    try {
      readSync(fd, head, 0, 2, 0);
    } finally {
      closeSync(fd);
    }
    return !(head[0] === 0x1f && head[1] === 0x8b);
  } catch {
    // Unreadable here: the thread reports why, as for any file.
    return false;
  }
}
