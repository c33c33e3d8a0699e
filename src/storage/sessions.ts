import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Tag } from '../model/payload/observation.js';
import {
  type FactRow,
  insightColumns,
  type ObservationFact,
  observationFacts,
  storedFacts,
} from './insight-facts.js';
import { applyCells } from './insights.js';
import type { Dialect } from './migration-steps.js';
import type {
  NewSession,
  SessionAbstract,
  SessionFilters,
  SessionInsight,
  SessionPage,
  SessionPatch,
  SessionRow,
  SessionSort,
} from './records.js';
import type { Database, SessionsTable } from './schema.js';
import { sessionConditions } from './session-conditions.js';
import { abstractColumns, COLUMNS, type Row, toRow } from './session-rows.js';

/** The column of each sort of the list. */
const SORT_COLUMNS = {
  createdAt: 'created_at',
  callStart: 'call_start',
  experienceScore: 'experience_score',
} as const;

/** Stored sessions: payload, blob reference and the indexed abstract the list filters on. */
export class SessionsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    /** PostgreSQL locks the rows whose figures leave the insight rollups (insights.ts). */
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** Inserts the session with its facts; `inTransaction` runs in the same transaction (credit settle). */
  async insert(
    s: NewSession,
    inTransaction?: (trx: Transaction<Database>) => Promise<unknown>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const values: SessionsTable = {
        id: s.id,
        account_id: s.accountId,
        created_at: s.createdAt,
        title: s.title,
        description: null,
        ai_summary: null,
        tags: '[]',
        public_link: null,
        file_name: s.fileName,
        file_size: s.fileSize,
        blob_key: s.blobKey,
        processor_version: s.processorVersion,
        uploaded_by: s.uploadedBy,
        uploaded_by_email: s.uploadedByEmail,
        call_start: s.callStart,
        call_end: s.callEnd,
        ...abstractColumns(s.abstract),
        ...insightColumns(s.insight),
      };
      await trx.insertInto('sessions').values(values).execute();
      await trx.insertInto('session_payloads').values({ session_id: s.id, payload: s.payload }).execute();
      await this.insertFacts(trx, s.id, s.accountId, s.abstract);
      const observations = await this.insertObservations(trx, s.id, s.accountId, s.insight);
      await applyCells(trx, this.dialect, [{ row: values, observations, sign: 1 }]);
      await inTransaction?.(trx);
    });
  }

  /** Replaces payload and abstract after a re-analysis. */
  async replaceAnalysis(
    accountId: string,
    id: string,
    update: {
      processorVersion: string;
      payload: Uint8Array;
      callStart: number | null;
      callEnd: number | null;
      abstract: SessionAbstract;
      insight?: SessionInsight;
    },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // The old figures leave the rollups as the new ones come in (the row locked meanwhile).
      const old = await storedFacts(trx, this.dialect, accountId, id);
      if (!old) return;
      const set = {
        processor_version: update.processorVersion,
        call_start: update.callStart,
        call_end: update.callEnd,
        ...abstractColumns(update.abstract),
        ...insightColumns(update.insight),
      };
      await trx
        .updateTable('sessions')
        // The summary told the analysis replaced: a new one is asked for.
        .set({ ...set, ai_summary: null })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .execute();
      await trx
        .updateTable('session_payloads')
        .set({ payload: update.payload })
        .where('session_id', '=', id)
        .execute();
      await trx.deleteFrom('session_flags').where('session_id', '=', id).execute();
      await trx.deleteFrom('session_tags').where('session_id', '=', id).execute();
      await trx.deleteFrom('session_observations').where('session_id', '=', id).execute();
      await this.insertFacts(trx, id, accountId, update.abstract);
      const observations = await this.insertObservations(trx, id, accountId, update.insight);
      const row: FactRow = { ...old.row, ...set };
      await applyCells(trx, this.dialect, [
        { row: old.row, observations: old.observations, sign: -1 },
        { row, observations, sign: 1 },
      ]);
    });
  }

  async get(accountId: string, id: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) return undefined;
    return (await this.withFacts([row]))[0];
  }

  async getByPublicLink(link: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(COLUMNS)
      .where('public_link', '=', link)
      .executeTakeFirst();
    if (!row) return undefined;
    return (await this.withFacts([row]))[0];
  }

  /** A session whatever its account: for signed embed tokens only, which name a session and no account. */
  async getById(id: string): Promise<SessionRow | undefined> {
    const row = await this.db.selectFrom('sessions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return (await this.withFacts([row]))[0];
  }

  async payload(accountId: string, id: string): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom('session_payloads')
      .innerJoin('sessions', 'sessions.id', 'session_payloads.session_id')
      .select('session_payloads.payload')
      .where('sessions.id', '=', id)
      .where('sessions.account_id', '=', accountId)
      .executeTakeFirst();
    return row ? new Uint8Array(row.payload) : undefined;
  }

  /**
   * Newest first (or in `page.sort`'s order), with the total count of matching sessions. The id
   * breaks ties in the same direction, so that pages neither repeat nor skip a session; NULLS LAST
   * is spelled out since SQLite and PostgreSQL place nulls at opposite ends by default.
   */
  async list(
    accountId: string,
    filters: SessionFilters,
    page: { limit: number; offset: number; sort?: SessionSort },
  ): Promise<SessionPage> {
    const where = (eb: ExpressionBuilder<Database, 'sessions'>) => sessionConditions(eb, accountId, filters);
    const sort = page.sort ?? { by: 'createdAt', order: 'desc' };
    const count = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('sessions')
      .select(COLUMNS)
      .where(where)
      .orderBy(SORT_COLUMNS[sort.by], (ob) => (sort.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('id', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: await this.withFacts(rows), totalCount: Number(count?.n ?? 0) };
  }

  async patch(accountId: string, id: string, patch: SessionPatch): Promise<boolean> {
    const set: Partial<SessionsTable> = {};
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.tags !== undefined) set.tags = JSON.stringify(patch.tags);
    if (patch.publicLink !== undefined) set.public_link = patch.publicLink;
    if (Object.keys(set).length === 0) return (await this.get(accountId, id)) !== undefined;
    const r = await this.db
      .updateTable('sessions')
      .set(set)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Stores the written summary of an analysis, unless the session is gone or was analyzed again
   * (by another processor version) since the summary was asked for. Whether it was stored.
   */
  async setAiSummary(
    accountId: string,
    id: string,
    processorVersion: string,
    text: string,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('sessions')
      .set({ ai_summary: text })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('processor_version', '=', processorVersion)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Deletes the rows; returns the blob key to delete after, or undefined when there was no such session. */
  async delete(accountId: string, id: string): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const old = await storedFacts(trx, this.dialect, accountId, id);
      if (!old) return undefined;
      await applyCells(trx, this.dialect, [{ row: old.row, observations: old.observations, sign: -1 }]);
      await trx.deleteFrom('session_observations').where('session_id', '=', id).execute();
      const row = await trx
        .deleteFrom('sessions')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .returning('blob_key')
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.deleteFrom('session_payloads').where('session_id', '=', id).execute();
      await trx.deleteFrom('session_flags').where('session_id', '=', id).execute();
      await trx.deleteFrom('session_tags').where('session_id', '=', id).execute();
      return row.blob_key;
    });
  }

  /** Every blob key in use (for sweeping orphans). */
  async blobKeys(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('sessions').select('blob_key').execute();
    return new Set(rows.map((r) => r.blob_key));
  }

  /** Which of `ids` are stored sessions (any account): housekeeping checks candidate orphans in batches. */
  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = await this.db.selectFrom('sessions').select('id').where('id', 'in', batch).execute();
      for (const r of rows) found.add(r.id);
    }
    return found;
  }

  private async insertObservations(
    trx: Transaction<Database>,
    id: string,
    accountId: string,
    insight: SessionInsight | undefined,
  ): Promise<ObservationFact[]> {
    const facts = observationFacts(insight);
    if (facts.length)
      await trx
        .insertInto('session_observations')
        .values(facts.map((f) => ({ session_id: id, account_id: accountId, ...f })))
        .execute();
    return facts;
  }

  private async insertFacts(trx: Transaction<Database>, id: string, accountId: string, a: SessionAbstract) {
    const flags = [...new Set(a.observationFlags)].map((value) => ({
      session_id: id,
      account_id: accountId,
      value,
    }));
    const tags = [...new Set(a.observationTags)].map((value) => ({
      session_id: id,
      account_id: accountId,
      value,
    }));
    if (flags.length) await trx.insertInto('session_flags').values(flags).execute();
    if (tags.length) await trx.insertInto('session_tags').values(tags).execute();
  }

  private async withFacts(rows: Row[]): Promise<SessionRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [flags, tags] = await Promise.all([
      this.db
        .selectFrom('session_flags')
        .select(['session_id', 'value'])
        .where('session_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('session_tags')
        .select(['session_id', 'value'])
        .where('session_id', 'in', ids)
        .execute(),
    ]);
    const group = (facts: { session_id: string; value: string }[]) => {
      const m = new Map<string, string[]>();
      for (const f of facts) m.set(f.session_id, [...(m.get(f.session_id) ?? []), f.value]);
      for (const v of m.values()) v.sort();
      return m;
    };
    const f = group(flags);
    const t = group(tags);
    return rows.map((r) => toRow(r, f.get(r.id) ?? [], (t.get(r.id) ?? []) as Tag[]));
  }
}
