import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../test/support/cli-io.js';
import { TEST_DATABASE_URL, tempDir } from '../../../test/support/databases.js';
import { runCli } from '../../../test/support/processes.js';
import { MIGRATION_NAMES } from '../../storage/migrations.js';
import { main } from '../main.js';
import { migrateCommand } from './migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

function scratch(): string {
  const dir = tempDir('callscope-migrate-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty PostgreSQL schema (postgresStorage() would migrate it already). */
async function emptySchema(): Promise<string> {
  const schema = `m_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  });
  const url = new URL(TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

describe('callscope migrate', () => {
  it('applies the migrations of a new SQLite database once, then reports it up to date', async () => {
    const dir = tempDir('callscope-migrate-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = captureIo();
    expect(await migrateCommand(['--data', dir], first, {})).toBe(0);
    expect(first.stdout).toContain(`applied ${MIGRATION_NAMES.length} migration(s)`);
    for (const name of MIGRATION_NAMES) expect(first.stdout).toContain(`  ${name}`);
    const again = captureIo();
    expect(await migrateCommand(['--data', dir], again, {})).toBe(0);
    expect(again.stdout).toMatch(/up to date \(\d+ applied, none pending\)/);
  });

  it('refuses unknown options and invalid settings (exit 2)', async () => {
    const io = captureIo();
    expect(await migrateCommand(['--nope'], io, {})).toBe(2);
    expect(io.stderrText).toContain('Usage: callscope migrate');
    const bad = captureIo();
    expect(await migrateCommand([], bad, { CALLSCOPE_DATABASE_URL: 'mysql://x' })).toBe(2);
    expect(bad.stderrText).toContain('CALLSCOPE_DATABASE_URL');
  });

  it('is listed in the help', async () => {
    const io = captureIo();
    expect(await main(['help'], io)).toBe(0);
    expect(io.stdout).toMatch(/migrate\s+apply pending database migrations/);
    expect(io.stdout).toMatch(/doctor\s+check configuration/);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'PostgreSQL: the command line applies them, masking the password',
    async () => {
      const url = new URL(await emptySchema());
      url.password = 'not-shown';
      // Trust authentication ignores the password; the output must not show it.
      const r = await runCli(['migrate'], {
        CALLSCOPE_DATABASE_URL: url.toString(),
        CALLSCOPE_DATA_DIR: scratch(),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('001-initial');
      expect(r.stdout).toContain(':***@');
      expect(r.stdout + r.stderr).not.toContain('not-shown');
    },
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'PostgreSQL: nodes migrating at once apply each migration exactly once',
    async () => {
      const url = await emptySchema();
      const ios = [captureIo(), captureIo(), captureIo()];
      const codes = await Promise.all(
        ios.map((io) => migrateCommand([], io, { CALLSCOPE_DATABASE_URL: url })),
      );
      expect(codes).toEqual([0, 0, 0]);
      const applied = ios.flatMap((io) => [...io.stdout.matchAll(/^ {2}(\S+)$/gm)].map((m) => m[1]));
      expect(applied.sort()).toEqual([...MIGRATION_NAMES].sort());
    },
  );
});
