import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../test/support/cli-io.js';
import { tempDir } from '../../../test/support/databases.js';
import { parseConfig } from '../../config/config.js';
import { TokenService } from '../../service/tokens.js';
import { openStorage } from '../../storage/index.js';
import { adminCommand } from './admin.js';

const dataDir = tempDir('callscope-admin-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `callscope GROUP ARGS... --data DIR`: exit code and what it printed. */
async function admin(group: string, ...args: string[]) {
  const io = captureIo();
  const code = await adminCommand(group, [...args, '--data', dataDir], io, {});
  return { code, stdout: io.stdout, stderr: io.stderrText };
}

/** What the service would make of a token, on the same data directory. */
async function verify(token: string) {
  const config = parseConfig({ CALLSCOPE_DATA_DIR: dataDir });
  const storage = await openStorage({ dataDir: config.dataDir });
  try {
    return await (await TokenService.create(storage, config.jwtSecret)).verify(token);
  } finally {
    await storage.close();
  }
}

describe('admin CLI', () => {
  it('creates an account and a full-scope token that the service accepts', async () => {
    const text = await admin(
      'accounts',
      'create',
      '--name',
      'Acme',
      '--plan',
      'enterprise',
      '--credits',
      '7',
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Account [0-9a-f-]{36} \(Acme, enterprise, 7 credits\/month\)/);
    const json = await admin('accounts', 'create', '--name', 'Beta', '--credits', '3', '--json');
    const created = JSON.parse(json.stdout) as { account: { id: string; plan: string }; token: string };
    expect(created.account.plan).toBe('developer');
    const auth = await verify(created.token);
    expect(auth).toMatchObject({ account: { id: created.account.id, apiAccess: true }, scope: 'full' });

    const listed = await admin('accounts', 'list');
    expect(listed.stdout).toContain('Acme');
    expect(listed.stdout).toMatch(/developer\s+3\/3 credits {2}Beta/);
  });

  it('issues collect tokens limited to origins, which only the collector accepts', async () => {
    const { account } = JSON.parse(
      (await admin('accounts', 'create', '--name', 'Page', '--credits', '1', '--json')).stdout,
    ) as { account: { id: string } };
    const origins = 'https://app.example,https://*.example.org:8443';
    const made = await admin(
      'tokens',
      'create',
      '--account',
      account.id,
      '--scope',
      'collect',
      '--origins',
      origins,
    );
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('(collect, origins https://app.example https://*.example.org:8443)');
    const token = made.stdout.trim().split('\n').pop()!;
    // Not a bearer token of the REST API or MCP: a collect token sits in web pages.
    expect(await verify(token)).toBeUndefined();
    const config = parseConfig({ CALLSCOPE_DATA_DIR: dataDir });
    const storage = await openStorage({ dataDir: config.dataDir });
    try {
      const found = await (await TokenService.create(storage, config.jwtSecret)).verifyCollect(token);
      expect(found?.origins).toEqual(['https://app.example', 'https://*.example.org:8443']);
    } finally {
      await storage.close();
    }
    const listed = (await admin('tokens', 'list', '--account', account.id)).stdout.split('\n');
    expect(listed[0]).toMatch(/^id +scope +status +account +name +origins$/);
    const bad = await admin(
      'tokens',
      'create',
      '--account',
      account.id,
      '--scope',
      'collect',
      '--origins',
      'app.example/x',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not an origin like https://app.example');
    const notCollect = await admin(
      'tokens',
      'create',
      '--account',
      account.id,
      '--origins',
      'https://a.example',
    );
    expect(notCollect.stderr).toContain('--origins applies to collect tokens only');
  });

  it('issues, lists and revokes tokens; adds credits', async () => {
    const { account } = JSON.parse(
      (await admin('accounts', 'create', '--name', 'Tok', '--credits', '1', '--json')).stdout,
    ) as { account: { id: string } };
    const issued = JSON.parse(
      (await admin('tokens', 'create', '--account', account.id, '--scope', 'read_only', '--json')).stdout,
    ) as { token: string; tokenId: string; scope: string };
    expect(issued.scope).toBe('read_only');
    expect((await verify(issued.token))?.scope).toBe('read_only');

    const list = JSON.parse((await admin('tokens', 'list', '--account', account.id, '--json')).stdout) as {
      id: string;
    }[];
    expect(list.map((t) => t.id)).toContain(issued.tokenId);
    expect(JSON.stringify(list)).not.toContain('Hash');
    const text = (await admin('tokens', 'list', '--account', account.id)).stdout.split('\n');
    expect(text[0]).toMatch(/^id +scope +status +account +name$/);
    expect(text[1]).toMatch(/^-+( +-+){4}$/);
    expect(text.find((l) => l.startsWith(issued.tokenId))).toMatch(/ read_only +active +/);

    const pasted = await admin('tokens', 'revoke', issued.token);
    expect(pasted.code).toBe(2);
    expect(pasted.stderr).toContain('that is a token, not a token id; `callscope tokens list` shows ids');
    expect(pasted.stderr).not.toContain(issued.token.split('.')[2]);
    expect((await verify(issued.token))?.scope).toBe('read_only');
    expect((await admin('tokens', 'revoke', issued.tokenId)).stdout).toContain('revoked');
    expect(await verify(issued.token)).toBeUndefined();
    const again = await admin('tokens', 'revoke', issued.tokenId);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no active token ${issued.tokenId}`);

    const credits = await admin('credits', 'add', '--account', account.id, '--credits', '5', '--json');
    expect(JSON.parse(credits.stdout)).toMatchObject({ allowedCredits: 6, remainingCredits: 6 });
  });

  it('withdraws and restores API access', async () => {
    const created = JSON.parse(
      (await admin('accounts', 'create', '--name', 'Gone', '--credits', '1', '--json')).stdout,
    ) as { account: { id: string }; token: string };
    const off = await admin('accounts', 'disable-api', '--account', created.account.id);
    expect(off.stdout).toContain('403 forbidden');
    expect((await verify(created.token))?.account.apiAccess).toBe(false);
    expect((await admin('accounts', 'list')).stdout).toContain('Gone  (API access withdrawn)');
    const on = await admin('accounts', 'enable-api', '--account', created.account.id, '--json');
    expect(JSON.parse(on.stdout)).toEqual({ accountId: created.account.id, apiAccess: true });
    expect((await verify(created.token))?.account.apiAccess).toBe(true);
  });

  it('refuses bad usage with exit code 2, the reason and the help', async () => {
    const cases: [string, string[], string][] = [
      ['accounts', ['create', '--credits', '1'], '--name is required'],
      ['accounts', ['create', '--name', 'x', '--credits', '1.5'], '--credits must be a whole number'],
      ['accounts', ['create', '--name', 'x', '--credits', '1', '--plan', 'gold'], '--plan must be one of'],
      ['accounts', ['frobnicate'], 'unknown command "accounts frobnicate"'],
      ['accounts', [], 'give a command (create, list, disable-api, enable-api)'],
      ['tokens', [], 'give a command (create, list, revoke)'],
      ['credits', ['list'], 'unknown command "credits list" (credits commands: add)'],
    ];
    for (const [group, args, message] of cases) {
      const result = await admin(group, ...args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('callscope accounts create');
    }
  });

  it('says what it could not do, without the help, when an account does not exist', async () => {
    const cases: [string, string[]][] = [
      ['accounts', ['disable-api', '--account', 'nope']],
      ['tokens', ['create', '--account', 'nope']],
      ['credits', ['add', '--account', 'nope', '--credits', '1']],
    ];
    for (const [group, args] of cases) {
      const result = await admin(group, ...args);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({
        args,
        code: 2,
        stderr: `callscope ${group}: no account nope\n`,
      });
    }
  });

  it("does not make an empty database out of a --data that is not the service's", async () => {
    const elsewhere = tempDir('callscope-admin-elsewhere-');
    const run = async (group: string, ...args: string[]) => {
      const io = captureIo();
      const code = await adminCommand(group, [...args, '--data', elsewhere], io, {});
      return { code, stdout: io.stdout, stderr: io.stderrText };
    };
    for (const [group, args] of [
      ['accounts', ['list']],
      ['tokens', ['list']],
      ['credits', ['add', '--account', 'x', '--credits', '1']],
    ] as const) {
      const result = await run(group, ...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `no database at ${join(elsewhere, 'callscope.db')}. Give --data the directory`,
      );
      expect(existsSync(join(elsewhere, 'callscope.db'))).toBe(false);
    }
    const created = await run('accounts', 'create', '--name', 'First', '--credits', '1');
    expect(created.code).toBe(0);
    expect(created.stderr).toContain(`No database at ${join(elsewhere, 'callscope.db')} yet: creating it.`);
    expect((await run('accounts', 'list')).stdout).toContain('First');
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it('names the database it cannot open, password masked, without a stack trace (exit 1)', async () => {
    const io = captureIo();
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const code = await adminCommand('accounts', ['list'], io, {
      CALLSCOPE_DATABASE_URL: 'postgres://callscope:hunter2@127.0.0.1:1/callscope',
    });
    expect(code).toBe(1);
    expect(io.stderrText).toMatch(
      /^callscope accounts: PostgreSQL postgres:\/\/callscope:\*\*\*@127\.0\.0\.1:1\/callscope: connect ECONNREFUSED/,
    );
    expect(io.stderrText).not.toContain('hunter2');
  });

  it('quotes a data directory with a space in the serve command it suggests', async () => {
    const parent = tempDir('callscope-admin-spaced-');
    const spaced = join(parent, 'team data');
    const io = captureIo();
    const args = ['create', '--name', 'First', '--credits', '1', '--data', spaced];
    expect(await adminCommand('accounts', args, io, {})).toBe(0);
    expect(io.stderrText).toContain(`Start the service with --data '${spaced}' to use this account.`);
    rmSync(parent, { recursive: true, force: true });
  });

  it("lists an account's stored sessions with their file names, filtered by file name", async () => {
    const { account } = JSON.parse(
      (await admin('accounts', 'create', '--name', 'Lister', '--credits', '1', '--json')).stdout,
    ) as { account: { id: string } };
    const storage = await openStorage({ dataDir });
    try {
      for (const [i, fileName] of ['caller.txt', 'callee.txt'].entries())
        await storage.sessions.insert({
          id: `00000000-0000-4000-8000-00000000010${i}`,
          accountId: account.id,
          createdAt: Date.parse('2026-01-01T00:00:00Z') + i * 60_000,
          // The same title for both, as every call of one test page has.
          title: 'localhost/test-page',
          fileName,
          fileSize: 10,
          blobKey: `sessions/${account.id}/${i}`,
          processorVersion: '1.0.0',
          payload: gzipSync('{}'),
          uploadedBy: null,
          uploadedByEmail: null,
          callStart: null,
          callEnd: null,
          abstract: {
            observationFlags: [],
            observationTags: [],
            browser: null,
            browserVersion: null,
            os: null,
            osVersion: null,
            conferenceId: null,
            sessionId: null,
            userId: null,
            experienceScore: 85,
            connectivity: null,
            observationsCritical: 0,
            observationsHigh: 0,
            observationsMedium: 0,
            scoreBand: 'high',
          },
        });
    } finally {
      await storage.close();
    }
    const listed = await admin('sessions', 'list', '--account', account.id);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+created\s+file\s+title\s+score$/);
    expect(lines[2]).toMatch(
      /^0{8}-0000-4000-8000-000000000101 {2}2026-01-01 00:01 {2}callee\.txt {2}localhost\/test-page {2}high$/,
    );
    expect(lines[3]).toMatch(/ caller\.txt /);
    const filtered = JSON.parse(
      (await admin('sessions', 'list', '--account', account.id, '--file-name', 'CALLER', '--json')).stdout,
    ) as { total: number; data: { fileName: string }[] };
    expect(filtered.total).toBe(1);
    expect(filtered.data.map((s) => s.fileName)).toEqual(['caller.txt']);
    expect((await admin('sessions', 'list')).code).toBe(2);
  });
});
