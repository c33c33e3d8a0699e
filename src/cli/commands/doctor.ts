import { unknownSettings } from '../../config/unknown-settings.js';
import type { CliIo } from '../io.js';
import { RELEASE } from '../release.js';
import {
  type CheckResult,
  checkBlobStore,
  checkDatabase,
  checkDataDir,
  checkMigrations,
  checkWorkerFile,
} from './doctor-checks.js';
import { describeDatabase, loadConfig, parseMaintenanceArgs, STORAGE_OPTIONS_HELP } from './maintenance.js';

export const DOCTOR_HELP = `Usage: callscope doctor [--data DIR] [--database-url URL]

Checks what a node needs before it serves: the configuration, the data directory, the analysis
worker file, the database (connection and migrations) and the blob store (write, read, delete of a
probe object). Prints OK or FAIL per check, with how to fix each failure; exits 1 when one failed.
Run it with the environment of the service (for systemd: the same EnvironmentFile).

${STORAGE_OPTIONS_HELP}`;

/** `callscope doctor` */
export async function doctorCommand(
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const parsed = parseMaintenanceArgs('doctor', args, io, DOCTOR_HELP);
  if ('exit' in parsed) return parsed.exit;
  io.out(`${RELEASE} doctor`);
  const results: CheckResult[] = [];
  const report = (r: CheckResult) => {
    results.push(r);
    io.out(`${r.status.padEnd(5)} ${r.name}: ${r.detail}`);
    if (r.fix) io.out(`      fix: ${r.fix}`);
  };
  const config = loadConfig(env, parsed.flags);
  if (config instanceof Error) {
    // Every other check reads the configuration: nothing more can be said until it parses.
    report({
      name: 'configuration',
      status: 'FAIL',
      detail: config.problems.join('; '),
      fix: 'correct the settings named above (callscope serve --help lists them)',
    });
    return 1;
  }
  const target = describeDatabase(config);
  report({
    name: 'configuration',
    status: 'OK',
    detail: [
      target,
      config.blobStore === 's3' ? `blob store s3 (bucket ${config.s3.bucket})` : 'blob store fs',
      `${config.workers} analysis worker(s)`,
      `listening on ${config.host}:${config.port}`,
      ...(config.databaseUrl && config.blobStore === 'fs'
        ? ['note: with fs blobs, only nodes sharing this data directory can serve together']
        : []),
      ...unknownSettings(env).map((warning) => `warning: ${warning}`),
    ].join(', '),
  });
  report(await checkDataDir(config));
  report(checkWorkerFile());
  const database = await checkDatabase(config, target);
  report(database);
  report(
    database.status === 'OK'
      ? await checkMigrations(config)
      : { name: 'migrations', status: 'SKIP', detail: 'not checked: the database does not answer' },
  );
  report(await checkBlobStore(config));
  const failed = results.filter((r) => r.status === 'FAIL').length;
  io.out(failed === 0 ? 'All checks passed.' : `${failed} check(s) failed.`);
  return failed === 0 ? 0 : 1;
}
