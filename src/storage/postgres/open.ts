import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.js';
import { NulCharacterPlugin } from '../text-values.js';

/** int8 columns hold epoch milliseconds and sizes: all within Number's exact range. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export function openPostgres(connectionString: string, max = 10): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, types: types as pg.CustomTypesConfig });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new NulCharacterPlugin()],
  });
}
