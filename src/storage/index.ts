import { AccountsRepo } from './accounts.js';
import { ChunksRepo } from './chunks.js';
import { type DatabaseOptions, type Db, openDatabase } from './database.js';
import { IdempotencyRepo } from './idempotency.js';
import { InsightsRepo } from './insights.js';
import { McpSessionsRepo } from './mcp-sessions.js';
import { RateCountersRepo } from './rate-counters.js';
import { SessionsRepo } from './sessions.js';
import { SettingsRepo, TokensRepo } from './tokens.js';

export { HoldLostError } from './accounts.js';
export type { Db } from './database.js';
export * from './records.js';

/** Every repository over one database. */
export interface Storage {
  database: Db;
  accounts: AccountsRepo;
  tokens: TokensRepo;
  settings: SettingsRepo;
  sessions: SessionsRepo;
  insights: InsightsRepo;
  chunks: ChunksRepo;
  idempotency: IdempotencyRepo;
  mcpSessions: McpSessionsRepo;
  rateCounters: RateCountersRepo;
  close(): Promise<void>;
}

export function storageOver(database: Db): Storage {
  const { db } = database;
  return {
    database,
    accounts: new AccountsRepo(db),
    tokens: new TokensRepo(db),
    settings: new SettingsRepo(db),
    sessions: new SessionsRepo(db, database.dialect),
    insights: new InsightsRepo(db),
    chunks: new ChunksRepo(db),
    idempotency: new IdempotencyRepo(db),
    mcpSessions: new McpSessionsRepo(db),
    rateCounters: new RateCountersRepo(db),
    close: () => database.close(),
  };
}

export async function openStorage(options: DatabaseOptions): Promise<Storage> {
  return storageOver(await openDatabase(options));
}
