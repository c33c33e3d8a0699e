import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../schema.js';
import { NulCharacterPlugin } from '../text-values.js';

/**
 * The driver is loaded with the first connection: a service on the embedded SQLite default keeps
 * its modules (3 MB of heap) out of the event loop's isolate, where every garbage collection
 * would mark them again.
 */
async function pool(connectionString: string, max: number) {
  const { default: pg } = await import('pg');
  /** int8 columns hold epoch milliseconds and sizes: all within Number's exact range. */
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  return new pg.Pool({ connectionString, max, types: types as import('pg').CustomTypesConfig });
}

export function openPostgres(connectionString: string, max = 10): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: () => pool(connectionString, max) }),
    plugins: [new NulCharacterPlugin()],
  });
}
