import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, PLANS, type Plan, parseConfig } from '../../config/config.js';
import { TokenService } from '../../service/tokens.js';
import { openStorage, type Storage, type TokenScope } from '../../storage/index.js';
import { sqliteFile } from '../../storage/sqlite/open.js';
import { webhooksAdmin } from '../../webhooks/cli.js';
import { WebhookInputError } from '../../webhooks/manage.js';
import { table } from '../format.js';
import type { CliIo } from '../io.js';
import { refusal } from '../option-problem.js';
import { shellQuote } from '../shell-quote.js';
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

/** A mistake in the command line: the message, then the usage. */
class UsageError extends Error {}
/** A command that cannot be carried out (no such account, a missing database): the message alone. */
class CommandError extends Error {}
/** The database cannot be opened: not a usage error (exit 1, not 2). */
class DatabaseError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  credits: { type: 'string' },
  email: { type: 'string' },
  account: { type: 'string' },
  scope: { type: 'string' },
  origins: { type: 'string' },
  'file-name': { type: 'string' },
  url: { type: 'string' },
  events: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  data: { type: 'string' },
  'database-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** `callscope accounts|tokens|credits ...` */
export async function adminCommand(
  group: string,
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let values: Values;
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
    if (group === 'webhooks') {
      const accountId =
        action === 'create' ? await existingAccount(storage, values.account) : (values.account ?? undefined);
      const done = await webhooksAdmin(storage, action, {
        ...(accountId ? { accountId } : {}),
        ...(values.url ? { url: values.url } : {}),
        ...(values.events ? { events: values.events } : {}),
        ...(values.format ? { format: values.format } : {}),
        ...(rest[0] ? { id: rest[0] } : {}),
        allowPrivate: config.webhooks.allowPrivate,
      });
      out(done.json, done.text);
      return 0;
    }
    switch (command) {
      case 'accounts create': {
        const name = required(values.name, '--name');
        const plan = oneOf(values.plan ?? 'developer', PLANS, '--plan') as Plan;
        const credits = count(required(values.credits, '--credits'), '--credits');
        const account = await storage.accounts.create({ name, plan, credits, email: values.email ?? null });
        const { token, record } = await tokens.issue(account.id, 'default', 'full');
        out(
          { account, token, tokenId: record.id },
          `Account ${account.id} (${name}, ${plan}, ${credits} credits/month)\nApplication token (full scope; shown once, keep it secret):\n${token}`,
        );
        return 0;
      }
      case 'accounts list': {
        const accounts = await storage.accounts.list();
        out(
          accounts,
          accounts.length === 0
            ? 'No accounts.'
            : accounts
                .map(
                  (a) =>
                    `${a.id}  ${a.plan.padEnd(15)} ${String(a.remainingCredits).padStart(6)}/${a.allowedCredits} credits  ${a.name}${a.apiAccess ? '' : '  (API access withdrawn)'}`,
                )
                .join('\n'),
        );
        return 0;
      }
      case 'accounts disable-api':
      case 'accounts enable-api': {
        const accountId = await existingAccount(storage, values.account);
        const apiAccess = action === 'enable-api';
        await storage.accounts.setApiAccess(accountId, apiAccess);
        out(
          { accountId, apiAccess },
          apiAccess
            ? `API access of account ${accountId} restored.`
            : `API access of account ${accountId} withdrawn: its tokens now get 403 forbidden.`,
        );
        return 0;
      }
      case 'tokens create': {
        const accountId = await existingAccount(storage, values.account);
        const scope = oneOf(
          values.scope ?? 'full',
          ['full', 'read_only', 'collect'],
          '--scope',
        ) as TokenScope;
        if (values.origins !== undefined && scope !== 'collect')
          throw new UsageError('--origins applies to collect tokens only (--scope collect)');
        const origins = values.origins === undefined ? undefined : parseOrigins(values.origins);
        const { token, record } = await tokens.issue(accountId, values.name ?? 'token', scope, Date.now(), {
          ...(origins ? { origins } : {}),
        });
        const where = origins ? `, origins ${origins.join(' ')}` : '';
        out(
          { token, tokenId: record.id, scope, ...(origins ? { origins } : {}) },
          `Token ${record.id} (${scope}${where}) for account ${accountId}; shown once:\n${token}`,
        );
        return 0;
      }
      case 'tokens list': {
        const list = await storage.tokens.list(values.account);
        const shown = list.map(({ tokenHash: _hash, ...t }) => t);
        const anyOrigins = shown.some((t) => t.origins !== null);
        out(
          shown,
          shown.length === 0
            ? 'No tokens.'
            : table(
                // Origins only when a collect token is limited to some: the other lists stay as they were.
                ['id', 'scope', 'status', 'account', 'name', ...(anyOrigins ? ['origins'] : [])],
                shown.map((t) => [
                  t.id,
                  t.scope,
                  t.revokedAt ? 'revoked' : 'active',
                  t.accountId,
                  t.name,
                  ...(anyOrigins ? [t.origins?.join(' ') ?? ''] : []),
                ]),
              ),
        );
        return 0;
      }
      case 'tokens revoke': {
        const id = required(rest[0], 'TOKEN_ID');
        // A token pasted in place of its id: say so without echoing it (it is a secret, and the
        // terminal's scrollback or a CI log would keep it).
        if (isJwt(id))
          throw new CommandError(
            'that is a token, not a token id; `callscope tokens list` shows ids (the first column).',
          );
        if (!(await storage.tokens.revoke(id))) throw new CommandError(`no active token ${id}`);
        out({ revoked: id }, `Token ${id} revoked.`);
        return 0;
      }
      case 'credits add': {
        const accountId = await existingAccount(storage, values.account);
        const credits = count(required(values.credits, '--credits'), '--credits');
        await storage.accounts.addCredits(accountId, credits);
        const quota = await storage.accounts.quota(accountId);
        out(
          quota,
          `Added ${credits} credits: ${quota?.remainingCredits} of ${quota?.allowedCredits} remaining.`,
        );
        return 0;
      }
      case 'sessions list': {
        const accountId = await existingAccount(storage, values.account);
        const fileName = values['file-name'];
        // Calls of one test page share a title: the stored file name tells them apart.
        const { rows, totalCount } = await storage.sessions.list(
          accountId,
          fileName ? { fileName: [fileName] } : {},
          { limit: SESSIONS_SHOWN, offset: 0 },
        );
        const shown = rows.map((r) => ({
          id: r.id,
          createdAt: new Date(r.createdAt).toISOString(),
          fileName: r.fileName,
          title: r.title,
          scoreBand: r.abstract?.scoreBand ?? null,
        }));
        const more = totalCount > rows.length ? `\n(${rows.length} newest of ${totalCount})` : '';
        out(
          { total: totalCount, data: shown },
          shown.length === 0
            ? 'No sessions.'
            : table(
                ['id', 'created', 'file', 'title', 'score'],
                shown.map((s) => [
                  s.id,
                  s.createdAt.slice(0, 16).replace('T', ' '),
                  s.fileName,
                  s.title,
                  s.scoreBand ?? '–',
                ]),
              ) + more,
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${group} ${action ?? ''}"`);
    }
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

/** How many sessions `sessions list` prints, newest first. */
const SESSIONS_SHOWN = 50;

/** Whether `text` has the shape of a JWT (three base64url parts), which a token id (a UUID) never has. */
function isJwt(text: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(text);
}

/**
 * `--origins`: browser origins as a page's Origin header gives them (scheme, host, port; no path),
 * a leading `*.` in the host standing for any subdomain.
 */
function parseOrigins(text: string): string[] {
  const origins = text
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  if (origins.length === 0) throw new UsageError('--origins needs at least one origin');
  for (const origin of origins)
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(origin))
      throw new UsageError(
        `--origins: ${JSON.stringify(origin)} is not an origin like https://app.example (scheme and host, no path)`,
      );
  return origins.map((o) => o.toLowerCase());
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`${name} is required`);
  return value;
}

function oneOf(value: string, allowed: readonly string[], name: string): string {
  if (!allowed.includes(value)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}`);
  return value;
}

function count(text: string, name: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new UsageError(`${name} must be a whole number`);
  return Number(text);
}

async function existingAccount(storage: Storage, id: string | undefined): Promise<string> {
  const accountId = required(id, '--account');
  if (!(await storage.accounts.get(accountId))) throw new CommandError(`no account ${accountId}`);
  return accountId;
}
