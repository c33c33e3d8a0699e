/**
 * An analysis worker for tests that need analyses held open: each task says it started on a
 * BroadcastChannel and waits there to be released before running the real worker. A test then
 * knows, without timing anything, that an analysis holds a worker, and when it ends.
 */
import { BroadcastChannel } from 'node:worker_threads';
import analyze from '../../src/worker/analysis-worker.js';
import type { AnalysisTask, Outcome } from '../../src/worker/task.js';
import { HOLD_CHANNEL } from './held-analyses.js';

export default async function held(task: AnalysisTask): Promise<Outcome> {
  const channel = new BroadcastChannel(HOLD_CHANNEL);
  const id = task.identity?.id;
  try {
    await new Promise<void>((resolve) => {
      channel.onmessage = (event) => {
        const data = (event as MessageEvent).data;
        if (data === `release ${id}` || data === 'release all') resolve();
      };
      channel.postMessage(`started ${id}`);
    });
  } finally {
    channel.close();
  }
  return analyze(task);
}
