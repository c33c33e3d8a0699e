/**
 * The insights benchmark's runs and verdicts, for bench:scale and bench:insights: SQLite with
 * BENCH_INSIGHTS_SQLITE sessions (target p95 < 150 ms), PostgreSQL with BENCH_INSIGHTS_POSTGRES
 * (target p95 < 300 ms) when `databaseUrl` is given, both for a month grouped by browser with two
 * filters. Figures of the other queries are printed, without a target.
 */
import { type InsightsBench, insightsOnPostgres, insightsOnSqlite } from './scale-insights.js';

export const SQLITE_TARGET_MS = 150;
export const POSTGRES_TARGET_MS = 300;
const DAYS = Number(process.env.BENCH_INSIGHTS_DAYS ?? 365);
const QUERIES = Number(process.env.BENCH_INSIGHTS_QUERIES ?? 60);
const SQLITE_SESSIONS = Number(process.env.BENCH_INSIGHTS_SQLITE ?? 100_000);
const POSTGRES_SESSIONS = Number(process.env.BENCH_INSIGHTS_POSTGRES ?? 1_000_000);

export type Row = [string, string, string, boolean | undefined];

function rows(name: string, n: number, r: InsightsBench, target: number): Row[] {
  const ms = (l: { p50: number; p95: number }) => `p50 ${l.p50.toFixed(1)} / p95 ${l.p95.toFixed(1)} ms`;
  return [
    [
      `insights ${name}: ${n.toLocaleString('en')} sessions over ${DAYS} days, fill / cells built`,
      `${r.fillSeconds.toFixed(0)} s / ${r.cells.toLocaleString('en')} cells in ${r.rebuildSeconds.toFixed(1)} s`,
      '',
      undefined,
    ],
    [
      `insights ${name}: month by browser, os + hasHigh (${r.target.sessions.toLocaleString('en')} sessions)`,
      ms(r.target),
      `p95 < ${target} ms`,
      r.target.p95 < target,
    ],
    [
      `insights ${name}: month by browser, no filter (${r.unfiltered.sessions.toLocaleString('en')})`,
      ms(r.unfiltered),
      '',
      undefined,
    ],
    [`insights ${name}: compare two months (Safari)`, ms(r.compare), '', undefined],
    [`insights ${name}: month, observationFlags + os (scan)`, ms(r.scan), '', undefined],
  ];
}

/** Runs both databases (PostgreSQL only with a URL); returns the table rows. */
export async function insightsRows(log: (line: string) => void, databaseUrl?: string): Promise<Row[]> {
  const out: Row[] = [];
  log(
    `\ninsights on SQLite, ${SQLITE_SESSIONS.toLocaleString('en')} sessions over ${DAYS} days, ${QUERIES} queries`,
  );
  out.push(
    ...rows(
      'SQLite',
      SQLITE_SESSIONS,
      await insightsOnSqlite(SQLITE_SESSIONS, DAYS, QUERIES, log),
      SQLITE_TARGET_MS,
    ),
  );
  if (databaseUrl) {
    log(
      `\ninsights on PostgreSQL, ${POSTGRES_SESSIONS.toLocaleString('en')} sessions over ${DAYS} days, ${QUERIES} queries`,
    );
    out.push(
      ...rows(
        'PostgreSQL',
        POSTGRES_SESSIONS,
        await insightsOnPostgres(databaseUrl, POSTGRES_SESSIONS, DAYS, QUERIES, log),
        POSTGRES_TARGET_MS,
      ),
    );
  }
  return out;
}

/** Prints the table; true when every target was met. */
export function printRows(rows: Row[], log: (line: string) => void): boolean {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => String(r[i]).length), 6));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  log('');
  log(line(['measure', 'result', 'target']).concat(' verdict |'));
  log(line(widths.map((w) => '-'.repeat(w))).concat(' ------- |'));
  for (const [name, value, target, ok] of rows)
    log(
      line([name, value, target]).concat(` ${ok === undefined ? '       ' : ok ? 'PASS   ' : 'FAIL   '} |`),
    );
  return !rows.some((r) => r[3] === false);
}

export async function insightsReport(log: (line: string) => void): Promise<boolean> {
  const url = process.env.CALLSCOPE_BENCH_DATABASE_URL ?? process.env.CALLSCOPE_TEST_DATABASE_URL;
  return printRows(await insightsRows(log, url), log);
}
