import { statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { isDumpError } from '../ingest/errors.js';
import type { DumpInput } from '../ingest/input.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { enrichData, payloadAbstract, payloadInsight } from '../service/projections.js';
import { portReader } from './port-stream.js';
import type { AnalysisProblem, AnalysisTask, Outcome, PartsOf } from './task.js';

/**
 * Analyzes the task's dump in this thread: the worker entry's work, which `callscope analyze` also
 * does in its own thread for a small file. Never throws: every failure is an outcome.
 */
export async function runTask<F extends AnalysisTask['form']>(
  task: AnalysisTask & { form: F },
  onBytes?: (bytes: number) => void,
): Promise<Outcome<PartsOf<F>>> {
  const started = performance.now();
  const took = () => performance.now() - started;
  try {
    const { data, processorVersion } = await analyzeDump(inputOf(task), {
      ...(task.maxDecompressedBytes !== undefined ? { maxDecompressedBytes: task.maxDecompressedBytes } : {}),
      ...(task.seriesPoints !== undefined ? { seriesPoints: task.seriesPoints } : {}),
      ...(onBytes ? { onProgress: onBytes } : {}),
      ...(task.fileName ? { fileName: task.fileName } : {}),
    });
    if (task.identity) Object.assign(data, task.identity);
    const parts =
      task.form === 'object'
        ? ({ form: 'object', processorVersion, data } as const)
        : jsonParts(task, data, processorVersion);
    return { ok: true, parts: parts as PartsOf<F>, workMs: took() };
  } catch (error) {
    return { ok: false, problem: problemOf(error, task.path), workMs: took() };
  }
}

function jsonParts(task: AnalysisTask, data: AnalyzeResponseData, processorVersion: string): PartsOf<'json'> {
  const json = JSON.stringify(data);
  return {
    form: 'json',
    processorVersion,
    json,
    gzip: task.store ? gzipSync(json, { level: 6 }) : null,
    facts: {
      title: data.title,
      callStart: data.callStart ? Date.parse(data.callStart) : null,
      callEnd: data.callEnd ? Date.parse(data.callEnd) : null,
      abstract: payloadAbstract(data),
      insight: payloadInsight(data),
      enrich: enrichData(data),
    },
  };
}

function inputOf(task: AnalysisTask): DumpInput {
  if (task.chunks) return pieces(task.chunks);
  if (task.port) return portReader(task.port);
  if (task.path !== undefined) return task.path;
  throw new Error('an analysis task names no input');
}

async function* pieces(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}

function problemOf(error: unknown, path: string | undefined): AnalysisProblem {
  if (isDumpError(error)) return { kind: error.kind, message: error.message };
  const why = path === undefined ? undefined : openFailure(error, path);
  if (why) return { kind: 'unopenable', message: why };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message, stack: (error as Error)?.stack ?? String(error) };
}

/** Why a file could not be opened, in words, or undefined when the error is not about opening it. */
function openFailure(error: unknown, file: string): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR' || (code === undefined && /is not a file/.test(String((error as Error).message))))
    return isDirectory(file) ? 'it is a directory' : 'not a regular file';
  return undefined;
}

/** Whether a path names a directory (false when it names nothing). */
export function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
