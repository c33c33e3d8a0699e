import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../schema.js';
import { NulCharacterPlugin } from '../text-values.js';

/**
 * The driver is loaded with the first connection: a service on the embedded SQLite default keeps
 * its modules (3 MB of heap) out of the event loop's isolate, where every garbage collection
 * would mark them again.
 */
async function pool(connectionString: string, max: number, onIdleError?: (error: Error) => void) {
  const { default: pg } = await import('pg');
  /** int8 columns hold epoch milliseconds and sizes: all within Number's exact range. */
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const p = new pg.Pool({ connectionString, max, types: types as import('pg').CustomTypesConfig });
  // An idle connection that the server closes (a restart, failover or network cut) is reported as
  // an 'error' event on the pool. Unhandled, it would crash the process. The pool drops that
  // connection by itself, and the next query opens a new one once the database answers again.
  p.on('error', (error) => onIdleError?.(error));
  return p;
}

/** `onIdleError`: told when the server closes a connection the pool held idle. */
export function openPostgres(
  connectionString: string,
  max = 10,
  onIdleError?: (error: Error) => void,
): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: () => pool(connectionString, max, onIdleError) }),
    plugins: [new NulCharacterPlugin()],
  });
}
