import type { DumpInput } from '../ingest/input.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { PROCESSOR_VERSION } from '../version.js';
import { isDirectory } from '../worker/run-task.js';
import type { Outcome, PartsOf } from '../worker/task.js';
import { invocation } from './invocation.js';

/** What `callscope analyze` made of one input: its payload, or why there is none. */
export interface FileReport {
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

/** The report of one input from its analysis's outcome (in a thread or in this one). */
export function fileReport(source: Source, outcome: Outcome<PartsOf<'object'>>): FileReport {
  const file = source.label;
  const ms = outcome.workMs;
  if (outcome.ok) return { file, data: outcome.parts.data, kind: 'ok', ms };
  const { kind, message, stack } = outcome.problem;
  if (kind === 'internal')
    return { file, kind: 'internal', error: `internal error: ${stack ?? message}`, ms };
  if (kind !== 'unopenable') return { file, kind: 'unreadable', error: message, ms };
  // Said here, not in the thread: there the script is piscina's worker file (see directoryHint).
  const input = source.input;
  const why = typeof input === 'string' && isDirectory(input) ? directoryHint(input) : message;
  return { file, kind: 'unreadable', error: `cannot open: ${why}`, ms };
}

/**
 * What to do with a directory, as a command to copy. Built on the main thread (see
 * AnalysisThread.analyze and fileReport): in the analysis thread the script is piscina's worker file, and the
 * command would name that instead of this CLI.
 */
export function directoryHint(file: string, command = invocation()): string {
  return `it is a directory; give the dumps in it instead (${command} analyze ${file.replace(/\/$/, '')}/*)`;
}

/** `{data, processorVersion}`: what --json and --out write for a dump. */
export function result(data: AnalyzeResponseData) {
  return { data, processorVersion: PROCESSOR_VERSION };
}
