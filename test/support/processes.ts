/** Real `callscope` processes for tests that need several server nodes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
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

/**
 * Processes started here and not yet gone. A test that fails or times out before it stops its
 * processes would leave them running after its file (test processes are reused from file to file,
 * and a process still serving outlives its test process): they are killed when this process exits.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
function tracked<C extends ChildProcess>(child: C): C {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * How long `serve` may take to start: 30 s on a quiet machine, where it takes 1 to 3 s, times how
 * many runnable tasks share each core (the one-minute load average). At a load of 13 on two cores a
 * start took more than 30 s, and failed the crash test.
 */
const startBoundMs = () => 30_000 * Math.max(1, loadavg()[0]! / availableParallelism());

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
    const child = tracked(
      spawn(process.execPath, [...cliCommand(options.prefer).args, ...args], {
        env: { ...process.env, ...env },
        cwd: ROOT,
      }),
    );
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
    const child = tracked(
      spawn(
        process.execPath,
        [...cliCommand(options.prefer).args, 'serve', '--port', '0', '--workers', '1'],
        {
          env: { ...process.env, CALLSCOPE_LOG_LEVEL: 'warn', ...env },
          cwd: ROOT,
        },
      ),
    );
    let stderr = '';
    const bound = startBoundMs();
    // A process that did not start in time is not left to start later, unseen.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${Math.round(bound / 1000)} s: ${stderr}`));
    }, bound);
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
