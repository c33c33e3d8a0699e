import { repairFlagMasks, repairTagMasks } from '../../storage/mask-repair.js';
import { migrate, migrationStatus } from '../../storage/migrations.js';
import type { CliIo } from '../io.js';
import {
  describeDatabase,
  loadConfig,
  openRawDatabase,
  parseMaintenanceArgs,
  STORAGE_OPTIONS_HELP,
} from './maintenance.js';

export const MIGRATE_HELP = `Usage: callscope migrate [--data DIR] [--database-url URL]

Applies the database migrations this version has and the database lacks, prints them, and exits.
Nodes starting at the same time are safe: on PostgreSQL an advisory lock lets one migrate while
the others wait. serve migrates at start too; when upgrading several nodes, run migrate once first,
then restart the nodes one by one (docs/deploy.md).

${STORAGE_OPTIONS_HELP}`;

/** `callscope migrate` */
export async function migrateCommand(
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const parsed = parseMaintenanceArgs('migrate', args, io, MIGRATE_HELP);
  if ('exit' in parsed) return parsed.exit;
  const config = loadConfig(env, parsed.flags);
  if (config instanceof Error) {
    io.err(`callscope migrate: ${config.message}`);
    return 2;
  }
  const target = describeDatabase(config);
  let opened: ReturnType<typeof openRawDatabase> | undefined;
  try {
    opened = openRawDatabase(config);
    const before = await migrationStatus(opened.db);
    if (before.unknown.length > 0)
      io.err(
        `callscope migrate: warning: ${target} has migrations this version does not know (${before.unknown.join(', ')}): it was migrated by a newer callscope.`,
      );
    const applied = await migrate(opened.db, opened.dialect);
    const after = await migrationStatus(opened.db);
    const repaired = await repairTagMasks(opened.db);
    if (repaired > 0)
      io.out(`${target}: set the tag bits of ${repaired} session(s) stored by a previous version.`);
    const flagged = await repairFlagMasks(opened.db);
    if (flagged > 0)
      io.out(
        `${target}: set the observation type bits of ${flagged} session(s) stored by a previous version.`,
      );
    if (applied.length === 0)
      io.out(`${target}: up to date (${after.applied.length} applied, none pending).`);
    else
      io.out(
        `${target}: applied ${applied.length} migration(s):\n${applied.map((n) => `  ${n}`).join('\n')}`,
      );
    return 0;
  } catch (error) {
    io.err(`callscope migrate: ${target}: ${(error as Error).message}`);
    return 1;
  } finally {
    await opened?.db.destroy();
  }
}
