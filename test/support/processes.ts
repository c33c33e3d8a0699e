/** Real `callscope` processes for tests that need several server nodes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { COMPILED_CLI, ROOT, useCompiled } from './compiled.js';

const MAIN = join(ROOT, 'src', 'cli', 'main.ts');

/**
 * How to start `callscope`: the compiled `dist/cli/main.js` when it is as new as the sources (see
 * compiled.ts), else from the sources through tsx. The compiled `serve` starts in about half the CPU
 * time (2.4 instead of 5 CPU-s, its analysis worker then loading no TypeScript either), which every
 * test that starts a process pays once per process. `prefer: 'source'` asks for the sources anyway.
 */
export function cliCommand(prefer: 'source' | 'dist' = 'dist'): { args: string[]; compiled: boolean } {
  const compiled = useCompiled(prefer);
  return compiled ? { args: [COMPILED_CLI], compiled } : { args: ['--import', 'tsx', MAIN], compiled };
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
