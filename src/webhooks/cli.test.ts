import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/cli-io.js';
import { tempDir } from '../../test/support/databases.js';
import { adminCommand } from '../cli/commands/admin.js';

const dataDir = tempDir('callscope-webhooks-cli-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function admin(env: NodeJS.ProcessEnv, group: string, ...args: string[]) {
  const io = captureIo();
  const code = await adminCommand(group, [...args, '--data', dataDir], io, env);
  return { code, stdout: io.stdout, stderr: io.stderrText };
}

describe('callscope webhooks', () => {
  it('creates, lists and deletes webhooks; refuses a loopback URL unless allowed', async () => {
    const { account } = JSON.parse(
      (await admin({}, 'accounts', 'create', '--name', 'Hooks', '--credits', '1', '--json')).stdout,
    ) as {
      account: { id: string };
    };
    const refused = await admin(
      {},
      'webhooks',
      'create',
      '--account',
      account.id,
      '--url',
      'http://127.0.0.1:9/hook',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/callscope webhooks: .*127\.0\.0\.1.*CALLSCOPE_WEBHOOK_ALLOW_PRIVATE/);
    const allowed = { CALLSCOPE_WEBHOOK_ALLOW_PRIVATE: '1' };
    const made = await admin(
      allowed,
      'webhooks',
      'create',
      '--account',
      account.id,
      '--url',
      'http://127.0.0.1:9/hook',
      '--events',
      'insights.regression',
      '--format',
      'slack',
      '--json',
    );
    expect(made.code).toBe(0);
    const hook = JSON.parse(made.stdout) as { id: string; secret: string; events: string[]; format: string };
    expect(hook).toMatchObject({
      events: ['insights.regression'],
      format: 'slack',
      secret: expect.stringMatching(/^whsec_/),
    });
    const text = await admin(
      allowed,
      'webhooks',
      'create',
      '--account',
      account.id,
      '--url',
      'http://127.0.0.1:9/other',
    );
    expect(text.stdout).toMatch(
      /^Webhook [0-9a-f-]{36} \(session\.analyzed, insights\.regression; json\) to http:\/\/127\.0\.0\.1:9\/other\nSigning secret/,
    );
    const bad = await admin(
      allowed,
      'webhooks',
      'create',
      '--account',
      account.id,
      '--url',
      'http://127.0.0.1:9/x',
      '--events',
      'nope',
    );
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown event "nope"/) });
    const listed = await admin({}, 'webhooks', 'list', '--account', account.id);
    expect(listed.stdout).toContain(hook.id);
    expect(listed.stdout).not.toContain(hook.secret);
    expect((await admin({}, 'webhooks', 'delete', hook.id)).code).toBe(0);
    expect(await admin({}, 'webhooks', 'delete', hook.id)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/no webhook/),
    });
    const json = JSON.parse((await admin({}, 'webhooks', 'list', '--json')).stdout) as unknown[];
    expect(json.length).toBe(1);
  });
});
