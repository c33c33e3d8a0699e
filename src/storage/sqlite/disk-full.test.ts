import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/databases.js';
import { openSqlite } from './open.js';

const dir = tempDir('callscope-sqlite-full-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite on a full disk', () => {
  it('reports SQLITE_FULL, not the failed rollback of the transaction SQLite already ended', async () => {
    const db = openSqlite(dir);
    try {
      await sql`create table filler (bytes blob)`.execute(db);
      const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count;
      // A few pages more than it has: as good as a full disk, without filling one.
      await sql.raw(`pragma max_page_count = ${pages + 3}`).execute(db);
      const write = db.transaction().execute(async (trx) => {
        await sql`insert into filler values (zeroblob(100))`.execute(trx);
        await sql`insert into filler values (zeroblob(1000000))`.execute(trx);
      });
      await expect(write).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      // The database is still usable once there is room again.
      await sql.raw('pragma max_page_count = 1073741823').execute(db);
      await sql`insert into filler values (zeroblob(100))`.execute(db);
      const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
