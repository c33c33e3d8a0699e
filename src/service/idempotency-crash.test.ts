/**
 * A retry with an Idempotency-Key after the process running the first request was killed: a real
 * `callscope serve` process takes an upload with a key (queued behind others for its one worker),
 * is killed with SIGKILL while the key is pending, and a new process gets the retry. The retry is
 * run at once (the dead process's key taken over), not after the analysis timeout with a 503; a
 * second retry gets the same answer, and one credit is spent for the one session.
 */
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { dump } from '../../test/support/api-requests.js';
import { tempDir } from '../../test/support/databases.js';
import { exited, startServerProcess } from '../../test/support/processes.js';
import { recordFigure } from '../../test/support/reliability.js';
import { openStorage } from '../storage/index.js';
import { TokenService } from './tokens.js';

const SECRET = 'idem-crash-secret-0123456789-abcdefghijk';

it("a retry after the first request's process was killed runs at once", async () => {
  const dataDir = tempDir('callscope-idem-crash-');
  const env = {
    CALLSCOPE_DATA_DIR: dataDir,
    CALLSCOPE_JWT_SECRET: SECRET,
    // The wait a retry would do for a dead process's key: long enough to fail this test clearly.
    CALLSCOPE_ANALYSIS_TIMEOUT_MS: '60000',
    CALLSCOPE_RATE_INGEST: '1000000',
    // One account sends every request: the per-account share of the workers would refuse them.
    CALLSCOPE_ACCOUNT_ANALYSES: '1000',
    CALLSCOPE_QUEUE_SIZE: '64',
    CALLSCOPE_LOG_LEVEL: 'fatal',
  };
  const storage = await openStorage({ dataDir });
  const db = storage.database.db;
  let requests = 0;
  let serverErrors = 0;
  try {
    const tokens = await TokenService.create(storage, SECRET);
    const account = await storage.accounts.create({ name: 'idem', plan: 'developer', credits: 1000 });
    const { token } = await tokens.issue(account.id, 'idem', 'full');
    const upload = (url: string, body: Uint8Array, key?: string) => {
      requests++;
      return fetch(`${url}/v1.0/upload?fileName=k.txt`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body,
      }).then(
        async (r) => {
          if (r.status >= 500) serverErrors++;
          return { status: r.status, text: await r.text() };
        },
        () => ({ status: 0, text: 'cut' }),
      );
    };
    const first = await startServerProcess(env);
    // The one worker busy first: the keyed upload waits in the queue, its key pending.
    const busy = Array.from({ length: 4 }, () =>
      upload(first.url, dump('jitsi/google-legacy-stats-multiple-pc')),
    );
    const body = dump('chromium156/loss/webrtc_internals_dump.txt');
    const cut = upload(first.url, body, 'retry-after-crash');
    const pending = () =>
      db
        .selectFrom('idempotency_keys')
        .select('state')
        .where('key', '=', 'retry-after-crash')
        .where('state', '=', 'pending')
        .executeTakeFirst();
    while (!(await pending())) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    await exited(first);
    await Promise.all([...busy, cut]);
    const second = await startServerProcess(env);
    try {
      const started = performance.now();
      const retry = await upload(second.url, body, 'retry-after-crash');
      const seconds = (performance.now() - started) / 1000;
      expect(retry.status, retry.text).toBe(200);
      const again = await upload(second.url, body, 'retry-after-crash');
      expect(again.text).toBe(retry.text);
      const id = (JSON.parse(retry.text) as { callscopeId: string }).callscopeId;
      const session = await db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst();
      expect(session?.id).toBe(id);
      const section = '3d Idempotency-Key retry after a SIGKILL';
      recordFigure(
        section,
        'requests sent / 5xx / process exits (the kill)',
        `${requests} / ${serverErrors} / 1`,
      );
      recordFigure(
        section,
        'retry answered in s (before: the analysis timeout, then 503)',
        seconds.toFixed(2),
      );
    } finally {
      await second.stop();
    }
  } finally {
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
