/**
 * `npm run bench:api`: the service under load on this machine.
 * 1. Analyze throughput through HTTP (worker pool, one thread per core) against the CLI analyzing
 *    the same dumps one after the other in one process (one core). Target: >= 1.6x.
 * 2. /healthz p99 latency while analyze is saturated. Target: < 50 ms.
 * 3. GET /v1.0/sessions with 100 000 stored sessions (SQLite) and three filters. Target: p95 < 20 ms.
 * Runs the compiled service (`npm run build` first, which the npm script does). MB = 10^6 bytes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../src/storage/index.js';
import { ensureDump, ROOT } from './build-dump.js';
import { fillSessions } from './sessions-fill.js';

const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 8);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const results: [string, string, string, boolean][] = [];

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

const dump = await ensureDump('20mb', 20e6);
const bytes = statSync(dump).size;
console.log(
  `dump ${dump} (${(bytes / 1e6).toFixed(1)} MB), ${ANALYSES} analyses, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
);

// 1a. CLI, one process, sequential: callscope analyze FILE FILE ... (one warm-up run first).
execFileSync(process.execPath, [MAIN, 'analyze', dump], { stdio: 'ignore' });
let t = performance.now();
execFileSync(process.execPath, [MAIN, 'analyze', ...Array(ANALYSES).fill(dump)], { stdio: 'ignore' });
const cliSeconds = (performance.now() - t) / 1000;
const cliRate = (ANALYSES * bytes) / 1e6 / cliSeconds;
console.log(`CLI: ${ANALYSES} analyses in ${cliSeconds.toFixed(2)} s = ${cliRate.toFixed(1)} MB/s`);

// The service, on a fresh data directory with 100 000 sessions for the list benchmark.
const dataDir = mkdtempSync(join(tmpdir(), 'callscope-bench-api-'));
const env = {
  ...process.env,
  CALLSCOPE_DATA_DIR: dataDir,
  CALLSCOPE_RATE_INGEST: '100000',
  CALLSCOPE_RATE_READS: '100000',
  CALLSCOPE_LOG_LEVEL: 'warn',
  CALLSCOPE_QUEUE_SIZE: '64',
};
const created = JSON.parse(
  execFileSync(
    process.execPath,
    [MAIN, 'accounts', 'create', '--name', 'bench', '--plan', 'enterprise', '--credits', '100000', '--json'],
    { env, encoding: 'utf8' },
  ),
) as { token: string; account: { id: string } };
const listAccount = JSON.parse(
  execFileSync(
    process.execPath,
    [MAIN, 'accounts', 'create', '--name', 'list', '--plan', 'developer', '--credits', '1', '--json'],
    { env, encoding: 'utf8' },
  ),
) as { token: string; account: { id: string } };
t = performance.now();
const storage = await openStorage({ dataDir });
await fillSessions(storage.database.db, listAccount.account.id, SESSIONS);
await storage.close();
console.log(`stored ${SESSIONS} sessions in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const server = spawn(process.execPath, [MAIN, 'serve', '--port', '0'], {
  env,
  stdio: ['ignore', 'ignore', 'pipe'],
});
const url = await new Promise<string>((resolve, reject) => {
  let err = '';
  server.stderr.on('data', (d) => {
    err += d;
    const m = /listening on (http:\/\/\S+)/.exec(err);
    if (m) resolve(m[1]!);
  });
  server.on('close', (code) => reject(new Error(`server exited ${code}: ${err}`)));
});
const auth = { authorization: `Bearer ${created.token}` };
try {
  const body = readFileSync(dump);
  const analyze = () =>
    fetch(`${url}/v1.0/analyze`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body,
    }).then(async (r) => {
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`analyze ${r.status}`);
    });
  await analyze(); // warm the workers
  // 1b + 2. HTTP analyses, 2 per worker in flight, while /healthz is polled.
  const health: number[] = [];
  let saturated = true;
  const poll = (async () => {
    while (saturated) {
      const s = performance.now();
      await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
      health.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  t = performance.now();
  const queue = Array.from({ length: ANALYSES }, (_, i) => i);
  const concurrency = 2 * cpus().length;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (queue.pop() !== undefined) await analyze();
    }),
  );
  const httpSeconds = (performance.now() - t) / 1000;
  saturated = false;
  await poll;
  const httpRate = (ANALYSES * bytes) / 1e6 / httpSeconds;
  const ratio = httpRate / cliRate;
  console.log(
    `HTTP: ${ANALYSES} analyses in ${httpSeconds.toFixed(2)} s = ${httpRate.toFixed(1)} MB/s (${concurrency} in flight)`,
  );
  results.push([
    'analyze throughput, HTTP vs CLI',
    `${ratio.toFixed(2)}x (${httpRate.toFixed(1)} vs ${cliRate.toFixed(1)} MB/s)`,
    '>= 1.6x',
    ratio >= 1.6,
  ]);
  const p99 = pct(health, 0.99);
  results.push([
    '/healthz p99 under analyze load',
    `${p99.toFixed(1)} ms (${health.length} probes, max ${Math.max(...health).toFixed(1)})`,
    '< 50 ms',
    p99 < 50,
  ]);

  // 3. Sessions list, three filters, sequential requests.
  const listAuth = { authorization: `Bearer ${listAccount.token}` };
  const query = '/v1.0/sessions?browser=Chrome&hasHigh=true&observationTags=network';
  const first = (await (await fetch(`${url}${query}`, { headers: listAuth })).json()) as {
    totalCount: number;
    total: number;
  };
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const s = performance.now();
    const r = await fetch(`${url}${query}&page=${1 + (i % 5)}`, { headers: listAuth });
    await r.arrayBuffer();
    times.push(performance.now() - s);
  }
  const p95 = pct(times, 0.95);
  results.push([
    `sessions list, ${SESSIONS} stored, 3 filters (${first.totalCount} match, ${first.total}/page)`,
    `p95 ${p95.toFixed(1)} ms, p50 ${pct(times, 0.5).toFixed(1)} ms`,
    '< 20 ms',
    p95 < 20,
  ]);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('close', r));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('');
for (const [name, value, target, ok] of results)
  console.log(`${name.padEnd(70)} ${value.padEnd(48)} ${target.padEnd(9)} ${ok ? 'PASS' : 'FAIL'}`);
process.exitCode = results.every((r) => r[3]) ? 0 : 1;
