/**
 * Crash consistency: a real `callscope serve` process is killed with SIGKILL at random moments while
 * clients upload (raw and chunked), assemble, analyze with save and delete — at least 50 times per
 * database, on SQLite and on PostgreSQL. After each kill, with the next process serving (it was
 * started while the previous one worked, as a restarted node would be), housekeeping runs and:
 * - no session is without its dump;
 * - no dump is without its session for longer than the in-flight grace (housekeeping collects it);
 * - every credit spent is a session stored (or deleted after), or a hold of work that is younger
 *   than the grace; holds of the dead process are given back once older;
 * - no chunk outlives CALLSCOPE_CHUNK_TTL_MS, no temporary file or pending Idempotency-Key the grace;
 * - no session a client was told about is lost, unless the client deleted it.
 * At the end, after the grace, `callscope housekeeping` leaves nothing behind at all.
 * CALLSCOPE_CRASH_KILLS raises the number of kills (`npm run reliability`).
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dump } from '../../test/support/api-requests.js';
import {
  postgresStorage,
  TEST_DATABASE_URL,
  type TestStorage,
  tempDir,
} from '../../test/support/databases.js';
import {
  cliCommand,
  exited,
  runCli,
  type ServerProcess,
  startServerProcess,
} from '../../test/support/processes.js';
import { recordFigure, scaled } from '../../test/support/reliability.js';
import { parseConfig } from '../config/config.js';
import { FsBlobStore } from '../storage/blobs/fs/fs-blob-store.js';
import { openStorage, type Storage } from '../storage/index.js';
import { inFlightGraceMs, type SweepResult, sweep } from './sweeper.js';
import { TokenService } from './tokens.js';

const KILLS = scaled('CALLSCOPE_CRASH_KILLS', 50);
const ANALYSIS_TIMEOUT_MS = 1_000;
const CHUNK_TTL_MS = 2_000;
const GRACE_MS = inFlightGraceMs({ analysisTimeoutMs: ANALYSIS_TIMEOUT_MS });
/** Time between housekeeping and the readings it is checked against, and clock granularity. */
const SLACK_MS = 1_500;
const SECRET = 'crash-test-secret-0123456789-abcdefghijkl';
const SMALL = dump('rtcstats/rtcstats-gumonly.jsonl');
const MEDIUM = dump('chromium156/datachannel-only/webrtc_internals_dump.txt');

const debug = (text: string) => {
  if (process.env.CRASH_DEBUG)
    appendFileSync(process.env.CRASH_DEBUG, `${new Date().toISOString()} ${text}\n`);
};

/** A small seeded PRNG: the kill moments and operations are the same on every run. */
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

interface Figures {
  kills: number;
  operations: Record<string, { ok: number; cut: number; refused: number }>;
  swept: Record<keyof SweepResult, number>;
  maxHolds: number;
  maxYoungOrphans: number;
  seconds: number;
}

/** Everything the database and the blob store hold, read at one moment (one transaction). */
async function snapshot(storage: Storage, accountId: string) {
  return storage.database.db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('accounts')
      .select(['monthly_used', 'purchased_used'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const holds = await trx.selectFrom('credit_holds').select(['id', 'created_at']).execute();
    const sessions = await trx.selectFrom('sessions').select(['id', 'blob_key']).execute();
    const chunks = await trx.selectFrom('upload_chunks').select(['blob_key', 'created_at']).execute();
    const pendingKeys = await trx
      .selectFrom('idempotency_keys')
      .select(['key', 'created_at'])
      .where('state', '=', 'pending')
      .execute();
    return {
      spent: Number(account.monthly_used) + Number(account.purchased_used),
      holds: holds.map((h) => ({ id: h.id, createdAt: Number(h.created_at) })),
      sessions: new Map(sessions.map((s) => [s.id, s.blob_key])),
      chunks: chunks.map((c) => ({ blobKey: c.blob_key, createdAt: Number(c.created_at) })),
      pendingKeys: pendingKeys.map((k) => ({ key: k.key, createdAt: Number(k.created_at) })),
    };
  });
}

