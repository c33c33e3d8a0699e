import { statSync } from 'node:fs';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { isDumpError } from '../ingest/errors.js';
import type { DumpInput } from '../ingest/input.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { PROCESSOR_VERSION } from '../version.js';
import { invocation } from './invocation.js';

/** What `callscope analyze` made of one input: its payload, or why there is none. */
export interface Outcome {
  file: string;
  data?: AnalyzeResponseData;
  error?: string;
  kind: 'ok' | 'unreadable' | 'internal';
  ms: number;
}

/** A dump to analyze: how analyze names it, what it reads, and the name the payload gets. */
export interface Source {
  label: string;
  input: DumpInput;
  fileName?: string;
}

export async function analyzeOne(
  source: Source,
  points: number,
  onBytes: (n: number) => void,
): Promise<Outcome> {
  const file = source.label;
  const started = performance.now();
  try {
    const { data } = await analyzeDump(source.input, {
      seriesPoints: points,
      onProgress: onBytes,
      ...(source.fileName ? { fileName: source.fileName } : {}),
    });
    return { file, data, kind: 'ok', ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    if (isDumpError(error)) return { file, kind: 'unreadable', error: error.message, ms };
    const why = openFailure(error, file);
    if (why) return { file, kind: 'unreadable', error: `cannot open: ${why}`, ms };
    return {
      file,
      kind: 'internal',
      error: `internal error: ${(error as Error).stack ?? String(error)}`,
      ms,
    };
  }
}

/** Why a file could not be opened, in words, or undefined when the error is not about opening it. */
function openFailure(error: unknown, file: string): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR' || (code === undefined && /is not a file/.test(String((error as Error).message)))) {
    return statSyncSafe(file)?.isDirectory() ? directoryHint(file) : 'not a regular file';
  }
  return undefined;
}

/**
 * What to do with a directory, as a command to copy. Built on the main thread (see
 * AnalysisThread.analyze): in the analysis thread the script is piscina's worker file, and the
 * command would name that instead of this CLI.
 */
export function directoryHint(file: string, command = invocation()): string {
  return `it is a directory; give the dumps in it instead (${command} analyze ${file.replace(/\/$/, '')}/*)`;
}

/** Whether a path names a directory (false when it names nothing). */
export const isDirectory = (file: string): boolean => statSyncSafe(file)?.isDirectory() === true;

const statSyncSafe = (file: string) => {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
};

/** `{data, processorVersion}`: what --json and --out write for a dump. */
export function result(data: AnalyzeResponseData) {
  return { data, processorVersion: PROCESSOR_VERSION };
}
