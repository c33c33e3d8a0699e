/**
 * GET /insights at scale: `count` sessions in one account spread over `days` days of call starts,
 * with every insight figure and 0-4 observation types each, loaded straight into the tables; the
 * rollup cells are then built by the code migration 008 runs (rebuildCells, timed). Queries go
 * through the service function the route calls (`insights`), rotating the month and filter values:
 * - target: a month grouped by browser with two filters (os + hasHigh), what the issue asks for;
 * - a month grouped by browser, no filter (every cell of the month);
 * - compare=period, a month against the one before (two rollup reads);
 * - a month with observationFlags, which the rollups cannot answer (a scan of the sessions).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type InsightsRequest, insights } from '../src/service/insights.js';
import { scoreBand } from '../src/service/projections.js';
import { flagColumns } from '../src/storage/flag-mask.js';
import { openStorage, type Storage } from '../src/storage/index.js';
import { DAY_MS, rebuildCells } from '../src/storage/insights.js';
import type { Database, SessionsTable } from '../src/storage/schema.js';

const BROWSERS: [string, number, string[]][] = [
  ['Chrome', 0.62, ['140', '141', '142', '143']],
  ['Safari', 0.15, ['18', '26']],
  ['Edge', 0.11, ['141', '142']],
  ['Firefox', 0.12, ['143', '144', '145']],
];
const OSES: [string, number][] = [
  ['Windows', 0.4],
  ['macOS', 0.25],
  ['Android', 0.15],
  ['iOS', 0.12],
  ['Linux', 0.08],
];
const CONNECTIVITY: [string, number][] = [
  ['DIRECT/UDP', 0.8],
  ['RELAY/UDP', 0.1],
  ['RELAY/TLS', 0.06],
  ['DIRECT/TCP', 0.04],
];
const TYPES = [
  'networkLossIn',
  'iceFailure',
  'highFreezeDuration',
  'cpuLimitation',
  'relayOverTls',
  'audioConcealment',
  'bandwidthLimitation',
  'trackMuted',
];
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];
export const START = Date.UTC(2025, 0, 1);

function random(seed: number) {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x / 4_294_967_296;
  };
  const weighted = <T>(items: [T, number, ...unknown[]][]) => {
    let r = next();
    for (const item of items) {
      r -= item[1];
      if (r <= 0) return item;
    }
    return items[items.length - 1]!;
  };
  return { next, weighted };
}

/** Loads `count` sessions; returns the seconds taken. */
export async function fillInsightSessions(
  db: Kysely<Database>,
  accountId: string,
  count: number,
  days: number,
  onProgress: (done: number) => void,
): Promise<number> {
  const started = performance.now();
  const r = random(42);
  const payload = gzipSync('{}');
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const sessions: SessionsTable[] = [];
    const observations: {
      session_id: string;
      account_id: string;
      kind: string;
      type: string;
      severity: string;
    }[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const id = randomUUID();
      const [browser, , versions] = r.weighted(BROWSERS) as [string, number, string[]];
      const callStart = START + Math.floor((i / count) * days * DAY_MS) + Math.floor(r.next() * 60_000);
      const rated = r.next() > 0.04;
      const experience = rated ? Math.min(100, Math.max(0, 82 + (r.next() - 0.6) * 60)) : null;
      const types = TYPES.filter((_, k) => r.next() < 0.3 / (k + 1));
      const sev = types.map(() => SEVERITIES[Math.floor(r.next() ** 2 * 5)]!);
      for (const [k, type] of types.entries()) {
        observations.push({ session_id: id, account_id: accountId, kind: 'type', type, severity: sev[k]! });
        if (k === 0 && type !== 'trackMuted')
          observations.push({
            session_id: id,
            account_id: accountId,
            kind: 'cause',
            type,
            severity: sev[k]!,
          });
      }
      const has = (s: string) => (sev.includes(s) ? 1 : 0);
      sessions.push({
        id,
        account_id: accountId,
        created_at: callStart + 120_000,
        title: `call ${i}`,
        description: null,
        ai_summary: null,
        tags: '[]',
        public_link: null,
        file_name: `dump-${i}.txt`,
        file_size: 100_000,
        blob_key: `dumps/${accountId}/${id}`,
        processor_version: i < count / 2 ? '0.9.0' : '1.0.0',
        uploaded_by: null,
        uploaded_by_email: null,
        call_start: callStart,
        call_end: callStart + 600_000,
        indexed: 1,
        browser,
        browser_version: versions[Math.floor(r.next() * versions.length)]!,
        os: r.weighted(OSES)[0],
        os_version: null,
        conference_id: `conf-${i % 5000}`,
        session_ref: null,
        user_id: `user-${i % 20_000}`,
        experience_score: experience,
        connectivity: r.weighted(CONNECTIVITY)[0],
        obs_critical: has('critical'),
        obs_high: has('high'),
        obs_medium: has('medium'),
        obs_tag_mask: 0,
        ...flagColumns(types.filter((_, k) => ['critical', 'high', 'medium'].includes(sev[k]!))),
        score_band: scoreBand(experience),
        audio_score: 1 + r.next() * 3.5,
        video_score: r.next() < 0.3 ? null : 1 + r.next() * 3.5,
        connectivity_score: 2 + r.next() * 3,
        observations_score: 40 - Math.floor(r.next() * 20),
        rtt_ms: 10 + r.next() ** 2 * 400,
        jitter_ms: r.next() * 40,
        loss_percent: r.next() ** 3 * 20,
        bitrate_in_kbps: r.next() * 3000,
        bitrate_out_kbps: r.next() * 2000,
        insight_facts: 1,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values(sessions).execute();
      await trx
        .insertInto('session_payloads')
        .values(sessions.map((s) => ({ session_id: s.id, payload })))
        .execute();
      for (let k = 0; k < observations.length; k += 2000)
        await trx
          .insertInto('session_observations')
          .values(observations.slice(k, k + 2000))
          .execute();
    });
    onProgress(Math.min(count, start + batch));
  }
  return (performance.now() - started) / 1000;
}