/** Files directly under `dir` (recursively), with their modification times. */
function files(dir: string): { path: string; mtimeMs: number }[] {
  if (!existsSync(dir)) return [];
  const out: { path: string; mtimeMs: number }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    try {
      if (e.isDirectory()) out.push(...files(path));
      else out.push({ path, mtimeMs: statSync(path).mtimeMs });
    } catch {
      // Removed while listed.
    }
  }
  return out;
}

async function crashLoop(database: 'SQLite' | 'PostgreSQL'): Promise<Figures> {
  const started = performance.now();
  const random = prng(database === 'SQLite' ? 1 : 2);
  let pg: TestStorage | undefined;
  const dataDir = tempDir('callscope-crash-');
  if (database === 'PostgreSQL') pg = await postgresStorage();
  const env: Record<string, string> = {
    CALLSCOPE_DATA_DIR: dataDir,
    ...(pg?.databaseUrl ? { CALLSCOPE_DATABASE_URL: pg.databaseUrl } : {}),
    CALLSCOPE_JWT_SECRET: SECRET,
    CALLSCOPE_ANALYSIS_TIMEOUT_MS: String(ANALYSIS_TIMEOUT_MS),
    CALLSCOPE_CHUNK_TTL_MS: String(CHUNK_TTL_MS),
    // Every client is one account: let all their analyses be in flight when the process is killed.
    CALLSCOPE_ACCOUNT_ANALYSES: '1000',
    CALLSCOPE_RATE_INGEST: '1000000',
    CALLSCOPE_RATE_CHUNKS: '1000000',
    CALLSCOPE_RATE_READS: '1000000',
    CALLSCOPE_QUEUE_SIZE: '64',
    CALLSCOPE_LOG_LEVEL: 'fatal',
  };
  const config = parseConfig(env);
  const storage = pg?.storage ?? (await openStorage({ dataDir }));
  const blobs = new FsBlobStore(join(dataDir, 'blobs'));
  const housekeeping = { config, storage, blobs, now: Date.now, tmpDir: join(dataDir, 'tmp') };
  const tokens = await TokenService.create(storage, SECRET);
  const account = await storage.accounts.create({ name: 'crash', plan: 'developer', credits: 1_000_000 });
  const { token } = await tokens.issue(account.id, 'crash', 'full');
  const figures: Figures = {
    kills: 0,
    operations: {},
    swept: {
      chunks: 0,
      holds: 0,
      idempotencyKeys: 0,
      mcpSessions: 0,
      orphanDumps: 0,
      orphanChunks: 0,
      incompleteWrites: 0,
      tmpFiles: 0,
    },
    maxHolds: 0,
    maxYoungOrphans: 0,
    seconds: 0,
  };
  /** Sessions a client was told about (200 with an id), and those it asked to delete. */
  const known = new Set<string>();
  const deleteAsked = new Set<string>();
  const start = () => startServerProcess(env, { prefer: 'dist' });
  let spare: Promise<ServerProcess> = start();
  const children: ServerProcess[] = [];

  /** Resolved by the first operation of an iteration that completes (the process is warm). */
  let warm: () => void = () => {};
  const count = (op: string, outcome: 'ok' | 'cut' | 'refused') => {
    figures.operations[op] ??= { ok: 0, cut: 0, refused: 0 };
    figures.operations[op][outcome]++;
    if (outcome === 'ok' && op !== 'unfinished chunks') warm();
  };

  /** One client: random operations against `url` until the process dies. */
  async function client(url: string, seed: number): Promise<void> {
    const r = prng(seed);
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
    // Half of the raw requests carry an Idempotency-Key: a key left pending by the dead process
    // must not block a retry for long.
    const octet = (body: Uint8Array) => ({
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        ...(r() < 0.5 ? { 'idempotency-key': randomUUID() } : {}),
      },
      body,
    });
    const chunk = (fileId: string, index: number, bytes: Uint8Array) => {
      const form = new FormData();
      form.set('fileId', fileId);
      form.set('chunkIndex', String(index));
      form.set('chunk', new Blob([bytes]), 'c');
      return call('/v1.0/upload', { method: 'POST', body: form });
    };
    const stored = async (op: string, res: Response) => {
      const body = (await res.json()) as { callscopeId?: string };
      if (res.status === 200 && body.callscopeId) known.add(body.callscopeId);
      if (res.status !== 200) debug(`${op} refused: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      count(op, res.status === 200 ? 'ok' : 'refused');
    };
    for (;;) {
      const choice = r();
      const op =
        choice < 0.25
          ? 'upload'
          : choice < 0.5
            ? 'analyze?save'
            : choice < 0.7
              ? 'chunked upload'
              : choice < 0.8
                ? 'unfinished chunks'
                : 'delete';
      const body = r() < 0.5 ? SMALL : MEDIUM;
      try {
        if (op === 'upload') await stored(op, await call('/v1.0/upload?fileName=u.txt', octet(body)));
        else if (op === 'analyze?save')
          await stored(op, await call('/api/callscope/v1.0/analyze?save=true', octet(body)));
        else if (op === 'chunked upload' || op === 'unfinished chunks') {
          const fileId = `f_${randomUUID()}`;
          const third = Math.ceil(body.length / 3);
          for (let i = 0; i < 3; i++) {
            const res = await chunk(fileId, i, body.subarray(i * third, (i + 1) * third));
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`chunk answered ${res.status}`);
          }
          if (op === 'chunked upload')
            await stored(
              op,
              await call('/v1.0/upload', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ fileId, assemble: true, fileName: 'c.txt' }),
              }),
            );
          else count(op, 'ok');
        } else {
          const candidates = [...known].filter((id) => !deleteAsked.has(id));
          if (candidates.length === 0) continue;
          const id = candidates[Math.floor(r() * candidates.length)]!;
          deleteAsked.add(id);
          const res = await call(`/v1.0/sessions/${id}`, { method: 'DELETE' });
          await res.arrayBuffer();
          count(op, res.status === 200 ? 'ok' : 'refused');
        }
      } catch (error) {
        // The process died under the request: its outcome is unknown to the client.
        debug(`${op} cut: ${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ''}`);
        count(op, 'cut');
        return;
      }
    }
  }

  /** The checks of one moment after a kill (the next process already serving). */
  async function check(final: boolean): Promise<void> {
    debug('check: sweep');
    const done = await sweep(housekeeping, { orphans: true });
    debug('check: swept');
    for (const [k, v] of Object.entries(done)) figures.swept[k as keyof SweepResult] += v;
    const now = Date.now();
    const s = await snapshot(storage, account.id);
    debug('check: snapshot');
    // No session without its dump.
    for (const [id, blobKey] of s.sessions)
      expect(await blobs.size(blobKey), `session ${id} lost its dump`).toBeDefined();
    // No session a client was told about is gone, unless the client asked to delete it.
    for (const id of known)
      if (!s.sessions.has(id)) expect(deleteAsked.has(id), `session ${id} vanished`).toBe(true);
    // Every credit spent is a session (stored, or deleted since), or a hold of work younger than
    // the grace: holds of a dead process were given back.
    const deleted = [...deleteAsked].filter((id) => !s.sessions.has(id)).length;
    for (const h of s.holds)
      expect(now - h.createdAt, `hold ${h.id} outlived the grace`).toBeLessThan(GRACE_MS + SLACK_MS);
    expect(s.spent, 'credits spent = sessions stored + deleted + holds in flight').toBe(
      s.sessions.size + deleted + s.holds.length,
    );
    figures.maxHolds = Math.max(figures.maxHolds, s.holds.length);
    // Dumps without a session are young (a write in flight when the process died), else collected.
    let young = 0;
    for await (const entry of blobs.listWithAge('dumps/')) {
      const id = entry.key.split('/').pop()!;
      if (s.sessions.has(id)) continue;
      expect(now - entry.modifiedAt, `orphan dump ${entry.key} was not collected`).toBeLessThan(
        GRACE_MS + SLACK_MS,
      );
      young++;
    }
    figures.maxYoungOrphans = Math.max(figures.maxYoungOrphans, young);
    // Chunks expire; chunk files without a row and temporary files are collected.
    for (const c of s.chunks) expect(now - c.createdAt).toBeLessThan(CHUNK_TTL_MS + SLACK_MS);
    for (const k of s.pendingKeys)
      expect(now - k.createdAt, `idempotency key ${k.key} stays pending`).toBeLessThan(GRACE_MS + SLACK_MS);
    const chunkKeys = new Set(s.chunks.map((c) => c.blobKey));
    for await (const entry of blobs.listWithAge('chunks/'))
      if (!chunkKeys.has(entry.key)) expect(now - entry.modifiedAt).toBeLessThan(GRACE_MS + SLACK_MS);
    for (const f of [...files(join(dataDir, 'tmp')), ...files(join(dataDir, 'blobs', '.incoming'))])
      expect(now - f.mtimeMs, `${f.path} was not collected`).toBeLessThan(GRACE_MS + SLACK_MS);
    if (final) {
      expect(s.holds).toEqual([]);
      expect(young).toBe(0);
      expect(s.chunks).toEqual([]);
      expect(s.pendingKeys).toEqual([]);
      expect(s.spent).toBe(s.sessions.size + deleted);
    }
  }

  try {
    for (let kill = 0; kill < KILLS; kill++) {
      debug(`${database} ${kill}: waiting for a server`);
      const current = await spare;
      debug(`${database} ${kill}: ${current.url} pid ${current.child.pid}`);
      children.push(current);
      // The next process starts now, as a node restarted by a supervisor would.
      spare = start();
      const warmed = new Promise<void>((r) => {
        warm = r;
      });
      const clients = [1, 2, 3, 4].map((n) => client(current.url, kill * 10 + n));
      // The kill comes at a random moment once writes are completing (a cold process's first
      // analysis can take longer than the whole window), so that every phase of a write is hit.
      await Promise.race([warmed, new Promise((r) => setTimeout(r, 5_000))]);
      await new Promise((r) => setTimeout(r, random() * 800));
      current.child.kill('SIGKILL');
      debug(`${database} ${kill}: killed`);
      await Promise.all(clients);
      debug(`${database} ${kill}: clients done`);
      await exited(current);
      figures.kills++;
      debug(`${database} ${kill}: exited`);
      await check(false);
      debug(`${database} ${kill}: checked`);
    }
    // The last one is stopped too, then everything left must go once older than the grace.
    const last = await spare;
    await last.stop();
    await new Promise((r) => setTimeout(r, Math.max(GRACE_MS, CHUNK_TTL_MS) + SLACK_MS));
    const cli = await runCli(['housekeeping'], env, { prefer: 'dist' });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/housekeeping done/);
    await check(true);
  } finally {
    for (const c of children) c.child.kill('SIGKILL');
    await spare.then((s) => s.child.kill('SIGKILL')).catch(() => {});
    if (pg) await pg.cleanup();
    else await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

function report(database: string, f: Figures): void {
  const section = `3 crash consistency (${database})`;
  recordFigure(section, 'SIGKILLs survived', f.kills);
  recordFigure(section, 'server started from', cliCommand('dist').compiled ? 'dist' : 'sources (tsx)');
  for (const [op, o] of Object.entries(f.operations))
    recordFigure(section, `${op}: ok / cut by a kill / refused`, `${o.ok} / ${o.cut} / ${o.refused}`);
  recordFigure(
    section,
    'housekeeping removed',
    `holds ${f.swept.holds}, orphan dumps ${f.swept.orphanDumps}, orphan chunks ${f.swept.orphanChunks}, expired chunks ${f.swept.chunks}, partial writes ${f.swept.incompleteWrites}, tmp files ${f.swept.tmpFiles}`,
  );
  recordFigure(section, 'most holds / young orphan dumps at a check', `${f.maxHolds} / ${f.maxYoungOrphans}`);
  recordFigure(section, 'violations', 0);
  recordFigure(section, 'duration s', f.seconds.toFixed(0));
}

describe.concurrent(`crash consistency: ${KILLS} SIGKILLs of callscope serve`, () => {
  afterAll(() => {});
  it('on SQLite', async () => {
    report('SQLite', await crashLoop('SQLite'));
  }, 900_000);
  it.skipIf(!TEST_DATABASE_URL)(
    'on PostgreSQL',
    async () => {
      report('PostgreSQL', await crashLoop('PostgreSQL'));
    },
    900_000,
  );
});
