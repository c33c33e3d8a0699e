import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../../config/config.js';
import { TokenService } from '../../service/tokens.js';
import { openStorage, type Storage } from '../../storage/index.js';
import { sqliteFile } from '../../storage/sqlite/open.js';
import { WebhookInputError } from '../../webhooks/manage.js';
import type { CliIo } from '../io.js';
import { refusal } from '../option-problem.js';
import { shellQuote } from '../shell-quote.js';
import { type AdminValues, OPTIONS, runAdminCommand } from './admin-actions.js';
import { CommandError, DatabaseError, UsageError } from './admin-inputs.js';
import { describeDatabase } from './maintenance.js';

export const ADMIN_HELP = `Administration (runs against the service's database; same --data / --database-url as serve):

  callscope accounts create --name NAME --plan developer|trial_developer|enterprise --credits N [--email E] [--json]
      Creates an account with N monthly credits and prints its id and a full-scope application token.
  callscope accounts list [--json]
  callscope accounts disable-api --account ID [--json]
  callscope accounts enable-api --account ID [--json]
      Withdraws or restores the account's API access (REST and MCP answer 403 forbidden meanwhile);
      its sessions, tokens, credits and share links are kept.
  callscope tokens create --account ID [--name NAME] [--scope full|read_only|collect] [--origins LIST] [--json]
      A collect token only streams calls to /v1.0/collect (it sits in web pages); --origins limits
      it to those browser origins (comma-separated, https://app.example or https://*.example.com).
  callscope tokens list [--account ID] [--json]
  callscope tokens revoke TOKEN_ID [--json]
  callscope credits add --account ID --credits N [--json]
      Adds purchased credits (used after the monthly ones, never expire).
  callscope sessions list --account ID [--file-name TEXT] [--json]
      The account's 50 newest stored sessions: id, creation time, file name, title, score band.
  callscope webhooks create --account ID --url URL [--events session.analyzed,insights.regression] [--format json|slack] [--json]
      Prints the webhook's id and its signing secret (shown once). A URL on a private, loopback or
      reserved address is refused unless CALLSCOPE_WEBHOOK_ALLOW_PRIVATE=1 (docs/webhooks.md).
  callscope webhooks list [--account ID] [--json]
  callscope webhooks delete WEBHOOK_ID [--json]

Storage options: --data DIR (default ./data, or CALLSCOPE_DATA_DIR), --database-url URL (or CALLSCOPE_DATABASE_URL).`;

/**
 * The commands of each group: what adminCommand accepts, and what the help must name (a test
 * checks both helps against this list).
 */
export const ACTIONS: Record<string, readonly string[]> = {
  accounts: ['create', 'list', 'disable-api', 'enable-api'],
  tokens: ['create', 'list', 'revoke'],
  credits: ['add'],
  sessions: ['list'],
  webhooks: ['create', 'list', 'delete'],
};

/**
 * The usage lines of ADMIN_HELP for the command `args` name (`tokens revoke`), or of every command
 * of the group when they name none: for a command line parseArgs refused, so read without it.
 */
function adminUsage(group: string, args: readonly string[]): string[] {
  const action = args.find((a) => ACTIONS[group]?.includes(a));
  const prefix = `callscope ${group} ${action ?? ''}`.trimEnd();
  return ADMIN_HELP.split('\n')
    .map((line) => line.trim())
    .filter((line) => line === prefix || line.startsWith(`${prefix} `));
}

/** `callscope accounts|tokens|credits ...` */
export async function adminCommand(
  group: string,
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let values: AdminValues;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (error) {
    io.err(refusal(group, error, adminUsage(group, args)));
    return 2;
  }
  if (values.help) {
    io.out(ADMIN_HELP);
    return 0;
  }
  const [action, ...rest] = positionals;
  // Checked before the database is opened: `callscope tokens` alone is a usage mistake, and its
  // answer should name the commands, not complain about a --data directory.
  const actions = ACTIONS[group] ?? [];
  if (action === undefined || !actions.includes(action)) {
    const known = actions.join(', ');
    io.err(
      `callscope ${group}: ${action === undefined ? `give a command (${known})` : `unknown command "${group} ${action}" (${group} commands: ${known})`}\n\n${ADMIN_HELP}`,
    );
    return 2;
  }
  let storage: Storage | undefined;
  try {
    const storageFlags = [
      ...(values.data ? ['--data', values.data] : []),
      ...(values['database-url'] ? ['--database-url', values['database-url']] : []),
    ];
    const config = parseConfig(env, storageFlags);
    const command = `${group} ${action ?? ''}`.trim();
    // Opening SQLite creates it: a --data that is not the service's would give an empty database,
    // and tokens the service does not know. Only creating an account may start a database.
    const file = sqliteFile(config.dataDir);
    if (!config.databaseUrl && !existsSync(file)) {
      if (command !== 'accounts create')
        throw new CommandError(
          `no database at ${file}. Give --data the directory the service uses (serve prints it when it starts).`,
        );
      io.err(
        `No database at ${file} yet: creating it. Start the service with --data ${shellQuote(config.dataDir)} to use this account.`,
      );
    }
    try {
      storage = await openStorage({
        dataDir: config.dataDir,
        ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      });
    } catch (error) {
      throw new DatabaseError(`${describeDatabase(config)}: ${(error as Error).message}`);
    }
    const tokens = await TokenService.create(storage, config.jwtSecret);
    const out = (json: unknown, text: string) => io.out(values.json ? JSON.stringify(json, null, 2) : text);
    await runAdminCommand({ group, action, command, rest, values, config, storage, tokens, out });
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(`callscope ${group}: ${error.message}\n\n${ADMIN_HELP}`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof WebhookInputError) {
      io.err(`callscope ${group}: ${error.message}`);
      return 2;
    }
    if (error instanceof DatabaseError) {
      io.err(`callscope ${group}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await storage?.close();
  }
}
