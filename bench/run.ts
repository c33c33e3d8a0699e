import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ensureDump, ensureJitsiDump, ROOT, SOURCES } from './build-dump.js';
import { analyzeDump, isDumpError } from './built.js';
import { CLI_TARGET_S, cliColdStart } from './cli-cold.js';
import { child, mb, type Row, rate, sizeOf, timeRow } from './rows.js';
import { peerJitsiDumps, smallInternalsDumps } from './sets.js';
import { addedShare, type StageTimes } from './stages.js';
import { printSummary } from './summary.js';

/**
 * `npm run bench [-- --quick]`: the speed and memory targets, each row a ratio to the decode floor
 * measured in the same run (medians of interleaved runs in one process) and the peak RSS of a fresh
 * process: the jitsi rtcstats-server's test dumps as one pass, real internals dumps of 0.3-3 MB,
 * generated jitsi dumps of 100 MB and 1 GiB, generated internals dumps of 200 MB in two shapes and of
 * 1 GiB, the largest fixture on its own, and `callscope analyze` started cold.
 * `--quick` (or BENCH_QUICK=1) skips the two 1 GiB dumps. Exits 1 when a target is missed.
 * MB are 10^6 bytes throughout.
 */

/** Detectors and scoring may add at most this share to analyzeDump's time. */
const ADDED_TARGET = 0.2;
const RSS_LIMIT_1GIB = 700e6;
/** V8's longest string (2^29 - 24 chars): the 1 GiB dump must be too big to be read as one. */
const V8_MAX_STRING = 536_870_888;
const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const log = (message: string): void => console.log(message);

const fixture = await largestFixture();
const peer = peerJitsiDumps();
const small = smallInternalsDumps();
const jitsi100 = ensureJitsiDump(100e6);
const jitsi1g = quick ? undefined : ensureJitsiDump(2 ** 30);
// Two shapes of 200 MB: the recorded calls' connections cloned with their short series (many
// connections), and the same with every series extended to Chrome's 1000-sample cap (fewer, long).
const short200 = await ensureDump('200mb-short', 200e6, 0);
const long200 = await ensureDump('200mb', 200e6);
const internals1g = quick ? undefined : await ensureDump('1gib', 2 ** 30);
if (internals1g && statSync(internals1g).size <= V8_MAX_STRING)
  throw new Error(`${internals1g} fits in one string: it would not test streaming`);

const row = (name: string, files: string[], targets: Partial<Row> = {}): Row => ({
  name,
  files,
  bytes: sizeOf(files),
  ...targets,
});
const fixtureName = relative(join(ROOT, 'test/fixtures'), fixture);
const rows: Row[] = [
  row(`jitsi test dumps (${peer.length}, one pass)`, peer, { speedTarget: 2.3 }),
  row(`internals 0.3-3 MB (${small.length}, one pass)`, small, { speedTarget: 2.0 }),
  row(`largest fixture: ${fixtureName}`, [fixture]),
  row('jitsi ~100 MB', [jitsi100], { speedTarget: 2.3, rssLimit: statSync(jitsi100).size }),
  row('internals ~200 MB, short series', [short200], { speedTarget: 1.3, rssLimit: statSync(short200).size }),
  row('internals ~200 MB, 1000-sample series', [long200], {
    speedTarget: 1.3,
    rssLimit: statSync(long200).size,
  }),
];
if (jitsi1g) rows.push(row('jitsi ~1 GiB', [jitsi1g], { rssLimit: RSS_LIMIT_1GIB }));
if (internals1g) rows.push(row('internals ~1 GiB', [internals1g], { rssLimit: RSS_LIMIT_1GIB }));

// Speed, in this process: warm the JIT on the real dumps, then alternate floor and analyze runs.
// Small rows take 41 rounds: the ratio of identical code moves by several per cent between benches
// on a shared 2-core machine with fewer. The 1 GiB rows are timed by one run in a fresh process.
for (const source of SOURCES) for (let i = 0; i < 10; i++) await analyzeDump(source);
for (const r of rows) {
  if (r.bytes > V8_MAX_STRING) continue;
  await timeRow(r, r.bytes > 16e6 ? 5 : 41);
  const ratio = r.analyzeMs! / r.floorMs!;
  const target = r.speedTarget === undefined ? '' : ` (target <= ${r.speedTarget}x)`;
  log(
    `${r.name}: floor ${rate(r.bytes, r.floorMs!).toFixed(1)} MB/s, analyze ${rate(r.bytes, r.analyzeMs!).toFixed(1)} MB/s, ratio ${ratio.toFixed(2)}${target}`,
  );
}

