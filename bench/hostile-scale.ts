import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeDump, isDumpError } from '../src/index.js';
import { decodeFloor } from './floor.js';
import { HOSTILE_DUMPS } from './hostile-dumps.js';

/**
 * `npm run bench:hostile [-- NAME...]`: how analyzeDump's time grows with the size of a dump along one
 * dimension of its structure (streams, pairs, SDP lines, events…). Each dump is analyzed at a size
 * n and at 4n; work in proportion to the dump takes about 4 times as long, work that compares every
 * item with every other about 16 times. A growth above 8 is reported as super-linear and the run
 * exits 1. Such growth is how one crafted file holds an analysis worker for minutes: the quadratic
 * searches this found are fixed, and their cases are tests (view-scale, sdp-scale, regex-safety).
 *
 * Times are the process's CPU time (user and system, GC threads included), the best of three runs
 * after a warm-up: growth is a ratio of two times taken a few seconds apart in one process, and CPU
 * time leaves out the waits for a core that load on a shared machine adds to wall time. A dimension
 * whose analysis at n takes less than MIN_MS is doubled in size until it does not (a ratio of two
 * times of a few milliseconds is mostly noise), within WHOLE_PARSE_BYTES. A full collection comes
 * before each run (node --expose-gc), so that none pays for the garbage of the one before.
 *
 * The growth is judged against the decode floor's (bench/floor.ts: read and JSON.parse the dump)
 * at the same two sizes: the engine's own parser grows faster than 4x along some dimensions (7x
 * for JSON.parse of 160 000 against 640 000 top-level keys), and what callscope adds is the
 * growth beyond it. A dimension fails when the analysis grows more than LIMIT / 4 times as fast as
 * the larger of 4 and the floor's growth: above 8x where the floor is linear, as before.
 */

const BASE = Number(process.env.BENCH_HOSTILE_N ?? 5000);
const LIMIT = 8;
const MIN_MS = 200;
/**
 * JSON documents up to this size are parsed whole, larger ones streamed by a tokenizer several
 * times slower per byte (src/ingest/json/read-document.ts): a dimension is not doubled into a dump
 * past it at 4n, so that n and 4n are read the same way and the ratio compares like with like.
 */
const WHOLE_PARSE_BYTES = 16 * 1024 * 1024;
/** Largest size a dimension is doubled to (MIN_MS): BASE times this. */
const MAX_SCALE = 64;
/** Names to run (any that contains one of the arguments); none: every dump. */
const only = process.argv.slice(2);

/** CPU time of this process so far, in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A full collection (node --expose-gc), so that no run pays for the garbage of the one before. */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

const scratch = mkdtempSync(join(tmpdir(), 'callscope-hostile-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** Best CPU time of the decode floor on `text`, as bestOf measures the analysis. */
async function floorOf(text: Buffer, runs = 3): Promise<number> {
  const path = join(scratch, 'dump');
  writeFileSync(path, text);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    collect();
    const start = cpuMs();
    try {
      await decodeFloor(path);
    } catch {
      // Not JSON throughout (a hostile shape): the floor is what was read before the error.
    }
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

async function bestOf(text: Buffer, runs = 3): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    collect();
    const start = cpuMs();
    try {
      await analyzeDump(text);
    } catch (error) {
      if (!isDumpError(error)) throw error;
    }
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

const rows: string[][] = [];
let failed = false;
for (const [name, build] of Object.entries(HOSTILE_DUMPS)) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  let n = BASE;
  let small = Buffer.from(build(n));
  await bestOf(small, 1);
  let a = await bestOf(small);
  // Doubled once more, the dump at 4n would be about 8 times this one.
  while (a < MIN_MS && n < BASE * MAX_SCALE && small.length * 8 <= WHOLE_PARSE_BYTES) {
    n *= 2;
    small = Buffer.from(build(n));
    a = await bestOf(small);
  }
  const large = Buffer.from(build(4 * n));
  const b = await bestOf(large);
  const growth = b / a;
  const floorGrowth = (await floorOf(large)) / Math.max(await floorOf(small), 0.1);
  const excess = growth / Math.max(4, floorGrowth);
  const verdict = excess <= LIMIT / 4 ? 'linear' : 'SUPER-LINEAR';
  if (excess > LIMIT / 4) failed = true;
  rows.push([
    name,
    String(n),
    (large.length / 1e6).toFixed(1),
    a.toFixed(0),
    b.toFixed(0),
    `${growth.toFixed(1)}x`,
    `${floorGrowth.toFixed(1)}x`,
    verdict,
  ]);
  console.log(
    `${name}: n=${n} ${a.toFixed(0)} ms, n=${4 * n} ${b.toFixed(0)} ms, growth ${growth.toFixed(1)}x (floor ${floorGrowth.toFixed(1)}x)`,
  );
}

const head = [
  'dump grows in',
  'n',
  'MB at 4n',
  'CPU ms at n',
  'CPU ms at 4n',
  'growth',
  'floor growth',
  `<= ${LIMIT / 4} x max(4, floor)`,
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of rows) console.log(line(r));
process.exitCode = failed ? 1 : 0;
