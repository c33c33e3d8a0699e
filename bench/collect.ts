/**
 * `npm run bench:collect`: many collecting clients on one node over loopback. Each client replays
 * a real dump of one of the three protocols (rtcstats-js v3, the rtcstats 2.0 client, jitsi) from
 * test/fixtures: the records before each getStats at once, then one getStats a second, as the
 * clients do while a call is up. Bounded in count and time:
 *
 *   CALLSCOPE_BENCH_CLIENTS (1000)   concurrent clients
 *   CALLSCOPE_BENCH_SECONDS (60)     how long they all send, after the ramp
 *
 * The node runs in its own process; it reports its RSS and its event-loop delay (p99 and max,
 * measured after the ramp). Its account has no credits, so every call ends kept unanalyzed: the
 * figures are collection's alone.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { WebSocket } from 'ws';
import type { Protocol } from '../src/collect/protocols.js';
import { clientMessages, SUBPROTOCOL } from '../test/support/collect-clients.js';
import { fixture } from '../test/support/fixtures.js';
import { reencodeAsV3 } from '../test/support/rtcstats-v3-encoder.js';

const CLIENTS = Number(process.env.CALLSCOPE_BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.CALLSCOPE_BENCH_SECONDS ?? 60);
const RAMP_PER_SECOND = 200;

interface Script {
  protocol: Protocol;
  /** Messages in order; `stats` marks the getStats ones, sent one a second. */
  messages: string[];
  stats: boolean[];
}

function script(protocol: Protocol, dump: string): Script {
  const messages = clientMessages(protocol, dump, '@ID@');
  const isStats = (m: string) =>
    protocol === 'rtcstats-v3' ? m.startsWith('["g",') : /getstats|getStats/.test(m.slice(0, 80));
  return { protocol, messages, stats: messages.map(isStats) };
}

const SCRIPTS: Script[] = [
  script(
    'rtcstats-v3',
    reencodeAsV3(
      gunzipSync(readFileSync(fixture('chromium156', 'clean', 'chromium_rtcstats_dump.gz'))).toString(),
    ),
  ),
  script('rtcstats-2', readFileSync(fixture('chromium156', 'clean', 'rtcstats_dump.caller.txt'), 'utf8')),
  script('jitsi', readFileSync(fixture('jitsi', 'google-standard-stats-p2p'), 'utf8')),
];

const server = fork(
  fileURLToPath(new URL('./collect-server.ts', import.meta.url)),
  [mkdtempSync(join(tmpdir(), 'callscope-bench-collect-'))],
  {
    // CALLSCOPE_BENCH_CPU_PROF=DIR: a CPU profile of the node, written there when it stops.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.CALLSCOPE_BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CALLSCOPE_BENCH_CPU_PROF}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);

type Stats = {
  rssMb: number;
  heapMb: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  connections: number;
  cpuPercent: number;
  /** Since the previous sample. */
  recentLoopP99Ms: number;
  recentCpuPercent: number;
  calls: Record<string, number>;
};

function ask<T>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      server.off('message', on);
      resolve(m as T);
    };
    server.on('message', on);
    if (type !== 'ready') server.send({ type });
  });
}

const { url, token } = await ask<{ url: string; token: string }>('ready');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sent = 0;
const closes = new Map<number, number>();
const sockets: WebSocket[] = [];
const timers: NodeJS.Timeout[] = [];

