/**
 * `npm run reliability`: the reliability tests of the suite (fuzzing, credits under concurrency,
 * crash consistency, authorization, hostile input, load) with longer runs than CI's, then their
 * figures as one table. Counts can be changed through the environment:
 *
 *   CALLSCOPE_FUZZ_RUNS (2000)   runs per fuzz property
 *   CALLSCOPE_CRASH_KILLS (100)  SIGKILLs per database
 *   CALLSCOPE_VANISH_REQUESTS (600) requests while files and rows are removed, per database
 *   CALLSCOPE_LOAD_SECONDS (60)  duration of the load run
 *   CALLSCOPE_CREDITS_N (20)     credits (and 10× as many concurrent requests)
 *   CALLSCOPE_TEST_DATABASE_URL  PostgreSQL for the PostgreSQL variants (skipped without it)
 *
 * The server processes of the crash test run from dist/ (the npm script builds first).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const FILES = [
  'src/ingest/fuzz.test.ts',
  'src/http/fuzz.test.ts',
  'src/http/credits.test.ts',
  'src/service/crash.test.ts',
  'src/service/vanishing-files.test.ts',
  'src/service/shutdown.test.ts',
  'src/service/idempotency-crash.test.ts',
  'src/http/idempotency.test.ts',
  'src/http/authorization-matrix.test.ts',
  'src/http/hostile-input.test.ts',
  'src/http/load.test.ts',
];

const DEFAULTS: Record<string, string> = {
  CALLSCOPE_FUZZ_RUNS: '2000',
  CALLSCOPE_CRASH_KILLS: '100',
  CALLSCOPE_VANISH_REQUESTS: '600',
  CALLSCOPE_LOAD_SECONDS: '60',
  CALLSCOPE_CREDITS_N: '20',
  CALLSCOPE_TEST_CLI: 'dist',
};

interface Figure {
  section: string;
  label: string;
  value: string | number;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'callscope-reliability-'));
  const report = join(dir, 'figures.jsonl');
  const env: NodeJS.ProcessEnv = { ...process.env, CALLSCOPE_RELIABILITY_REPORT: report };
  for (const [k, v] of Object.entries(DEFAULTS)) env[k] ??= v;
  const loadBefore = loadavg();
  const started = performance.now();
  console.log(
    `callscope reliability: ${FILES.length} test files, fuzz runs ${env.CALLSCOPE_FUZZ_RUNS}, kills ${env.CALLSCOPE_CRASH_KILLS}/database, load ${env.CALLSCOPE_LOAD_SECONDS} s, credits ${env.CALLSCOPE_CREDITS_N}${env.CALLSCOPE_TEST_DATABASE_URL ? '' : ' (no CALLSCOPE_TEST_DATABASE_URL: PostgreSQL skipped)'}\n`,
  );
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...FILES, '--reporter=dot'],
      { cwd: ROOT, env, stdio: 'inherit' },
    );
    child.on('close', (c) => resolve(c ?? 1));
  });
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = loadavg();
  let figures: Figure[] = [];
  try {
    figures = readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Figure);
  } catch {
    // No figure recorded (every test failed before recording).
  }
  rmSync(dir, { recursive: true, force: true });
  figures.sort((a, b) => a.section.localeCompare(b.section, 'en', { numeric: true }));
  const rows: string[][] = [['', 'figure', 'value']];
  let last = '';
  for (const f of figures) {
    rows.push([f.section === last ? '' : f.section, f.label, String(f.value)]);
    last = f.section;
  }
  console.log(`\n${table(rows)}`);
  const fmt = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  console.log(
    `\n${cpus().length} CPU(s), Node ${process.version}; load average before ${fmt(loadBefore)}, after ${fmt(loadAfter)}; ${seconds.toFixed(0)} s; vitest exit code ${code}`,
  );
  return code;
}

/** A Markdown table with padded columns. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
