import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isStorageUnavailable } from './unavailable.js';

/** The error node-postgres gives when nothing listens where the database should be. */
async function refusedConnection(): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return error;
  }
  throw new Error('port 1 accepted a connection');
}

describe('isStorageUnavailable', () => {
  it('recognises a database that cannot be reached', async () => {
    expect(isStorageUnavailable(await refusedConnection())).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(
      isStorageUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(
      true,
    );
    expect(isStorageUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStorageUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isStorageUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })),
    ).toBe(true);
  });

  it('leaves other failures to be answered as server errors', () => {
    expect(isStorageUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(
      isStorageUnavailable(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })),
    ).toBe(false);
    expect(isStorageUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isStorageUnavailable(undefined)).toBe(false);
    expect(isStorageUnavailable('ECONNREFUSED')).toBe(false);
  });
});
