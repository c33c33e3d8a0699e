import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../test/support/cli-io.js';
import { tempDir } from '../../../test/support/databases.js';
import { serveCommand } from './serve.js';

const dir = tempDir('callscope-serve-warnings-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The database is unreachable (port 1 on loopback): serve stops right after its start-up lines.
const env = {
  CALLSCOPE_DATA_DIR: dir,
  CALLSCOPE_DATABASE_URL: 'postgres://callscope@127.0.0.1:1/callscope',
  CALLSCOPE_LOG_LEVEL: 'silent',
};

describe('callscope serve on a network address', () => {
  it('warns once that CALLSCOPE_SITE_URL is unset and that /metrics is open, saying what to set', async () => {
    const io = captureIo();
    await serveCommand(['--host', '0.0.0.0'], io, env);
    const lines = io.stderrText.split('\n').filter((l) => l.startsWith('callscope serve: warning: '));
    expect(lines.filter((l) => l.includes('CALLSCOPE_SITE_URL is unset'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('GET /metrics is served without a token'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('Set CALLSCOPE_SITE_URL to');
  });

  it('does not warn on loopback, or once the settings are given', async () => {
    for (const extra of [
      {},
      {
        CALLSCOPE_HOST: '0.0.0.0',
        CALLSCOPE_SITE_URL: 'https://cs.example.com',
        CALLSCOPE_METRICS_PORT: '9100',
      },
    ]) {
      const io = captureIo();
      await serveCommand([], io, { ...env, ...extra });
      expect(io.stderrText).not.toContain('warning');
    }
  });
});
