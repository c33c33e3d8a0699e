/** Real `callscope` processes for tests that need several server nodes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = join(ROOT, 'src', 'cli', 'main.ts');
const COMPILED = join(ROOT, 'dist', 'cli', 'main.js');

/**
 * How to start `callscope`: from the sources through tsx (the default), or — for tests that start
 * many processes — the compiled `dist/cli/main.js` when it is at least as new as every source file
 * (`npm run build` ran after the last edit, as in CI), which starts in a fraction of the time.
 * CALLSCOPE_TEST_CLI=source|dist forces one.
 */
export function cliCommand(prefer: 'source' | 'dist' = 'source'): { args: string[]; compiled: boolean } {
  const forced = process.env.CALLSCOPE_TEST_CLI;
  const compiled = forced ? forced === 'dist' : prefer === 'dist' && compiledIsFresh();
  return compiled ? { args: [COMPILED], compiled } : { args: ['--import', 'tsx', MAIN], compiled };
}

let fresh: boolean | undefined;
function compiledIsFresh(): boolean {
  if (fresh !== undefined) return fresh;
  if (!existsSync(COMPILED)) {
    fresh = false;
    return fresh;
  }
  const built = statSync(COMPILED).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return newer(path);
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && statSync(path).mtimeMs > built;
    });
  fresh = !newer(join(ROOT, 'src'));
  return fresh;
}

/** Resolves once the process is gone (an exit code, or the signal that killed it). */
export function exited(server: { child: ChildProcess }): Promise<void> {
  const { child } = server;
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `callscope <args>` run to completion: exit code and output. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  options: { prefer?: 'source' | 'dist' } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliCommand(options.prefer).args, ...args], {
      env: { ...process.env, ...env },
      cwd: ROOT,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** `callscope serve` on a free port; resolves once it listens. */
export function startServerProcess(
  env: Record<string, string>,
  options: { prefer?: 'source' | 'dist' } = {},
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...cliCommand(options.prefer).args, 'serve', '--port', '0', '--workers', '1'],
      {
        env: { ...process.env, CALLSCOPE_LOG_LEVEL: 'warn', ...env },
        cwd: ROOT,
      },
    );
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30_000);
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          child,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}
