import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresStorage, TEST_DATABASE_URL, tempDir } from '../../test/support/databases.js';
import { runCli, type ServerProcess, startServerProcess } from '../../test/support/processes.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function post(url: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${url}/v1.0/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** A 2025-era session opened on one node is used and ended on another: the registry is the database. */
async function sessionAcrossNodes(env: Record<string, string>) {
  const created = await runCli(
    ['accounts', 'create', '--name', 'nodes', '--plan', 'developer', '--credits', '5', '--json'],
    env,
  );
  expect(created.code, created.stderr).toBe(0);
  const { token } = JSON.parse(created.stdout) as { token: string };
  const nodes: ServerProcess[] = [];
  try {
    // Each one kept as it starts: a failed second start still stops the first (finally).
    for (let i = 0; i < 2; i++) nodes.push(await startServerProcess(env));
    const [first, second] = nodes as [ServerProcess, ServerProcess];
    const auth = { authorization: `Bearer ${token}` };
    const init = await post(first.url, INIT, auth);
    expect(init.status).toBe(200);
    const id = init.headers.get('mcp-session-id')!;
    const headers = { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    expect(
      (await post(second.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status,
    ).toBe(202);
    const call = await post(
      second.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_quota', arguments: {} } },
      headers,
    );
    expect(call.status).toBe(200);
    expect(await call.text()).toContain('"remainingCredits":5');
    const end = await fetch(`${second.url}/v1.0/mcp`, { method: 'DELETE', headers });
    expect(end.status).toBe(204);
    const gone = await post(first.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers);
    expect(gone.status).toBe(404);
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
  }
}

describe('MCP sessions across server processes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('SQLite: two processes on one data directory', async () => {
    const dataDir = tempDir('callscope-nodes-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await sessionAcrossNodes({ CALLSCOPE_DATA_DIR: dataDir });
  });

  it.skipIf(!TEST_DATABASE_URL)('PostgreSQL: two processes on one database', async () => {
    const pg = await postgresStorage();
    cleanups.push(() => pg.cleanup());
    await pg.storage.close();
    await sessionAcrossNodes({ CALLSCOPE_DATA_DIR: pg.dataDir, CALLSCOPE_DATABASE_URL: pg.databaseUrl! });
  });
});
