import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../test/support/cli-io.js';
import { tempDir } from '../../../test/support/databases.js';
import { serveCommand } from './serve.js';

const dir = tempDir('callscope-serve-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('callscope serve', () => {
  it('says which database it cannot open, password masked, without a stack trace (exit 1)', async () => {
    const io = captureIo();
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const code = await serveCommand([], io, {
      CALLSCOPE_DATA_DIR: dir,
      CALLSCOPE_DATABASE_URL: 'postgres://callscope:hunter2@127.0.0.1:1/callscope',
      CALLSCOPE_LOG_LEVEL: 'silent',
    });
    expect(code).toBe(1);
    expect(io.stderrText).toContain(
      'callscope serve: cannot start with PostgreSQL postgres://callscope:***@127.0.0.1:1/callscope: connect ECONNREFUSED',
    );
    expect(io.stderrText).toContain('doctor checks the database');
    expect(io.stderrText).not.toContain('hunter2');
    expect(io.stderrText).not.toMatch(/^\s+at /m);
  });

  it('warns about a CALLSCOPE_ variable that is not a setting, naming the one meant', async () => {
    const io = captureIo();
    await serveCommand([], io, {
      CALLSCOPE_DATA_DIR: dir,
      CALLSCOPE_DATABASE_URL: 'postgres://callscope@127.0.0.1:1/callscope',
      CALLSCOPE_SHUTDOWN_GRACE: '1000',
    });
    expect(io.stderrText).toContain(
      'callscope serve: warning: CALLSCOPE_SHUTDOWN_GRACE is not a setting (did you mean CALLSCOPE_SHUTDOWN_GRACE_MS?): it is ignored',
    );
  });
});
