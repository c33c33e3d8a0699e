import type { parseArgs } from 'node:util';
import { type Config, PLANS, type Plan } from '../../config/config.js';
import type { TokenService } from '../../service/tokens.js';
import type { Storage, TokenScope } from '../../storage/index.js';
import { webhooksAdmin } from '../../webhooks/cli.js';
import { table } from '../format.js';
import {
  CommandError,
  count,
  existingAccount,
  isJwt,
  oneOf,
  parseOrigins,
  required,
  UsageError,
} from './admin-inputs.js';

// What each administration command does, once adminCommand (admin.ts) has read the command line
// and opened the service's database.

export const OPTIONS = {
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

export type AdminValues = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

export interface AdminRun {
  group: string;
  action: string;
  /** `group action`, as the switch below names it. */
  command: string;
  rest: string[];
  values: AdminValues;
  config: Config;
  storage: Storage;
  tokens: TokenService;
  /** Prints `json` with --json, else `text`. */
  out(json: unknown, text: string): void;
}

/** Carries out one command; its mistakes are thrown as UsageError or CommandError. */
export async function runAdminCommand(run: AdminRun): Promise<void> {
  const { group, action, command, rest, values, config, storage, tokens, out } = run;
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
    return;
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
      return;
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
      return;
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
      return;
    }
    case 'tokens create': {
      const accountId = await existingAccount(storage, values.account);
      const scope = oneOf(values.scope ?? 'full', ['full', 'read_only', 'collect'], '--scope') as TokenScope;
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
      return;
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
      return;
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
      return;
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
      return;
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
      return;
    }
    default:
      throw new UsageError(`unknown command "${group} ${action ?? ''}"`);
  }
}

/** How many sessions `sessions list` prints, newest first. */
const SESSIONS_SHOWN = 50;