/** One client: its script from the start, records at once up to each getStats, which go one a second. */
function client(n: number): void {
  const s = SCRIPTS[n % SCRIPTS.length]!;
  const id = `bench-${n}`;
  const ws = new WebSocket(`${url}/v1.0/collect/${token}/room-${n}?statsSessionId=${id}`, [
    SUBPROTOCOL[s.protocol],
  ]);
  sockets.push(ws);
  let i = 0;
  const send = () => {
    if (ws.readyState !== WebSocket.OPEN) return;
    // The script runs out after its call: it starts again (the same call replayed).
    for (let guard = 0; guard < s.messages.length; guard++) {
      if (i >= s.messages.length) i = 0;
      const stats = s.stats[i];
      ws.send(s.protocol === 'jitsi' ? s.messages[i]!.replace('@ID@', id) : s.messages[i]!);
      sent++;
      i++;
      if (stats) break;
    }
  };
  ws.on('message', (data) => {
    // jitsi clients wait for the server's first acknowledgement.
    if (s.protocol === 'jitsi' && String(data).includes('"initial"')) timers.push(setInterval(send, 1000));
  });
  ws.on('open', () => {
    if (s.protocol !== 'jitsi') timers.push(setInterval(send, 1000));
  });
  ws.on('close', (code) => closes.set(code, (closes.get(code) ?? 0) + 1));
  ws.on('error', () => {});
}

// The load generator's own CPU, and the machine's: on a shared machine they say why a node fell behind.
const generatorCpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const started = Date.now();
const loadAtStart = loadavg()[0]!;
for (let n = 0; n < CLIENTS; n++) {
  client(n);
  if (n % RAMP_PER_SECOND === RAMP_PER_SECOND - 1) await sleep(1000);
}
await sleep(5000);
await ask('reset');
const samples: (Stats & { at: number })[] = [];
const sentAtStart = sent;
const runStart = Date.now();
const generatorFrom = generatorCpu();
while (Date.now() - runStart < SECONDS * 1000) {
  await sleep(Math.min(10_000, SECONDS * 250));
  samples.push({ ...(await ask<Stats>('stats')), at: Math.round((Date.now() - runStart) / 1000) });
}
const sentPerSecond = Math.round((sent - sentAtStart) / ((Date.now() - runStart) / 1000));
const generatorPercent = Math.round(
  ((generatorCpu() - generatorFrom) / 1000 / (Date.now() - runStart)) * 100,
);
const loadAtEnd = loadavg()[0]!;
const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
for (const t of timers) clearInterval(t);
for (const ws of sockets) ws.close(1000);
const endDeadline = Date.now() + 120_000;
let last = await ask<Stats>('stats');
while (
  (last.connections > 0 || (last.calls.open ?? 0) + (last.calls.ending ?? 0) > 0) &&
  Date.now() < endDeadline
) {
  await sleep(1000);
  last = await ask<Stats>('stats');
}
const final = samples[samples.length - 1]!;
console.log(
  `bench:collect  ${CLIENTS} clients (${SCRIPTS.map((s) => s.protocol).join(', ')} in turn), ${SECONDS} s after a ${Math.round((runStart - started) / 1000)} s ramp, load average ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end (${cpus().length} cores)`,
);
console.log(
  `  clients open at the end of the run: ${open}; messages sent: ${sentPerSecond}/s; the load generator used ${generatorPercent} % of a core`,
);
console.log(
  '  t(s)  connections  rss(MB)  heap(MB)  loop p50/p99/max since the ramp (ms)  loop p99 this interval (ms)  node CPU % of a core (since the ramp / this interval)',
);
for (const s of samples)
  console.log(
    `  ${String(s.at).padStart(4)}  ${String(s.connections).padStart(11)}  ${String(s.rssMb).padStart(7)}  ${String(s.heapMb).padStart(8)}  ${`${s.loopP50Ms}/${s.loopP99Ms}/${s.loopMaxMs}`.padStart(37)}  ${String(s.recentLoopP99Ms).padStart(27)}  ${s.cpuPercent} / ${s.recentCpuPercent}`,
  );
console.log(
  `  rss first/last sample: ${samples[0]!.rssMb} -> ${final.rssMb} MB; event-loop p99 ${final.loopP99Ms} ms, max ${final.loopMaxMs} ms`,
);
console.log(
  `  calls after the clients closed: ${JSON.stringify(last.calls)}; close codes seen by clients: ${JSON.stringify(Object.fromEntries(closes))}`,
);
const exited = new Promise((r) => server.once('exit', r));
server.send({ type: 'stop' });
await Promise.race([exited, sleep(60_000)]);
process.exit(0);
