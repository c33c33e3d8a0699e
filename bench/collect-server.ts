/**
 * The server side of `npm run bench:collect`: one callscope node (SQLite and blobs in a temporary
 * data directory) with an account and a collect token, reporting its memory and event-loop delay
 * to the parent process, which runs the clients.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from '../src/app/build-app.js';
import { parseConfig } from '../src/config/config.js';
import { closeContext, createContext } from '../src/service/create-context.js';

const dataDir = process.argv[2]!;
const config = parseConfig({
  CALLSCOPE_DATA_DIR: dataDir,
  CALLSCOPE_PORT: '0',
  CALLSCOPE_WORKERS: '1',
  CALLSCOPE_LOG_LEVEL: 'silent',
  CALLSCOPE_COLLECT_MAX_CONNECTIONS: '5000',
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('CALLSCOPE_COLLECT_'))),
});
const ctx = await createContext(config, { log: pino({ level: 'silent' }) });
const built = await buildApp(ctx);
await built.app.listen({ host: '127.0.0.1', port: 0 });
// No credits: each call ends kept unanalyzed, so the figures are collection's alone (analysis has
// its own benchmarks).
const account = await ctx.storage.accounts.create({
  name: 'bench',
  plan: 'enterprise',
  credits: 0,
  email: null,
});
const { token } = await ctx.tokens.issue(account.id, 'bench', 'collect');
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
/** The same, since the previous sample: a trend the figures since the ramp would smooth over. */
const recent = monitorEventLoopDelay({ resolution: 10 });
recent.enable();

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
// CPU time the node got since the last reset, against the time that passed: on a shared machine
// a node starved of CPU shows event-loop delays that are the machine's, not its own.
let cpuFrom = process.cpuUsage();
let wallFrom = performance.now();
let sampleCpuFrom = cpuFrom;
let sampleWallFrom = wallFrom;
const cpuPercent = (from: NodeJS.CpuUsage, wall: number) => {
  const used = process.cpuUsage(from);
  return Math.round(((used.user + used.system) / 1000 / (performance.now() - wall)) * 100);
};

process.on('message', async (message: { type: string }) => {
  if (message.type === 'reset') {
    delay.reset();
    recent.reset();
    cpuFrom = process.cpuUsage();
    wallFrom = performance.now();
    sampleCpuFrom = cpuFrom;
    sampleWallFrom = wallFrom;
    process.send!({ type: 'reset' });
  } else if (message.type === 'stats') {
    const calls = await ctx.storage.database.db
      .selectFrom('collect_calls')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
    process.send!({
      type: 'stats',
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
      loopP50Ms: ms(delay.percentile(50)),
      loopP99Ms: ms(delay.percentile(99)),
      loopMaxMs: ms(delay.max),
      connections: built.collector.connectionCount,
      cpuPercent: cpuPercent(cpuFrom, wallFrom),
      recentLoopP99Ms: ms(recent.percentile(99)),
      recentCpuPercent: cpuPercent(sampleCpuFrom, sampleWallFrom),
      calls: Object.fromEntries(calls.map((c) => [c.state, Number(c.n)])),
    });
    recent.reset();
    sampleCpuFrom = process.cpuUsage();
    sampleWallFrom = performance.now();
  } else if (message.type === 'stop') {
    await built.app.close();
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});

process.send!({
  type: 'ready',
  url: `ws://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`,
  token,
});
