/**
 * Insight rollups: `insight_cells` holds, per account and combination of the keys (UTC day of the
 * call start, UTC day of the creation, browser, browser major version, OS, connectivity, processor
 * version, score band, which of critical/high/medium observations the session has), the
 * accumulator (src/insights/accumulator.ts) of its sessions. SessionsRepo keeps it exact in the
 * transaction that saves, re-analyzes or deletes a session: the session's old facts are read (and,
 * on PostgreSQL, its row locked) before they are subtracted, and each cell is locked while it is
 * rewritten (in cell id order, so two transactions never wait on each other in a cycle).
 * `recountCells` builds the same cells from the sessions themselves: the test of exactness, and
 * the backfill of migration 008.
 */
import { createHash } from 'node:crypto';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { type Acc, addSession, decodeAcc, emptyAcc, encodeAcc, mergeInto } from '../insights/accumulator.js';
import { FACT_COLUMNS, type FactRow, factsOf, type ObservationFact } from './insight-facts.js';
import type { Dialect } from './migration-steps.js';
import type { Database, InsightCellsTable } from './schema.js';

export const DAY_MS = 86_400_000;
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

type CellKey = Omit<InsightCellsTable, 'sessions' | 'data'>;

/** The rollup cell of a stored session. */
export function cellKeyOf(row: FactRow): CellKey {
  const key = {
    account_id: row.account_id,
    start_day: row.call_start === null ? null : dayOf(Number(row.call_start)),
    created_day: dayOf(Number(row.created_at)),
    browser: row.browser,
    browser_version: row.browser_version,
    os: row.os,
    connectivity: row.connectivity,
    processor_version: row.processor_version,
    score_band: row.score_band,
    sev_mask:
      (Number(row.obs_critical) > 0 ? 1 : 0) |
      (Number(row.obs_high) > 0 ? 2 : 0) |
      (Number(row.obs_medium) > 0 ? 4 : 0),
  };
  const cell_id = createHash('sha256')
    .update(JSON.stringify(Object.values(key)))
    .digest('base64url')
    .slice(0, 32);
  return { cell_id, ...key };
}

export interface CellChange {
  row: FactRow;
  observations: readonly ObservationFact[];
  sign: 1 | -1;
}

/**
 * Adds and subtracts sessions in their cells, in the caller's transaction. Changes to one cell are
 * merged first; cells are written in id order, each locked (PostgreSQL: FOR UPDATE) while its
 * accumulator is read and rewritten; a cell left with no session is deleted.
 */
export async function applyCells(
  trx: Transaction<Database>,
  dialect: Dialect,
  changes: readonly CellChange[],
): Promise<void> {
  const byCell = new Map<string, { key: CellKey; delta: Acc }>();
  for (const c of changes) {
    const key = cellKeyOf(c.row);
    const entry = byCell.get(key.cell_id) ?? { key, delta: emptyAcc() };
    addSession(entry.delta, factsOf(c.row, c.observations), c.sign);
    byCell.set(key.cell_id, entry);
  }
  for (const id of [...byCell.keys()].sort()) {
    const { key, delta } = byCell.get(id)!;
    if (isEmpty(delta)) continue;
    await trx
      .insertInto('insight_cells')
      .values({ ...key, sessions: 0, data: encodeAcc(emptyAcc()) })
      .onConflict((oc) => oc.column('cell_id').doNothing())
      .execute();
    let read = trx.selectFrom('insight_cells').select(['data']).where('cell_id', '=', id);
    if (dialect === 'postgres') read = read.forUpdate();
    const current = await read.executeTakeFirstOrThrow();
    const next = mergeInto(decodeAcc(current.data), delta);
    if (next.sessions === 0 && isEmpty(next))
      await trx.deleteFrom('insight_cells').where('cell_id', '=', id).execute();
    else
      await trx
        .updateTable('insight_cells')
        .set({ sessions: next.sessions, data: encodeAcc(next) })
        .where('cell_id', '=', id)
        .execute();
  }
}

function isEmpty(a: Acc): boolean {
  return (
    a.sessions === 0 &&
    a.sev.every((v) => v === 0) &&
    Object.values(a.band).every((v) => v === 0) &&
    Object.keys(a.m).length === 0 &&
    Object.keys(a.t).length === 0 &&
    Object.keys(a.c).length === 0
  );
}

/** Equality filters a rollup cell answers, and ranges of UTC days. */
export interface CellWhere {
  startDays?: { from?: number; to?: number };
  createdDays?: { from?: number; to?: number };
  browser?: string;
  browserVersion?: string;
  os?: string;
  connectivity?: string;
  processorVersion?: string;
  /** Bands the sessions may have. */
  bands?: string[];
  /** For each severity bit (1 critical, 2 high, 4 medium): whether it must be set or clear. */
  severity?: { bit: number; set: boolean }[];
}

export interface CellRow {
  start_day: number | null;
  created_day: number;
  browser: string | null;
  browser_version: string | null;
  os: string | null;
  connectivity: string | null;
  processor_version: string;
  /** The cell's figures as stored (addEncoded reads them). */
  data: string;
}

export interface ScanPage {
  rows: FactRow[];
  observations: Map<string, ObservationFact[]>;
}