// Stages: what detectors and scoring add to reading and building the payload, each dump in a fresh
// process (stages-child.ts): in this one, after the big rows, the share moved by half its value.
let stagesFailed = false;
for (const [path, runs] of [
  [fixture, 21],
  [long200, 3],
] as const) {
  const t = stagesInChild(path, runs);
  const share = addedShare(t);
  if (share > ADDED_TARGET) stagesFailed = true;
  log(
    `${basename(path)}: read ${t.readMs.toFixed(1)} ms (ingest ${t.ingestMs.toFixed(1)}, views ${t.viewsMs.toFixed(1)}), detectors ${t.detectMs.toFixed(1)} ms, ` +
      `scoring ${t.scoreMs.toFixed(1)} ms, payload ${t.payloadMs.toFixed(1)} ms: detectors + scoring add ` +
      `${(100 * share).toFixed(1)} % (<= ${100 * ADDED_TARGET} %: ${share <= ADDED_TARGET ? 'PASS' : 'FAIL'})`,
  );
}

// Memory, one fresh process per measurement, for the rows of one big dump.
log(
  `baseline process (node + callscope's build loaded): ${mb(child('baseline', '').maxRssKiB * 1024)} MB RSS`,
);
for (const r of rows) {
  if (r.files.length !== 1 || r.bytes < 16e6) continue;
  const path = r.files[0]!;
  // A 1 GiB internals dump has no floor: its text is beyond what JSON.parse can take. A 1 GiB jitsi
  // dump has one (line by line), timed in a fresh process like its analysis.
  const jitsi = path.endsWith('.ndjson');
  if (r.bytes <= V8_MAX_STRING || jitsi) {
    const floor = child('floor', path);
    r.floorRssKiB = floor.maxRssKiB;
    if (r.bytes > V8_MAX_STRING) r.floorMs = floor.ms;
  }
  const analyzed = child('analyze', path);
  r.analyzeRssKiB = analyzed.maxRssKiB;
  if (r.bytes > V8_MAX_STRING) r.analyzeMs = analyzed.ms;
  log(`${r.name}: peak RSS ${mb(r.analyzeRssKiB * 1024)} MB`);
}
// The 1 GiB internals dump must keep to 0.8x the MB/s of the 200 MB one's floor.
const long = rows.find((r) => r.files[0] === long200)!;
const big = rows.find((r) => r.files[0] === internals1g);
if (big && long.floorMs)
  big.minRate = { mbPerS: 0.8 * rate(long.bytes, long.floorMs), what: '0.8x the 200 MB floor' };

const failed = printSummary(rows);
log(
  quick
    ? '(--quick: the two 1 GiB dumps were skipped)'
    : '(1 GiB rows: one run each in a fresh process; internals ~1 GiB: MB/s target = 0.8x the floor MB/s of internals ~200 MB, 1000-sample series)',
);
log(
  "(jitsi ~100 MB / ~1 GiB: the largest jitsi fixture's polls repeated, ten minutes apart, with rising counters)",
);
// The CLI, cold, on one small dump: its own time and bare node's, which it cannot go below.
const cold = cliColdStart();
log(
  cold
    ? `callscope analyze, cold, 0.3 MB dump: ${cold.cliS.toFixed(2)} s (node alone ${cold.nodeS.toFixed(2)} s, ${(cold.cliS / cold.nodeS).toFixed(1)}x); target <= ${CLI_TARGET_S} s: ${cold.cliS <= CLI_TARGET_S ? 'PASS' : 'over (machine load counts here: not part of the exit code)'}`
    : 'callscope analyze, cold: skipped, run npm run build first',
);
process.exitCode = failed || stagesFailed ? 1 : 0;

/** The fixture with the most text once decompressed, among those analyzeDump accepts. */
async function largestFixture(): Promise<string> {
  const files: { path: string; bytes: number }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push({ path, bytes: textBytes(path) });
    }
  };
  walk(join(ROOT, 'test/fixtures'));
  files.sort((a, b) => b.bytes - a.bytes);
  for (const file of files) {
    try {
      await analyzeDump(file.path);
      return file.path;
    } catch (error) {
      // Server-side samples, expected outputs and the like are refused: not a benchmark input.
      if (!isDumpError(error)) throw error;
    }
  }
  throw new Error('no fixture could be analyzed');
}

function textBytes(path: string): number {
  const head = readFileSync(path);
  return head[0] === 0x1f && head[1] === 0x8b ? gunzipSync(head).length : head.length;
}

/** stageTimes of `path` over `runs` runs, in a fresh process (stages-child.ts). */
function stagesInChild(path: string, runs: number): StageTimes {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/stages-child.ts'), path, String(runs)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as StageTimes;
}