export interface Latency {
  p50: number;
  p95: number;
  sessions: number;
  source: string;
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

export interface InsightsBench {
  fillSeconds: number;
  rebuildSeconds: number;
  cells: number;
  target: Latency;
  unfiltered: Latency;
  compare: Latency;
  scan: Latency;
}

/** Fills the account, builds the cells, and times the four kinds of query. */
export async function insightsBenchmark(
  storage: Storage,
  accountId: string,
  count: number,
  days: number,
  queries: number,
  log: (line: string) => void,
  afterFill?: () => Promise<void>,
): Promise<InsightsBench> {
  const db = storage.database.db;
  let next = 0;
  const fillSeconds = await fillInsightSessions(db, accountId, count, days, (done) => {
    if (done >= next) {
      log(`  filled ${done.toLocaleString('en')} sessions`);
      next += count / 4;
    }
  });
  let t = performance.now();
  const cells = await rebuildCells(db);
  const rebuildSeconds = (performance.now() - t) / 1000;
  log(
    `  fill ${fillSeconds.toFixed(0)} s; rollup cells built from the sessions: ${cells.toLocaleString('en')} in ${rebuildSeconds.toFixed(1)} s`,
  );
  await afterFill?.();
  const months = Math.max(1, Math.floor(days / 30) - 1);
  const time = async (make: (k: number) => InsightsRequest, n: number): Promise<Latency> => {
    const took: number[] = [];
    let sessions = 0;
    let source = '';
    for (let k = -2; k < n; k++) {
      t = performance.now();
      const a = await insights(storage, accountId, make(Math.max(0, k)));
      if (k >= 0) took.push(performance.now() - t);
      sessions = a.total.sessions;
      source = a.source;
    }
    return { p50: pct(took, 0.5), p95: pct(took, 0.95), sessions, source };
  };
  const base = { interval: 'day' as const, timeField: 'callStart' as const, top: 10 };
  // Whole UTC days, 30 of them, rotating over the months of the data (the first one left out).
  const monthOf = (k: number) => {
    const from = START + (1 + (k % months)) * 30 * DAY_MS;
    return { from, to: from + 30 * DAY_MS };
  };
  const target = await time(
    (k) => ({
      ...base,
      groupBy: 'browser',
      scope: { filters: { os: OSES[k % 3]![0], hasHigh: true }, ...monthOf(k) },
    }),
    queries,
  );
  log(
    `  month by browser, os + hasHigh: p50 ${target.p50.toFixed(1)} ms, p95 ${target.p95.toFixed(1)} ms (${target.sessions.toLocaleString('en')} sessions, ${target.source})`,
  );
  const unfiltered = await time(
    (k) => ({ ...base, groupBy: 'browser', scope: { filters: {}, ...monthOf(k) } }),
    Math.ceil(queries / 3),
  );
  log(
    `  month by browser, no filter: p50 ${unfiltered.p50.toFixed(1)} ms, p95 ${unfiltered.p95.toFixed(1)} ms (${unfiltered.sessions.toLocaleString('en')} sessions)`,
  );
  const compare = await time(
    (k) => {
      const m = monthOf(k);
      return {
        ...base,
        interval: 'none',
        scope: { filters: { browser: 'Safari' }, ...m },
        compare: { by: 'period', baseline: { from: m.from - 30 * DAY_MS, to: m.from } },
      };
    },
    Math.ceil(queries / 3),
  );
  log(
    `  compare a month with the one before (Safari): p50 ${compare.p50.toFixed(1)} ms, p95 ${compare.p95.toFixed(1)} ms`,
  );
  const scan = await time(
    (k) => ({
      ...base,
      groupBy: 'browser',
      scope: { filters: { observationFlags: ['iceFailure'], os: OSES[k % 3]![0] }, ...monthOf(k) },
    }),
    Math.max(3, Math.ceil(queries / 20)),
  );
  log(
    `  month by browser, observationFlags + os (scan): p50 ${scan.p50.toFixed(1)} ms, p95 ${scan.p95.toFixed(1)} ms (${scan.sessions.toLocaleString('en')} sessions, ${scan.source})`,
  );
  return { fillSeconds, rebuildSeconds, cells, target, unfiltered, compare, scan };
}

/** The benchmark on PostgreSQL, in a schema of its own created and dropped here. */
export async function insightsOnPostgres(
  baseUrl: string,
  count: number,
  days: number,
  queries: number,
  log: (line: string) => void,
): Promise<InsightsBench> {
  const schema = `bench_insights_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const storage = await openStorage({ databaseUrl: url.toString(), dataDir: '/nonexistent-unused' });
  try {
    const account = await storage.accounts.create({
      name: 'bench',
      plan: 'enterprise',
      credits: 1,
      email: null,
    });
    return await insightsBenchmark(storage, account.id, count, days, queries, log, async () => {
      await sql`vacuum analyze`.execute(storage.database.db);
    });
  } finally {
    await storage.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** The benchmark on SQLite, in a temporary data directory. */
export async function insightsOnSqlite(
  count: number,
  days: number,
  queries: number,
  log: (line: string) => void,
): Promise<InsightsBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'callscope-bench-insights-'));
  const storage = await openStorage({ dataDir });
  try {
    const account = await storage.accounts.create({
      name: 'bench',
      plan: 'enterprise',
      credits: 1,
      email: null,
    });
    return await insightsBenchmark(storage, account.id, count, days, queries, log, async () => {
      await sql`analyze`.execute(storage.database.db);
    });
  } finally {
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