/** Reads of the rollups and of the sessions for insights. */
export class InsightsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's cells matching `w`. */
  async cells(accountId: string, w: CellWhere): Promise<CellRow[]> {
    let q = this.db
      .selectFrom('insight_cells')
      .select([
        'start_day',
        'created_day',
        'browser',
        'browser_version',
        'os',
        'connectivity',
        'processor_version',
        'data',
      ])
      .where('account_id', '=', accountId);
    if (w.startDays?.from !== undefined) q = q.where('start_day', '>=', w.startDays.from);
    if (w.startDays?.to !== undefined) q = q.where('start_day', '<', w.startDays.to);
    if (w.createdDays?.from !== undefined) q = q.where('created_day', '>=', w.createdDays.from);
    if (w.createdDays?.to !== undefined) q = q.where('created_day', '<', w.createdDays.to);
    if (w.browser !== undefined) q = q.where('browser', '=', w.browser);
    if (w.browserVersion !== undefined) q = q.where('browser_version', '=', w.browserVersion);
    if (w.os !== undefined) q = q.where('os', '=', w.os);
    if (w.connectivity !== undefined) q = q.where('connectivity', '=', w.connectivity);
    if (w.processorVersion !== undefined) q = q.where('processor_version', '=', w.processorVersion);
    if (w.bands !== undefined) q = q.where('score_band', 'in', w.bands.length ? w.bands : ['-']);
    for (const { bit, set } of w.severity ?? [])
      q = q.where(sql<boolean>`(sev_mask & ${sql.lit(bit)}) ${set ? sql`<>` : sql`=`} 0`);
    const rows = await q.execute();
    return rows.map((r) => ({
      start_day: r.start_day === null ? null : Number(r.start_day),
      created_day: Number(r.created_day),
      browser: r.browser,
      browser_version: r.browser_version,
      os: r.os,
      connectivity: r.connectivity,
      processor_version: r.processor_version,
      data: r.data,
    }));
  }

  /**
   * The account's sessions matching `where`, a page at a time in id order (after `afterId`), with
   * their observation facts.
   */
  async scan(
    where: (eb: ExpressionBuilder<Database, 'sessions'>) => Expression<SqlBool>,
    afterId: string | null,
    limit: number,
  ): Promise<ScanPage> {
    let q = this.db.selectFrom('sessions').select(FACT_COLUMNS).where(where);
    if (afterId !== null) q = q.where('id', '>', afterId);
    const rows = await q.orderBy('id').limit(limit).execute();
    const observations = new Map<string, ObservationFact[]>();
    const ids = rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      const facts = await this.db
        .selectFrom('session_observations')
        .select(['session_id', 'kind', 'type', 'severity'])
        .where('session_id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const f of facts) {
        const list = observations.get(f.session_id) ?? [];
        list.push({ kind: f.kind, type: f.type, severity: f.severity });
        observations.set(f.session_id, list);
      }
    }
    return { rows, observations };
  }

  /** The account's cells as stored: cell id -> accumulator. */
  async storedCells(accountId: string): Promise<Map<string, Acc>> {
    const rows = await this.db
      .selectFrom('insight_cells')
      .select(['cell_id', 'data'])
      .where('account_id', '=', accountId)
      .execute();
    return new Map(rows.map((r) => [r.cell_id, decodeAcc(r.data)]));
  }

  /** The account's cells counted again from its sessions (what storedCells must equal). */
  async recountCells(accountId: string): Promise<Map<string, Acc>> {
    return recount(this.db, accountId);
  }
}

/** Cells counted from the sessions of one account, or of every account: cell id -> key and figures. */
async function countCells(
  db: Kysely<Database>,
  accountId?: string,
): Promise<Map<string, { key: CellKey; acc: Acc }>> {
  const cells = new Map<string, { key: CellKey; acc: Acc }>();
  let after: string | null = null;
  for (;;) {
    let q = db.selectFrom('sessions').select(FACT_COLUMNS);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    if (after !== null) q = q.where('id', '>', after);
    const rows = await q.orderBy('id').limit(2000).execute();
    if (rows.length === 0) break;
    const facts = await db
      .selectFrom('session_observations')
      .select(['session_id', 'kind', 'type', 'severity'])
      .where(
        'session_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    const bySession = new Map<string, ObservationFact[]>();
    for (const f of facts) bySession.set(f.session_id, [...(bySession.get(f.session_id) ?? []), f]);
    for (const row of rows) {
      const key = cellKeyOf(row);
      const cell = cells.get(key.cell_id) ?? { key, acc: emptyAcc() };
      addSession(cell.acc, factsOf(row, bySession.get(row.id) ?? []), 1);
      cells.set(key.cell_id, cell);
    }
    after = rows[rows.length - 1]!.id;
  }
  return cells;
}

/** Cells counted from the sessions of one account: cell id -> figures. */
export async function recount(db: Kysely<Database>, accountId: string): Promise<Map<string, Acc>> {
  const cells = await countCells(db, accountId);
  return new Map([...cells].map(([id, c]) => [id, c.acc]));
}

/** Rewrites every cell from the sessions (migration 008's backfill; `callscope migrate --rebuild-insights`). */
export async function rebuildCells(db: Kysely<Database>): Promise<number> {
  await db.deleteFrom('insight_cells').execute();
  const values = [...(await countCells(db)).values()].map(({ key, acc }) => ({
    ...key,
    sessions: acc.sessions,
    data: encodeAcc(acc),
  }));
  for (let i = 0; i < values.length; i += 200)
    await db
      .insertInto('insight_cells')
      .values(values.slice(i, i + 200))
      .execute();
  return values.length;
}
