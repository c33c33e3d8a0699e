/**
 * A real service on 127.0.0.1 for HTTP tests: temporary data directory, SQLite (or PostgreSQL when
 * asked), two worker threads, and helpers to create accounts and tokens and to call the API.
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { type BuiltApp, buildApp } from '../../src/app/build-app.js';
import { closeApp } from '../../src/app/close-app.js';
import type { Plan } from '../../src/config/config.js';
import { parseConfig } from '../../src/config/config.js';
import type { ServiceContext } from '../../src/service/context.js';
import { closeContext, createContext } from '../../src/service/create-context.js';
import type { TokenScope } from '../../src/storage/index.js';
import { compiledAnalysisWorker } from './compiled.js';
import { tempDir } from './databases.js';

export interface TestService {
  url: string;
  ctx: ServiceContext;
  built: BuiltApp;
  /** A new account with `credits` monthly credits and a token of `scope`. */
  account(options?: {
    plan?: Plan;
    credits?: number;
    scope?: TokenScope;
    email?: string;
  }): Promise<TestAccount>;
  close(): Promise<void>;
}

export interface TestAccount {
  id: string;
  token: string;
  /** fetch against the service with this account's token (path starts with /). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Another token of the same account. */
  token2(scope: TokenScope): Promise<string>;
}

/**
 * A rate-limit window for tests that count requests up to a limit. Windows are fixed and aligned
 * on multiples of their length since the epoch, so a test that runs across a boundary sees its
 * count start again (an hour's window did, at 17:00). 2^40 ms (about 35 years) puts the next
 * boundary in 2039.
 */
export const NO_WINDOW_BOUNDARY_MS = String(2 ** 40);

/** How long closing a test service waits for responses still being sent before it cuts their connections. */
const CLOSE_GRACE_MS = 10_000;

export async function startService(
  env: Record<string, string> = {},
  options: {
    databaseUrl?: string;
    /** The analysis worker entry (see held-analyses.ts); unset: the real one. */
    analysisWorker?: { filename: string; fromSource: boolean };
  } = {},
): Promise<TestService> {
  const dataDir = tempDir('callscope-service-');
  const config = parseConfig({
    CALLSCOPE_DATA_DIR: dataDir,
    CALLSCOPE_PORT: '0',
    CALLSCOPE_WORKERS: '2',
    CALLSCOPE_LOG_LEVEL: 'silent',
    ...(options.databaseUrl ? { CALLSCOPE_DATABASE_URL: options.databaseUrl } : {}),
    ...env,
  });
  // The compiled worker when it is as new as the sources: each of the pool's threads loads the
  // whole analysis stack, which through tsx costs about twice the CPU time.
  const analysisWorker = options.analysisWorker ?? compiledAnalysisWorker();
  const ctx = await createContext(config, {
    log: pino({ level: 'silent' }),
    ...(analysisWorker ? { analysisWorker } : {}),
  });
  const built = await buildApp(ctx);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const service: TestService = {
    url,
    ctx,
    built,
    async account({ plan = 'developer', credits = 100, scope = 'full', email } = {}) {
      const account = await ctx.storage.accounts.create({
        name: `test-${plan}`,
        plan,
        credits,
        email: email ?? null,
      });
      const { token } = await ctx.tokens.issue(account.id, 'test', scope);
      return {
        id: account.id,
        token,
        fetch: (path, init = {}) =>
          fetch(`${url}${path}`, {
            ...init,
            headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
          }),
        token2: async (s) => (await ctx.tokens.issue(account.id, 'second', s)).token,
      };
    },
    async close() {
      // Bounded: a response a test left unread (a download's body) holds its connection busy,
      // and close() would wait for it; after the grace its connections are cut.
      const cut = setTimeout(() => built.app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await closeApp(built.app);
      } finally {
        clearTimeout(cut);
      }
      await closeContext(ctx);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return service;
}
