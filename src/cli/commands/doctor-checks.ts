/**
 * The checks of `callscope doctor`. Each answers OK or FAIL with a line of detail and, when it
 * failed, what to do about it. None changes anything the service keeps (only probes, removed after).
 */
import { randomUUID } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { access, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import type { Config } from '../../config/config.js';
import { createBlobStore } from '../../service/create-context.js';
import { migrationStatus } from '../../storage/migrations.js';
import { sqliteFile } from '../../storage/sqlite/open.js';
import { analysisWorkerFile } from '../../worker/analysis-pool.js';
import { invocation } from '../invocation.js';
import { shellQuote } from '../shell-quote.js';
import { openRawDatabase } from './maintenance.js';

export interface CheckResult {
  name: string;
  status: 'OK' | 'FAIL' | 'SKIP';
  detail: string;
  fix?: string;
}

const ok = (name: string, detail: string): CheckResult => ({ name, status: 'OK', detail });
const fail = (name: string, detail: string, fix: string): CheckResult => ({
  name,
  status: 'FAIL',
  detail,
  fix,
});
const message = (error: unknown) => (error as Error).message || String(error);

/** A check that hangs (an unreachable host) fails after `ms` rather than blocking doctor. */
export async function withTimeout<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkDataDir(config: Config): Promise<CheckResult> {
  const name = 'data directory';
  const dir = config.dataDir;
  if (!existsSync(dir)) {
    let parent = dirname(dir);
    while (!existsSync(parent) && parent !== dirname(parent)) parent = dirname(parent);
    try {
      await access(parent, constants.W_OK | constants.X_OK);
      return ok(name, `${dir} does not exist yet; serve and migrate create it`);
    } catch {
      return fail(
        name,
        `${dir} does not exist and ${parent} is not writable`,
        `mkdir -p ${dir} and give it to the service user (chown)`,
      );
    }
  }
  const s = await stat(dir);
  if (!s.isDirectory())
    return fail(name, `${dir} is not a directory`, `point CALLSCOPE_DATA_DIR at a directory`);
  const mode = (s.mode & 0o777).toString(8).padStart(3, '0');
  if (s.mode & 0o002)
    return fail(name, `${dir} is world-writable (mode ${mode})`, `chmod o-w ${dir} (0750 or 0700 is enough)`);
  const probe = join(dir, `.doctor-${randomUUID()}`);
  try {
    await writeFile(probe, 'probe');
    return ok(name, `${dir} is writable (mode ${mode}, owner uid ${s.uid})`);
  } catch (error) {
    return fail(
      name,
      `${dir} cannot be written: ${message(error)}`,
      `chown the directory to the service user (uid ${process.getuid?.() ?? '?'}) or chmod u+rwx ${dir}`,
    );
  } finally {
    await rm(probe, { force: true });
  }
}

export function checkWorkerFile(): CheckResult {
  const { filename } = analysisWorkerFile();
  return existsSync(filename)
    ? ok('analysis worker', filename)
    : fail(
        'analysis worker',
        `${filename} is missing`,
        'run npm run build (or reinstall the package): analyses run in this file',
      );
}

export async function checkDatabase(config: Config, target: string): Promise<CheckResult> {
  const name = 'database';
  if (!config.databaseUrl) {
    const file = sqliteFile(config.dataDir);
    if (!existsSync(file)) return ok(name, `${target} not created yet (migrate or serve creates it)`);
    try {
      await access(file, constants.R_OK | constants.W_OK);
      return ok(name, `${target} is readable and writable`);
    } catch (error) {
      return fail(
        name,
        `${target}: ${message(error)}`,
        `chown ${file} (and its -wal/-shm files) to the service user`,
      );
    }
  }
  const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await withTimeout(10_000, client.connect());
    const { rows } = await withTimeout(
      10_000,
      client.query<{ v: string }>("select current_setting('server_version') as v"),
    );
    return ok(name, `${target} answers (PostgreSQL ${rows[0]?.v ?? '?'})`);
  } catch (error) {
    return fail(
      name,
      `${target}: ${message(error)}`,
      'check CALLSCOPE_DATABASE_URL (user, password, host, port, database), that PostgreSQL runs and that it accepts this host (listen_addresses, pg_hba.conf)',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** The migrate command to copy, for the database this check looked at. */
const migrateHint = (config: Config) =>
  `run ${invocation()} migrate${config.databaseUrl ? '' : ` --data ${shellQuote(config.dataDir)}`} (serve also migrates at start)`;

export async function checkMigrations(config: Config): Promise<CheckResult> {
  const name = 'migrations';
  // A SQLite file that does not exist yet would be created by opening it: report instead.
  if (!config.databaseUrl && !existsSync(sqliteFile(config.dataDir)))
    return fail(name, 'the database has no schema yet', migrateHint(config));
  const { db } = openRawDatabase(config);
  try {
    const s = await withTimeout(10_000, migrationStatus(db));
    if (s.unknown.length > 0)
      return fail(
        name,
        `applied by a newer callscope: ${s.unknown.join(', ')}`,
        'run the newer version: this one does not know the schema (downgrades are not supported)',
      );
    if (s.pending.length > 0)
      return fail(name, `${s.pending.length} pending: ${s.pending.join(', ')}`, migrateHint(config));
    return ok(name, `${s.applied.length} applied, none pending`);
  } catch (error) {
    return fail(name, message(error), 'fix the database check above first');
  } finally {
    await db.destroy();
  }
}

export async function checkBlobStore(config: Config): Promise<CheckResult> {
  const name = 'blob store';
  const where =
    config.blobStore === 's3'
      ? `s3://${config.s3.bucket}/${config.s3.prefix} at ${config.s3.endpoint ?? `AWS ${config.s3.region}`}`
      : `files in ${join(config.dataDir, 'blobs')}`;
  const fix =
    config.blobStore === 's3'
      ? 'check that the bucket exists, CALLSCOPE_S3_ENDPOINT / _REGION / _FORCE_PATH_STYLE, and that the credentials (CALLSCOPE_S3_ACCESS_KEY_ID or the AWS chain) allow s3:PutObject, GetObject, DeleteObject and ListBucket'
      : `make ${join(config.dataDir, 'blobs')} writable by the service user`;
  // A check must not leave a directory behind: a blob directory to be is the data directory's case.
  if (config.blobStore !== 's3' && !existsSync(join(config.dataDir, 'blobs')))
    return ok(name, `${where}: not created yet; serve creates it`);
  try {
    const store = await createBlobStore(config);
    const key = `.probe/doctor-${randomUUID()}`;
    const body = `callscope doctor ${new Date().toISOString()}`;
    await withTimeout(30_000, store.put(key, new TextEncoder().encode(body)));
    try {
      const read = await withTimeout(30_000, store.get(key).then(text));
      if (read !== body) throw new Error('the object read back differs from the one written');
    } finally {
      await withTimeout(30_000, store.delete(key));
    }
    return ok(name, `${where}: write, read and delete work`);
  } catch (error) {
    return fail(name, `${where}: ${message(error)}`, fix);
  }
}
