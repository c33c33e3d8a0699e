/**
 * Worker-thread entry (piscina) of `callscope analyze`: analyzes one dump and returns its outcome.
 * Progress goes back on the task's port as bytes read; a dump read from standard input arrives on
 * a port of its own (see portReader).
 */
import type { MessagePort } from 'node:worker_threads';
import { analyzeOne, type Outcome } from './analyze-one.js';
import { portReader } from './port-stream.js';

export interface ThreadTask {
  label: string;
  /** The file to read, or a port carrying the dump's bytes (standard input). */
  path?: string;
  input?: MessagePort;
  fileName?: string;
  points: number;
  progress: MessagePort;
}

export default async function analyzeTask(task: ThreadTask): Promise<Outcome> {
  const input = task.input ? portReader(task.input) : task.path;
  if (input === undefined) throw new Error('an analysis task names no input');
  try {
    return await analyzeOne(
      { label: task.label, input, ...(task.fileName ? { fileName: task.fileName } : {}) },
      task.points,
      (bytes) => task.progress.postMessage(bytes),
    );
  } finally {
    task.progress.close();
    task.input?.close();
  }
}
