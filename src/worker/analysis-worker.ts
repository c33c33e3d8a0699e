/**
 * The worker-thread entry (piscina) of every analysis, the service's and `callscope analyze`'s:
 * one task, one outcome (task.ts). Progress goes back on the task's port as bytes read.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { runTask } from './run-task.js';
import type { AnalysisTask, Outcome } from './task.js';

// The raw stats explorer's read of a stored dump, run by name (pool.runRawStats); its logic lives in its own files.
export { rawStats } from '../analysis/raw-stats/task.js';

export default async function analyze(task: AnalysisTask): Promise<Outcome> {
  const progress = task.progress;
  try {
    const outcome = await runTask(task, progress ? (bytes) => progress.postMessage(bytes) : undefined);
    // The stored payload is moved rather than copied. Its JSON is not: a string lands on the
    // event loop's heap, where it dies young, while bytes would be external memory there, which
    // drives its full collections (moving 1.1 MB bodies as bytes tripled the event loop's GC time).
    if (!outcome.ok || outcome.parts.form !== 'json' || !outcome.parts.gzip) return outcome;
    const gzip = sole(outcome.parts.gzip);
    outcome.parts.gzip = gzip;
    return move({ [transferableSymbol]: [gzip.buffer], [valueSymbol]: outcome }) as unknown as Outcome;
  } finally {
    progress?.close();
    task.port?.close();
  }
}

/**
 * The bytes in an ArrayBuffer of their own, which can be moved: small Buffers share one pool
 * buffer with others (moving it would detach them all).
 */
function sole(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}
