import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SETTINGS } from '../../config/settings.js';
import { SEVERITIES, type Severity } from '../../model/observation-terms.js';
import { ratedExperience } from '../../model/payload/rated-experience.js';
import { AnalysisThread } from '../analysis-thread.js';
import { type FileReport, result, type Source } from '../analyze-one.js';
import { duration, middleEllipsis, num, table } from '../format.js';
import type { CliIo } from '../io.js';
import { refusal, usageLines } from '../option-problem.js';
import { outputNames, tableNames } from '../out-names.js';
import { Progress } from '../progress.js';
import { renderSummary } from '../summary.js';
import { atOrAbove, worstText } from '../verdict.js';

export const ANALYZE_HELP = `Usage: callscope analyze FILE... [--json] [--out DIR] [--points N] [--fail-on SEVERITY] [--heap-mb N]

Analyze WebRTC dumps (chrome://webrtc-internals exports, rtcstats dumps; gzip or not).
A FILE of - reads the dump from standard input: curl -s https://example.test/dump.gz | callscope analyze -

  One file     prints a readable summary (the call, its scores, connections, streams and
               observations); --json prints {data, processorVersion} instead.
  Many files   shows progress on stderr and prints a summary table (experience score and
               observations: how many, and how many at the worst severity).
  --json       one file: {data, processorVersion}; several: an array of {file, data,
               processorVersion}, or {file, error, kind} for a file that could not be read.
  --out DIR    writes one <file>.json per dump (the --json output) into DIR; files of the same
               name keep enough of their path to stay apart (loss_dump.gz.json).
  --points N   points per chart series in the JSON (default 300).
  --fail-on SEVERITY
               exit with 3 when a dump has an observation of that severity or worse
               (${SEVERITIES.join(', ')}): a gate for call tests in CI.
  --heap-mb N  heap limit of the analysis, in MiB (default: the engine's own, which it sizes
               from the machine's memory). A dump that needs more is reported as too large
               and the other files go on.

Exit status: 0 all read, 2 a file could not be read as a dump, 1 an internal error,
3 an observation at or above --fail-on (when every file was read).`;

export async function analyzeCommand(args: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(refusal('analyze', error, usageLines(ANALYZE_HELP)));
    return 2;
  }
  const { values, positionals: files } = parsed;
  if (values.help) {
    io.out(ANALYZE_HELP);
    return 0;
  }
  if (files.length === 0) {
    io.err(`callscope analyze: no file given.\n\n${ANALYZE_HELP}`);
    return 2;
  }
  const points = values.points === undefined ? 300 : Number(values.points);
  if (!Number.isInteger(points) || points < 2 || points > 100_000) {
    io.err('callscope analyze: --points must be an integer from 2 to 100000.');
    return 2;
  }
  const heapMb = values['heap-mb'] === undefined ? undefined : Number(values['heap-mb']);
  if (heapMb !== undefined && (!Number.isInteger(heapMb) || heapMb < MIN_HEAP_MB)) {
    io.err(`callscope analyze: --heap-mb must be an integer of at least ${MIN_HEAP_MB} (MiB).`);
    return 2;
  }
  const failOn = values['fail-on']?.toLowerCase();
  if (failOn !== undefined && !isSeverity(failOn)) {
    io.err(`callscope analyze: --fail-on must be one of ${SEVERITIES.join(', ')}.`);
    return 2;
  }
  if (files.filter((f) => f === STDIN).length > 1) {
    io.err('callscope analyze: - (standard input) can be given once.');
    return 2;
  }
  if (files.includes(STDIN) && (!io.stdin || io.stdin.isTTY)) {
    io.err('callscope analyze: - reads the dump from standard input, and nothing is piped in.');
    return 2;
  }
  const outProblem = values.out === undefined ? undefined : await makeOutDir(values.out);
  if (outProblem) {
    io.err(`callscope analyze: --out ${values.out}: ${outProblem}`);
    return 2;
  }
  const sizes = await Promise.all(
    files.map((f) =>
      stat(f).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  const many = files.length > 1;
  const progress =
    many || (sizes[0] ?? 0) > 50 * 1024 * 1024
      ? new Progress(
          io.stderr,
          files.length,
          sizes.reduce((a, b) => a + b, 0),
        )
      : undefined;
  const names = outputNames(files, STDIN);
  const written = new Set<string>();
  const outcomes: FileReport[] = [];
  const thread = new AnalysisThread(heapMb);
  try {
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      progress?.start(file);
      const source: Source =
        file === STDIN
          ? { label: STDIN_LABEL, input: io.stdin!, fileName: 'stdin' }
          : { label: file, input: file };
      const outcome = await thread.analyze(source, points, (read) => progress?.bytes(read));
      outcomes.push(outcome);
      progress?.finish(
        file,
        sizes[i] ?? 0,
        outcome.kind === 'ok' ? `ok in ${duration(outcome.ms)}` : (outcome.error ?? 'failed'),
      );
      if (outcome.data && values.out) {
        await writeFile(join(values.out, names[i]!), `${JSON.stringify(result(outcome.data), null, 2)}\n`);
        written.add(names[i]!);
      }
    }
  } finally {
    await thread.close();
  }
  progress?.end();

  for (const o of outcomes) if (o.kind !== 'ok') io.err(`${o.file}: ${o.error}`);
  if (!many) {
    const only = outcomes[0]!;
    if (only.data)
      io.out(values.json ? JSON.stringify(result(only.data), null, 2) : renderSummary(only.file, only.data));
  } else if (values.json) {
    io.out(JSON.stringify(outcomes.map(jsonEntry), null, 2));
  } else {
    io.out(summaryTable(outcomes, tableNames(files, STDIN)));
  }
  if (many && values.out) io.err(`Wrote ${written.size} JSON file(s) to ${values.out}`);
  if (outcomes.some((o) => o.kind === 'internal')) return 1;
  if (outcomes.some((o) => o.kind === 'unreadable')) return 2;
  return failOn === undefined ? 0 : gate(outcomes, failOn, io);
}

