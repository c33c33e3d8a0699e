import type { Kysely } from 'kysely';
import type { McpSessionRecord } from './records.js';
import type { Database } from './schema.js';

/** 2025-era MCP sessions, kept in the database so that any server node can serve them. */
export class McpSessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(s: McpSessionRecord): Promise<void> {
    await this.db
      .insertInto('mcp_sessions')
      .values({
        id: s.id,
        account_id: s.accountId,
        protocol_version: s.protocolVersion,
        created_at: s.createdAt,
        last_seen_at: s.lastSeenAt,
      })
      .execute();
  }

  async get(id: string): Promise<McpSessionRecord | undefined> {
    const r = await this.db.selectFrom('mcp_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return r
      ? {
          id: r.id,
          accountId: r.account_id,
          protocolVersion: r.protocol_version,
          createdAt: Number(r.created_at),
          lastSeenAt: Number(r.last_seen_at),
        }
      : undefined;
  }

  async touch(id: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('mcp_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('mcp_sessions').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async expire(idleBefore: number): Promise<number> {
    const r = await this.db
      .deleteFrom('mcp_sessions')
      .where('last_seen_at', '<', idleBefore)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
