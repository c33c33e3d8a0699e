import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../test/support/databases.js';
import { openPostgres } from './open.js';

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL connection closed by the server', () => {
  it('is reported, does not crash the process, and the next query reconnects', async () => {
    const lost: string[] = [];
    const db = openPostgres(TEST_DATABASE_URL!, 1, (error) => lost.push(error.message));
    try {
      const pid = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
      const first = await pid();
      // The connection is idle in the pool when the server ends it, as in a restart or failover.
      await terminate(first);
      await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1);
      const second = await pid();
      expect(second).not.toBe(first);
    } finally {
      await db.destroy();
    }
  });
});
