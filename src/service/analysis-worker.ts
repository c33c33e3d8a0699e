/**
 * Worker-thread entry (piscina): analyzes one dump file and returns everything the service needs,
 * already serialized and compressed, so the event loop only moves bytes.
 */
import { gzipSync } from 'node:zlib';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { isDumpError } from '../ingest/index.js';

// The raw stats explorer's task, run by name (pool.runRawStats); its logic lives in its own files.
export { rawStats } from '../analysis/raw-stats/task.js';

import type { EnrichData } from '../model/api/resources.js';
import type { SessionAbstract, SessionInsight } from '../storage/records.js';
import { enrichData, payloadAbstract, payloadInsight } from './projections.js';

export interface AnalysisTask {
  /** The dump: a file, or the pieces of a body held in memory (transferred, not copied). */
  path?: string;
  chunks?: Uint8Array[];
  fileName?: string;
  maxDecompressedBytes: number;
  /** The payload will be stored: compress it here too (work an unsaved analysis should not pay for). */
  store: boolean;
  /** Stored-session fields of the payload (null for an analysis that is not saved). */
  identity: {
    id: string;
    created_at: string | null;
    uploaded_by: string | null;
    uploaded_by_email: string | null;
  };
  /**
   * The JSON text that goes before and after the payload in the reply (analyze): the worker then
   * writes the whole reply body, so the event loop has nothing left to do but send it.
   */
  reply?: { before: string; after: string };
}

/** Every result says how long its worker took (ms), for the worker-seconds metric. */
export type AnalysisResult = (
  | {
      ok: true;
      processorVersion: string;
      /**
       * The reply body, when the task gives `reply`: one flat string, which the event loop writes
       * as it is (a payload spliced in there would be copied once more to be flattened).
       */
      body: string | null;
      /** The payload gzip-compressed for storage (null unless `store`). */
      gzip: Uint8Array | null;
      abstract: SessionAbstract;
      insight: SessionInsight;
      enrich: EnrichData;
      title: string;
      callStart: number | null;
      callEnd: number | null;
    }
  | { ok: false; kind: string; message: string }
) & { workMs: number };

export default async function analyze(task: AnalysisTask): Promise<AnalysisResult> {
  const result = await run(task);
  // The stored payload is moved rather than copied. The reply body is not: a string lands on the
  // event loop's heap, where it dies young, while bytes would be external memory there, which
  // drives its full collections (moving 1.1 MB bodies as bytes tripled the event loop's GC time).
  if (!result.ok || !result.gzip) return result;
  const gzip = sole(result.gzip);
  result.gzip = gzip;
  return move({ [transferableSymbol]: [gzip.buffer], [valueSymbol]: result }) as unknown as AnalysisResult;
}

/**
 * The bytes in an ArrayBuffer of their own, which can be moved: small Buffers share one pool
 * buffer with others (moving it would detach them all).
 */
function sole(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

async function run(task: AnalysisTask): Promise<AnalysisResult> {
  const started = performance.now();
  const took = () => performance.now() - started;
  try {
    const options = {
      maxDecompressedBytes: task.maxDecompressedBytes,
      ...(task.fileName ? { fileName: task.fileName } : {}),
    };
    const { data, processorVersion } = await analyzeDump(
      task.chunks ? pieces(task.chunks) : task.path!,
      options,
    );
    Object.assign(data, task.identity);
    const json = JSON.stringify(data);
    return {
      ok: true,
      processorVersion,
      body: task.reply ? task.reply.before + json + task.reply.after : null,
      gzip: task.store ? gzipSync(json, { level: 6 }) : null,
      abstract: payloadAbstract(data),
      insight: payloadInsight(data),
      enrich: enrichData(data),
      title: data.title,
      callStart: data.callStart ? Date.parse(data.callStart) : null,
      callEnd: data.callEnd ? Date.parse(data.callEnd) : null,
      workMs: took(),
    };
  } catch (error) {
    if (isDumpError(error)) return { ok: false, kind: error.kind, message: error.message, workMs: took() };
    return { ok: false, kind: 'internal', message: (error as Error).message, workMs: took() };
  }
}

async function* pieces(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}
