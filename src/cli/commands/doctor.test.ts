import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../test/support/cli-io.js';
import { postgresStorage, TEST_DATABASE_URL, tempDir } from '../../../test/support/databases.js';
import { runCli } from '../../../test/support/processes.js';
import { startS3, type TestS3 } from '../../../test/support/s3.js';
import { parseConfig } from '../../config/config.js';
import { createBlobStore } from '../../service/create-context.js';
import { invocation } from '../invocation.js';
import { doctorCommand } from './doctor.js';
import { migrateCommand } from './migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

function dataDir(): string {
  const dir = tempDir('callscope-doctor-');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function migratedDir(): Promise<string> {
  const dir = dataDir();
  expect(await migrateCommand(['--data', dir], captureIo(), {})).toBe(0);
  return dir;
}

async function doctor(env: NodeJS.ProcessEnv, args: string[] = []) {
  const io = captureIo();
  const code = await doctorCommand(args, io, env);
  const line = (name: string) => new RegExp(`^(OK|FAIL|SKIP) +${name}:.*$`, 'm').exec(io.stdout)?.[0] ?? '';
  return { code, out: io.stdout, line };
}

const CHECKS = ['configuration', 'data directory', 'analysis worker', 'database', 'migrations', 'blob store'];

describe('callscope doctor', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
    cleanups.push(() => s3.stop());
  });

  it('passes every check on a migrated SQLite data directory (exit 0)', async () => {
    const dir = await migratedDir();
    mkdirSync(join(dir, 'blobs')); // as serve leaves it
    const r = await doctor({ CALLSCOPE_DATA_DIR: dir });
    for (const name of CHECKS) expect(r.line(name)).toMatch(/^OK/);
    expect(r.line('blob store')).toMatch(/write, read and delete work$/);
    expect(r.out).toContain('All checks passed.');
    expect(r.code).toBe(0);
  });

  it('fails on pending migrations and says to run migrate (exit 1)', async () => {
    const r = await doctor({}, ['--data', dataDir()]);
    expect(r.line('migrations')).toMatch(/^FAIL .*no schema yet/);
    expect(r.out).toContain(`fix: run ${invocation()} migrate --data `);
    expect(r.code).toBe(1);
  });

  it('quotes a data directory with a space in the migrate command it prints', async () => {
    const dir = join(dataDir(), 'team data');
    const r = await doctor({}, ['--data', dir]);
    expect(r.out).toContain(
      `fix: run ${invocation()} migrate --data '${dir}' (serve also migrates at start)`,
    );
  });

  it('leaves a data directory that does not exist yet as it is', async () => {
    const dir = join(dataDir(), 'not-yet');
    const r = await doctor({}, ['--data', dir]);
    expect(r.line('data directory')).toMatch(/^OK .*does not exist yet/);
    expect(r.line('blob store')).toMatch(/^OK .*not created yet; serve creates it$/);
    expect(existsSync(dir)).toBe(false);
  });

  it('fails on a world-writable data directory', async () => {
    const dir = await migratedDir();
    chmodSync(dir, 0o777);
    const r = await doctor({ CALLSCOPE_DATA_DIR: dir });
    expect(r.line('data directory')).toMatch(/^FAIL .*world-writable \(mode 777\)/);
    expect(r.out).toContain(`fix: chmod o-w ${dir}`);
    expect(r.code).toBe(1);
  });

  it('fails on invalid settings before anything else', async () => {
    const r = await doctor({ CALLSCOPE_PORT: 'abc', CALLSCOPE_BLOB_STORE: 's3' });
    expect(r.line('configuration')).toMatch(/^FAIL .*CALLSCOPE_PORT.*CALLSCOPE_S3_BUCKET/);
    expect(r.line('database')).toBe('');
    expect(r.code).toBe(1);
  });

  it('fails on an unreachable database, hides its password and skips the migrations', async () => {
    const r = await doctor({
      CALLSCOPE_DATA_DIR: dataDir(),
      CALLSCOPE_DATABASE_URL: 'postgres://callscope:hunter2@127.0.0.1:1/callscope',
    });
    expect(r.line('database')).toMatch(/^FAIL .*callscope:\*\*\*@127\.0\.0\.1:1.*ECONNREFUSED/);
    expect(r.out).not.toContain('hunter2');
    expect(r.out).toContain('fix: check CALLSCOPE_DATABASE_URL');
    expect(r.line('migrations')).toMatch(/^SKIP/);
    expect(r.code).toBe(1);
  });

  it('writes, reads and deletes a probe in an S3 bucket, and names a missing bucket', async () => {
    const dir = await migratedDir();
    const good = await doctor({ ...s3.env, CALLSCOPE_DATA_DIR: dir });
    expect(good.line('blob store')).toMatch(
      /^OK +blob store: s3:\/\/callscope-test\/ at http.*write, read and delete work/,
    );
    expect(good.code).toBe(0);
    const bad = await doctor({ ...s3.env, CALLSCOPE_S3_BUCKET: 'missing-bucket', CALLSCOPE_DATA_DIR: dir });
    expect(bad.line('blob store')).toMatch(/^FAIL .*missing-bucket/);
    expect(bad.out).toContain('fix: check that the bucket exists');
    expect(bad.code).toBe(1);
    // The probe went away with the check.
    const store = await createBlobStore(parseConfig({ ...s3.env, CALLSCOPE_DATA_DIR: dir }));
    for await (const key of store.list('')) expect.fail(`left behind: ${key}`);
  });

  it.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the command line passes on a migrated database', async () => {
    const pg = await postgresStorage();
    cleanups.push(() => pg.cleanup());
    const r = await runCli(['doctor'], {
      CALLSCOPE_DATABASE_URL: pg.databaseUrl!,
      CALLSCOPE_DATA_DIR: pg.dataDir,
    });
    expect(r.stdout).toMatch(/^OK +database: PostgreSQL .* answers \(PostgreSQL \d+/m);
    expect(r.stdout).toMatch(/^OK +migrations: \d+ applied, none pending/m);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });
});
