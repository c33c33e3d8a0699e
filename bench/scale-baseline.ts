/**
 * What this machine itself loses when two analyses run at once, without any service around them:
 * one worker pool of 1 thread against one of 2 threads, same dump, in this process. The two vCPUs
 * of a VM are often hyperthreads of one core, so each analysis costs more CPU when both run; the
 * two-node comparison divides that out to show what the service itself adds (nodes on machines of
 * their own do not share a core).
 */
import { AnalysisPool } from '../src/worker/analysis-pool.js';

/** CPU seconds per GB analyzed with `workers` threads kept busy. */
async function cpuPerGb(file: string, bytes: number, workers: number, analyses: number): Promise<number> {
  const pool = new AnalysisPool({ workers, queueSize: analyses, timeoutMs: 600_000 });
  const task = {
    form: 'json' as const,
    path: file,
    maxDecompressedBytes: 2 ** 32,
    store: false,
    identity: { id: 'bench', created_at: null, uploaded_by: null, uploaded_by_email: null },
  };
  try {
    await Promise.all(Array.from({ length: workers }, () => pool.run(task)));
    const before = process.cpuUsage();
    await Promise.all(Array.from({ length: analyses }, () => pool.run(task)));
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1e6 / ((analyses * bytes) / 1e9);
  } finally {
    await pool.close();
  }
}

/** CPU per GB with two analyses at a time over CPU per GB with one (best of `rounds` each). */
export async function hardwareFactor(file: string, bytes: number, analyses: number, rounds = 2) {
  let one = Number.POSITIVE_INFINITY;
  let two = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    one = Math.min(one, await cpuPerGb(file, bytes, 1, analyses));
    two = Math.min(two, await cpuPerGb(file, bytes, 2, analyses));
  }
  return { one, two, factor: two / one };
}
