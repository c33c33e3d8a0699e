/**
 * Sessions list at scale on PostgreSQL: a fresh schema with `count` sessions in one account (the
 * worst case: every row matches the account), then a few hundred `SessionsRepo.list` calls with three
 * filters (browser + hasHigh + observationTags), rotating the values so no single plan is cached.
 * The queries are the repository's own, captured through Kysely's log to print their EXPLAIN.
 */
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Tag } from '../src/model/payload/observation.js';
import { openStorage } from '../src/storage/index.js';
import type { Database } from '../src/storage/schema.js';
import { SessionsRepo } from '../src/storage/sessions.js';
import { FILL_TYPES_BY_FREQUENCY, type FillResult, fillSessions } from './scale-fill.js';

export interface ListResult {
  fill: FillResult;
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  matchedMin: number;
  matchedMax: number;
  explain: string;
  /** The same calls with one observation type alone (observationFlags), rotating common types. */
  flags: { p50: number; p95: number; matchedMin: number; matchedMax: number };
  /** sessions + session_flags + session_tags with their indexes (payloads are not realistic here). */
  tableBytes: number;
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

export async function listBenchmark(
  baseUrl: string,
  count: number,
  queries: number,
  log: (line: string) => void,
): Promise<ListResult> {
  const schema = `bench_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const client = new pg.Client({ connectionString: url.toString() });
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }),
    log: (event) => {
      if (event.level === 'query')
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    // Migrations as the service runs them (whatever indexes the schema has today).
    const storage = await openStorage({ databaseUrl: url.toString(), dataDir: '/nonexistent-unused' });
    const account = await storage.accounts.create({
      name: 'bench',
      plan: 'enterprise',
      credits: 1,
      email: null,
    });
    await storage.close();
    await client.connect();
    let next = 0;
    const fill = await fillSessions(client, account.id, count, {
      onProgress: (done) => {
        if (done >= next) {
          log(`  filled ${done.toLocaleString('en')} sessions`);
          next += count / 4;
        }
      },
    });
    log(
      `  fill: ${fill.sessions.toLocaleString('en')} sessions, ${fill.flags.toLocaleString('en')} flag rows, ` +
        `${fill.tags.toLocaleString('en')} tag rows in ${fill.seconds.toFixed(1)} s`,
    );
    // What autovacuum does on a live database: planner statistics and the visibility map.
    const t = performance.now();
    await client.query('vacuum analyze');
    log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const repo = new SessionsRepo(db);
    const browsers = ['Chrome', 'Safari', 'Edge', 'Firefox'];
    const tags: Tag[][] = [['network'], ['video'], ['audio', 'inbound'], ['connectivity'], ['cpu']];
    const filters = (i: number) => ({
      browser: browsers[i % browsers.length]!,
      hasHigh: true,
      observationTags: tags[Math.floor(i / browsers.length) % tags.length]!,
    });
    for (let i = 0; i < 20; i++) await repo.list(account.id, filters(i), { limit: 20, offset: 0 });
    const times: number[] = [];
    const matched: number[] = [];
    for (let i = 0; i < queries; i++) {
      const start = performance.now();
      const page = await repo.list(account.id, filters(i), { limit: 20, offset: 0 });
      times.push(performance.now() - start);
      matched.push(page.totalCount);
    }
    // The 1st, 3rd, 5th... most frequent types of the fill: from ~12 % of the sessions down to ~2 %.
    const types = FILL_TYPES_BY_FREQUENCY.filter((_, i) => i % 2 === 0).slice(0, 6);
    const flagTimes: number[] = [];
    const flagMatched: number[] = [];
    for (let i = 0; i < Math.max(20, Math.round(queries / 3)); i++) {
      const start = performance.now();
      const page = await repo.list(
        account.id,
        { observationFlags: [types[i % types.length]!] },
        { limit: 20, offset: 0 },
      );
      flagTimes.push(performance.now() - start);
      flagMatched.push(page.totalCount);
    }
    captured.length = 0;
    await repo.list(account.id, filters(0), { limit: 20, offset: 0 });
    const plans: string[] = [];
    for (const q of captured.filter((c) => /from "sessions"/.test(c.sql))) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${q.sql}`,
        q.parameters as unknown[],
      );
      plans.push(`${q.sql}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    }
    const { rows: size } = await client.query<{ n: string }>(
      `select pg_total_relation_size('sessions') + pg_total_relation_size('session_flags')
         + pg_total_relation_size('session_tags') as n`,
    );
    return {
      tableBytes: Number(size[0]!.n),
      fill,
      queries,
      p50: pct(times, 0.5),
      p95: pct(times, 0.95),
      p99: pct(times, 0.99),
      matchedMin: Math.min(...matched),
      matchedMax: Math.max(...matched),
      explain: plans.join('\n\n'),
      flags: {
        p50: pct(flagTimes, 0.5),
        p95: pct(flagTimes, 0.95),
        matchedMin: Math.min(...flagMatched),
        matchedMax: Math.max(...flagMatched),
      },
    };
  } finally {
    await db.destroy();
    await client.end().catch(() => {});
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
