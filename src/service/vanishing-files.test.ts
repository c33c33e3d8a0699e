/**
 * Files and rows that vanish under a running server: a real `callscope serve` process takes
 * uploads, chunked uploads, analyses with save and downloads from four clients while the test
 * removes spool files, stored dumps, chunk files and database rows (sessions, chunks,
 * Idempotency-Key records) at random moments, as a tmp cleaner, an operator or housekeeping would.
 * Requests may fail; the process must never exit. Every credit spent is a session stored, or one
 * whose row the test removed. CALLSCOPE_VANISH_REQUESTS raises the number of requests
 * (`npm run reliability`).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { dump } from '../../test/support/api-requests.js';
import { postgresStorage, TEST_DATABASE_URL, tempDir } from '../../test/support/databases.js';
import { type ServerProcess, startServerProcess } from '../../test/support/processes.js';
import { recordFigure, scaled } from '../../test/support/reliability.js';
import { openStorage, type Storage } from '../storage/index.js';
import { TokenService } from './tokens.js';

const REQUESTS = scaled('CALLSCOPE_VANISH_REQUESTS', 120);
const SECRET = 'vanish-test-secret-0123456789-abcdefghijk';
const BODIES = [
  dump('rtcstats/rtcstats-gumonly.jsonl'),
  dump('chromium156/datachannel-only/webrtc_internals_dump.txt'),
  dump('chromium156/loss/webrtc_internals_dump.txt'),
];

/** A small seeded PRNG: the same operations and removals on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function files(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

interface VanishFigures {
  requests: number;
  serverErrors: number;
  exits: number;
  spent: number;
  sessions: number;
  rowsRemoved: number;
  filesRemoved: number;
}

async function vanishing(database: 'SQLite' | 'PostgreSQL'): Promise<VanishFigures> {
  const random = prng(database === 'SQLite' ? 7 : 8);
  const pg = database === 'PostgreSQL' ? await postgresStorage() : undefined;
  const dataDir = tempDir('callscope-vanish-');
  const env: Record<string, string> = {
    CALLSCOPE_DATA_DIR: dataDir,
    ...(pg?.databaseUrl ? { CALLSCOPE_DATABASE_URL: pg.databaseUrl } : {}),
    CALLSCOPE_JWT_SECRET: SECRET,
    CALLSCOPE_RATE_INGEST: '1000000',
    CALLSCOPE_RATE_CHUNKS: '1000000',
    CALLSCOPE_RATE_READS: '1000000',
    CALLSCOPE_QUEUE_SIZE: '64',
    CALLSCOPE_LOG_LEVEL: 'fatal',
  };
  const storage: Storage = pg?.storage ?? (await openStorage({ dataDir }));
  const tokens = await TokenService.create(storage, SECRET);
  const account = await storage.accounts.create({ name: 'vanish', plan: 'developer', credits: 1_000_000 });
  const { token } = await tokens.issue(account.id, 'vanish', 'full');
  const f: VanishFigures = {
    requests: 0,
    serverErrors: 0,
    exits: 0,
    spent: 0,
    sessions: 0,
    rowsRemoved: 0,
    filesRemoved: 0,
  };
  const known: string[] = [];
  let server: ServerProcess = await startServerProcess(env, { prefer: 'dist' });
  const watch = (s: ServerProcess) =>
    s.child.once('exit', () => {
      if (!stopping) f.exits++;
    });
  let stopping = false;
  watch(server);
  /** The server, started again when it died (the run goes on; the exit is counted). */
  const current = async (): Promise<ServerProcess> => {
    if (server.child.exitCode === null && server.child.signalCode === null) return server;
    server = await startServerProcess(env, { prefer: 'dist' });
    watch(server);
    return server;
  };
  let left = REQUESTS;
  async function client(seed: number): Promise<void> {
    const r = prng(seed);
    while (left-- > 0) {
      const { url } = await current();
      const call = async (path: string, init: RequestInit = {}) => {
        f.requests++;
        const res = await fetch(`${url}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, ...init.headers },
        });
        const body = await res.arrayBuffer();
        if (res.status >= 500) f.serverErrors++;
        return { status: res.status, body: Buffer.from(body) };
      };
      const key: Record<string, string> = r() < 0.5 ? { 'idempotency-key': randomUUID() } : {};
      const bytes = BODIES[Math.floor(r() * BODIES.length)]!;
      const choice = r();
      try {
        let res: { status: number; body: Buffer } | undefined;
        if (choice < 0.3)
          res = await call('/v1.0/upload?fileName=u.txt', {
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream', ...key },
            body: bytes,
          });
        else if (choice < 0.55)
          res = await call('/v1.0/analyze?save=true', {
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream', ...key },
            body: bytes,
          });
        else if (choice < 0.8) {
          const fileId = `f_${randomUUID()}`;
          const third = Math.ceil(bytes.length / 3);
          for (let i = 0; i < 3; i++) {
            const form = new FormData();
            form.set('fileId', fileId);
            form.set('chunkIndex', String(i));
            form.set('chunk', new Blob([bytes.subarray(i * third, (i + 1) * third)]), 'c');
            await call('/v1.0/upload', { method: 'POST', body: form });
          }
          res = await call('/v1.0/upload', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...key },
            body: JSON.stringify({ fileId, assemble: true, fileName: 'c.txt' }),
          });
        } else if (known.length > 0)
          await call(`/v1.0/sessions/${known[Math.floor(r() * known.length)]}/dump`);
        if (res?.status === 200) {
          const id = (JSON.parse(res.body.toString('utf8')) as { callscopeId?: string }).callscopeId;
          if (id) known.push(id);
        }
      } catch {
        // The connection was cut: the process died under the request (counted by its exit).
      }
    }
  }
  let clientsDone = false;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Removes a file under `dir` every few ms: a tmp cleaner (spool), an operator (dumps, chunks). */
  async function removeFiles(dir: string, everyMs: number): Promise<void> {
    while (!clientsDone) {
      await pause(1 + random() * everyMs);
      const all = files(dir);
      const victim = all[Math.floor(random() * all.length)];
      if (victim) {
        rmSync(victim, { force: true });
        f.filesRemoved++;
      }
    }
  }
  /** Removes the newest session row, the account's chunk rows or its Idempotency-Key records. */
  async function removeRows(): Promise<void> {
    const db = storage.database.db;
    while (!clientsDone) {
      await pause(5 + random() * 40);
      const what = random();
      try {
        if (what < 0.5) {
          const row = await db
            .selectFrom('sessions')
            .select('id')
            .orderBy('created_at', 'desc')
            .executeTakeFirst();
          if (!row) continue;
          const r = await db.deleteFrom('sessions').where('id', '=', row.id).executeTakeFirst();
          f.rowsRemoved += Number(r.numDeletedRows);
        } else
          await db
            .deleteFrom(what < 0.75 ? 'upload_chunks' : 'idempotency_keys')
            .where('account_id', '=', account.id)
            .execute();
      } catch {
        // Busy database: the next removal comes soon enough.
      }
    }
  }
  try {
    const removing = Promise.all([
      removeFiles(join(dataDir, 'tmp'), 8),
      removeFiles(join(dataDir, 'blobs'), 30),
      removeRows(),
    ]);
    await Promise.all([1, 2, 3, 4].map((n) => client(n * 31 + (database === 'SQLite' ? 0 : 1))));
    clientsDone = true;
    await removing;
    stopping = true;
    await server.stop();
    const row = await storage.database.db
      .selectFrom('accounts')
      .select(['monthly_used', 'purchased_used'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    f.spent = Number(row.monthly_used) + Number(row.purchased_used);
    const stored = await storage.database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    f.sessions = Number(stored.n);
  } finally {
    stopping = true;
    server.child.kill('SIGKILL');
    if (pg) await pg.cleanup();
    else await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return f;
}

function check(database: string, f: VanishFigures): void {
  const section = `3b files and rows removed under load (${database})`;
  recordFigure(section, 'requests sent / 5xx', `${f.requests} / ${f.serverErrors}`);
  recordFigure(section, 'process exits', f.exits);
  recordFigure(section, 'files / session rows removed by the test', `${f.filesRemoved} / ${f.rowsRemoved}`);
  recordFigure(
    section,
    'credits spent / sessions stored + session rows removed',
    `${f.spent} / ${f.sessions} + ${f.rowsRemoved}`,
  );
  expect(f.exits, 'the server process exited').toBe(0);
  expect(f.filesRemoved).toBeGreaterThan(0);
  expect(f.spent, 'credits spent = sessions stored + session rows removed').toBe(f.sessions + f.rowsRemoved);
}

it('the server survives spool files, dumps, chunks and rows removed under load (SQLite)', async () => {
  check('SQLite', await vanishing('SQLite'));
}, 600_000);

it.skipIf(!TEST_DATABASE_URL)(
  'the server survives spool files, dumps, chunks and rows removed under load (PostgreSQL)',
  async () => {
    check('PostgreSQL', await vanishing('PostgreSQL'));
  },
  600_000,
);