/** Smallest --heap-mb: the floor of CALLSCOPE_ANALYSIS_HEAP_MB, below which the analysis code itself hardly fits. */
const MIN_HEAP_MB = SETTINGS.find((s) => s.key === 'analysisHeapMb')!.min!;

/**
 * Creates the --out directory, or says in words why it cannot: a path that is a file is a usage
 * error (exit 2), not an internal one with a stack trace.
 */
async function makeOutDir(dir: string): Promise<string | undefined> {
  try {
    await mkdir(dir, { recursive: true });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') return 'not a directory (a file has that name)';
    if (code === 'EACCES' || code === 'EPERM') return 'cannot create the directory: permission denied';
    return `cannot create the directory: ${(error as Error).message}`;
  }
}

const isSeverity = (s: string): s is Severity => (SEVERITIES as readonly string[]).includes(s);

/** --fail-on: 3 when a dump has an observation at `threshold` or worse, each such dump named on stderr. */
function gate(outcomes: readonly FileReport[], threshold: Severity, io: CliIo): number {
  let failed = 0;
  for (const o of outcomes) {
    const n = o.data ? atOrAbove(o.data, threshold) : 0;
    if (n === 0) continue;
    failed++;
    io.err(`${o.file}: ${n} observation(s) at ${threshold} or worse (--fail-on ${threshold})`);
  }
  return failed > 0 ? 3 : 0;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      points: { type: 'string' },
      'fail-on': { type: 'string' },
      'heap-mb': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

/** The file name that stands for standard input, and how it is named in what analyze prints. */
const STDIN = '-';
const STDIN_LABEL = '(standard input)';

/** `--json` with several files: one entry per file, in order, with its result or why it has none. */
function jsonEntry(o: FileReport) {
  return o.data ? { file: o.file, ...result(o.data) } : { file: o.file, error: o.error, kind: o.kind };
}

/**
 * One row per file: duration, peer connections, connectivity, streams (audio and video in/out),
 * the worst stream's loss each way, RTT, experience score and observations; the dump's format is
 * in the single-file summary and --json, not here, for the table to fit. Files are named by their shortest distinct path ending and, when that is
 * still too long, shortened in the middle, so that the table fits TABLE_COLUMNS.
 */
function summaryTable(outcomes: readonly FileReport[], names: readonly string[]): string {
  const rows = outcomes.map((o, i) => {
    const d = o.data;
    const file = o.file === STDIN_LABEL ? STDIN_LABEL : names[i]!;
    if (!d) return [file, o.kind === 'unreadable' ? 'unreadable' : 'error'];
    const streams = Object.values(d.streams);
    const count = (dir: string, kind: string) =>
      streams.filter((s) => s.direction === dir && s.kind === kind).length;
    const loss = (dir: string) => {
      const values = streams
        .filter((s) => s.direction === dir && s.packetLossPercent !== null)
        .map((s) => s.packetLossPercent!);
      return values.length ? num(Math.max(...values), 1, '%') : '–';
    };
    return [
      file,
      duration(d.durationMs),
      String(d.pConnectionsNumber),
      d.connectivity,
      `a ${count('inbound', 'audio')}/${count('outbound', 'audio')} v ${count('inbound', 'video')}/${count('outbound', 'video')}`,
      `${loss('inbound')}/${loss('outbound')}`,
      num(d.aggregatedStats.rtt_avg_ms, 0, ' ms'),
      num(ratedExperience(d), 0),
      worstText(d),
    ];
  });
  const header = [
    'file',
    'duration',
    'pcs',
    'path',
    'streams',
    'loss in/out',
    'rtt',
    'score',
    'observations',
  ];
  const others = table(
    header.slice(1),
    rows.map((r) => r.slice(1)),
  );
  const room = Math.max(
    MIN_FILE_COLUMN,
    TABLE_COLUMNS - 2 - Math.max(...others.split('\n').map((l) => l.length)),
  );
  return table(
    header,
    rows.map(([file, ...rest]) => [middleEllipsis(file!, room), ...rest]),
  );
}

/** The width the batch table keeps to: a common terminal's, and what a review tool shows unwrapped. */
const TABLE_COLUMNS = 100;
/** A file name is never cut shorter than this, even when the other columns leave less. */
const MIN_FILE_COLUMN = 12;
