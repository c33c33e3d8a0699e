import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The pure analysis core (no service, no database, no browser, no child process) runs in threads
 * that share loaded modules between test files: importing the analysis stack anew for each of its
 * ~150 files was most of its time (53 s instead of 176 s on a loaded 2-core machine). The service
 * tests run in child processes (services, databases, browsers and their worker threads), and those
 * are reused from file to file too, loaded modules kept: importing the service stack (Fastify, the
 * storage, the MCP SDK, the analysis) anew for each file was most of the CPU time of its short files.
 * Every file closes what it opens; none changes process-wide state (environment, globals, mocks).
 *
 * One test file per core: vitest's default leaves one core free, which on a 2-core machine ran one
 * file at a time while most service files wait on child processes, sockets and timers.
 */
const CORE = ['model', 'ingest', 'computed', 'detectors', 'causes', 'scoring', 'catalog', 'analysis'].map(
  (dir) => `src/${dir}/**/*.test.ts`,
);

export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'core', include: [...CORE, 'test/**/*.test.ts'], pool: 'threads', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: ['src/**/*.test.ts'],
          exclude: CORE,
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});
