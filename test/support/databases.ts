/**
 * Fresh storage for tests: SQLite in a temporary directory, or PostgreSQL in a schema of its own on
 * CALLSCOPE_TEST_DATABASE_URL (tests that need it are skipped, visibly, when it is not set).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStorage, type Storage } from '../../src/storage/index.js';

export const TEST_DATABASE_URL = process.env.CALLSCOPE_TEST_DATABASE_URL;

if (!TEST_DATABASE_URL) {
  console.warn('CALLSCOPE_TEST_DATABASE_URL is not set: PostgreSQL tests are skipped.');
}

export interface TestStorage {
  storage: Storage;
  dataDir: string;
  /** A database URL other processes can open (PostgreSQL only). */
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export function tempDir(prefix = 'callscope-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function sqliteStorage(): Promise<TestStorage> {
  const dataDir = tempDir();
  const storage = await openStorage({ dataDir });
  return {
    storage,
    dataDir,
    cleanup: async () => {
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL schema created for this test and dropped after. */
export async function postgresStorage(): Promise<TestStorage> {
  if (!TEST_DATABASE_URL) throw new Error('CALLSCOPE_TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const databaseUrl = url.toString();
  const dataDir = tempDir();
  const storage = await openStorage({ databaseUrl, dataDir });
  return {
    storage,
    dataDir,
    databaseUrl,
    cleanup: async () => {
      await storage.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
