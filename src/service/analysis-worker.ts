/**
 * Worker-thread entry (piscina): analyzes one dump file and returns everything the service needs,
 * already serialized and compressed, so the event loop only moves bytes.
 */
import { gzipSync } from 'node:zlib';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { isDumpError } from '../ingest/index.js';
import type { EnrichData } from '../model/api/resources.js';
import type { SessionAbstract } from '../storage/records.js';
import { enrichData, payloadAbstract } from './projections.js';

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
}

export type AnalysisResult =
  | {
      ok: true;
      processorVersion: string;
      /** The payload as JSON text, and gzip-compressed for storage (null unless `store`). */
      json: string;
      gzip: Uint8Array | null;
      abstract: SessionAbstract;
      enrich: EnrichData;
      title: string;
      callStart: number | null;
      callEnd: number | null;
    }
  | { ok: false; kind: string; message: string };

export default async function analyze(task: AnalysisTask): Promise<AnalysisResult> {
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
      json,
      gzip: task.store ? gzipSync(json, { level: 6 }) : null,
      abstract: payloadAbstract(data),
      enrich: enrichData(data),
      title: data.title,
      callStart: data.callStart ? Date.parse(data.callStart) : null,
      callEnd: data.callEnd ? Date.parse(data.callEnd) : null,
    };
  } catch (error) {
    if (isDumpError(error)) return { ok: false, kind: error.kind, message: error.message };
    return { ok: false, kind: 'internal', message: (error as Error).message };
  }
}

async function* pieces(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}
