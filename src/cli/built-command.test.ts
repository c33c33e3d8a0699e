/**
 * The command as `npm run build` leaves it: dist/cli/main.js is a bundle whose modules sit in
 * dist/bin (scripts/bundle-cli.mjs), so what finds files relative to itself (the analysis worker,
 * the viewer's static files and compiled client modules, package.json) is checked through it here:
 * the other process-starting tests would run the sources when the build is older than them.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, raw } from '../../test/support/api-requests.js';
import { useCompiled } from '../../test/support/compiled.js';
import { tempDir } from '../../test/support/databases.js';
import { runCli, type ServerProcess, startServerProcess } from '../../test/support/processes.js';
import { TokenService } from '../service/tokens.js';
import { openStorage } from '../storage/index.js';

const SECRET = 'built-command-secret-0123456789-abcdefg';
const built = useCompiled('dist');
if (!built) console.warn('built-command.test.ts: skipped, dist/ is older than the sources (npm run build)');

describe.skipIf(!built)('the built command (dist/cli/main.js)', () => {
  const dataDir = tempDir('callscope-built-');
  let server: ServerProcess | undefined;
  let token = '';

  beforeAll(async () => {
    const storage = await openStorage({ dataDir });
    try {
      const tokens = await TokenService.create(storage, SECRET);
      const account = await storage.accounts.create({ name: 'built', plan: 'developer', credits: 10 });
      token = (await tokens.issue(account.id, 'built', 'full')).token;
    } finally {
      await storage.close();
    }
    server = await startServerProcess(
      { CALLSCOPE_DATA_DIR: dataDir, CALLSCOPE_JWT_SECRET: SECRET, CALLSCOPE_LOG_LEVEL: 'fatal' },
      { prefer: 'dist' },
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names its release from package.json', async () => {
    const { code, stdout } = await runCli(['--version'], {}, { prefer: 'dist' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^callscope \d+\.\d+\.\d+ \(processor \d+\.\d+\.\d+\)/);
  });

  it('analyzes in its worker thread', async () => {
    const res = await fetch(
      `${server!.url}/v1.0/analyze`,
      raw(dump('jitsi/firefox97-standard-stats-sfu'), { authorization: `Bearer ${token}` }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { observations: unknown[] } }).data.observations).toEqual(
      expect.any(Array),
    );
  });

  it('serves the viewer: its page, styles, compiled client modules, vendored chart library and API reference', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${server!.url}${path}`);
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    };
    expect((await get('/sessions')).status).toBe(200);
    const css = await get('/assets/app.css');
    expect(css).toMatchObject({ status: 200, type: expect.stringContaining('text/css') });
    const client = await get('/assets/app/api.js');
    expect(client).toMatchObject({ status: 200, type: expect.stringContaining('javascript') });
    expect(client.text).toContain('export');
    expect((await get('/assets/vendor/uPlot.min.css')).status).toBe(200);
    expect((await get('/assets/api-reference.css')).status).toBe(200);
  });
});
