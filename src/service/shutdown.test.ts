/**
 * A SIGTERM while analyses are queued and running: a real `callscope serve` process with one worker
 * and a short shutdown grace takes more uploads than it can finish in that grace, then is told to
 * stop. Once it has exited, no credit hold is left (they were given back, not left to
 * housekeeping), and every credit spent is a session stored.
 */
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { dump } from '../../test/support/api-requests.js';
import { tempDir } from '../../test/support/databases.js';
import { exited, startServerProcess } from '../../test/support/processes.js';
import { recordFigure } from '../../test/support/reliability.js';
import { openStorage } from '../storage/index.js';
import { TokenService } from './tokens.js';

const SECRET = 'shutdown-test-secret-0123456789-abcdefgh';
const REQUESTS = 16;

it('a SIGTERM during long analyses leaves no credit hold behind', async () => {
  const dataDir = tempDir('callscope-shutdown-');
  const env = {
    CALLSCOPE_DATA_DIR: dataDir,
    CALLSCOPE_JWT_SECRET: SECRET,
    CALLSCOPE_SHUTDOWN_GRACE_MS: '1500',
    CALLSCOPE_RATE_INGEST: '1000000',
    // One account sends every request: the per-account share of the workers would refuse them.
    CALLSCOPE_ACCOUNT_ANALYSES: '1000',
    CALLSCOPE_QUEUE_SIZE: '64',
    CALLSCOPE_LOG_LEVEL: 'fatal',
  };
  const storage = await openStorage({ dataDir });
  try {
    const tokens = await TokenService.create(storage, SECRET);
    const account = await storage.accounts.create({ name: 'shutdown', plan: 'developer', credits: 1000 });
    const { token } = await tokens.issue(account.id, 'shutdown', 'full');
    const server = await startServerProcess(env);
    const body = dump('jitsi/google-legacy-stats-multiple-pc');
    const answers = Array.from({ length: REQUESTS }, () =>
      fetch(`${server.url}/v1.0/upload?fileName=d.txt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body,
      }).then(
        (r) => r.status,
        () => 'cut' as const,
      ),
    );
    // Stopped once most of the requests hold their credit (queued behind the one worker).
    while ((await storage.accounts.holdCount(account.id)) < REQUESTS / 2)
      await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGTERM');
    await exited(server);
    const statuses = await Promise.all(answers);
    const holds = await storage.accounts.holdCount(account.id);
    const db = storage.database.db;
    const used = await db
      .selectFrom('accounts')
      .select(['monthly_used', 'purchased_used'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    const spent = Number(used.monthly_used) + Number(used.purchased_used);
    const counted = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const sessions = Number(counted.n);
    const section = '3c SIGTERM during long analyses';
    recordFigure(
      section,
      'requests sent / 200 / 5xx / cut by the stop / process exits (the stop)',
      `${REQUESTS} / ${statuses.filter((s) => s === 200).length} / ${statuses.filter((s) => typeof s === 'number' && s >= 500).length} / ${statuses.filter((s) => s === 'cut').length} / 1`,
    );
    recordFigure(
      section,
      'credit holds left / credits spent / sessions stored',
      `${holds} / ${spent} / ${sessions}`,
    );
    expect(holds, 'credit holds left after the process stopped').toBe(0);
    expect(spent, 'credits spent = sessions stored').toBe(sessions);
  } finally {
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
