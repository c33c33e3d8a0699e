import type { Kysely } from 'kysely';
import type { ChunkRecord } from './records.js';
import type { Database } from './schema.js';

/** Chunks of the chunked flow, per account and fileId; their bytes live in the blob store. */
export class ChunksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a chunk; returns the blob key it replaced when the index was sent before. */
  async put(accountId: string, fileId: string, chunk: ChunkRecord): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const old = await trx
        .deleteFrom('upload_chunks')
        .where('account_id', '=', accountId)
        .where('file_id', '=', fileId)
        .where('chunk_index', '=', chunk.index)
        .returning('blob_key')
        .executeTakeFirst();
      await trx
        .insertInto('upload_chunks')
        .values({
          account_id: accountId,
          file_id: fileId,
          chunk_index: chunk.index,
          size: chunk.size,
          blob_key: chunk.blobKey,
          created_at: chunk.createdAt,
        })
        .execute();
      return old?.blob_key;
    });
  }

  async list(accountId: string, fileId: string): Promise<ChunkRecord[]> {
    const rows = await this.db
      .selectFrom('upload_chunks')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('file_id', '=', fileId)
      .orderBy('chunk_index')
      .execute();
    return rows.map((r) => ({
      index: r.chunk_index,
      size: Number(r.size),
      blobKey: r.blob_key,
      createdAt: Number(r.created_at),
    }));
  }

  /** How many chunks of a file are stored, and their bytes (`except` one index, about to be replaced). */
  async totals(
    accountId: string,
    fileId: string,
    except?: number,
  ): Promise<{ count: number; bytes: number }> {
    let q = this.db
      .selectFrom('upload_chunks')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('size').as('bytes')])
      .where('account_id', '=', accountId)
      .where('file_id', '=', fileId);
    if (except !== undefined) q = q.where('chunk_index', '!=', except);
    const row = await q.executeTakeFirstOrThrow();
    return { count: Number(row.n), bytes: Number(row.bytes ?? 0) };
  }

  /** Whether a chunk is on record under this blob key (housekeeping: chunk blobs without a row are orphans). */
  async hasBlob(accountId: string, fileId: string, index: number, blobKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('upload_chunks')
      .select('blob_key')
      .where('account_id', '=', accountId)
      .where('file_id', '=', fileId)
      .where('chunk_index', '=', index)
      .executeTakeFirst();
    return row?.blob_key === blobKey;
  }

  /** Forgets the chunks of a file; returns their blob keys. */
  async remove(accountId: string, fileId: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('upload_chunks')
      .where('account_id', '=', accountId)
      .where('file_id', '=', fileId)
      .returning('blob_key')
      .execute();
    return rows.map((r) => r.blob_key);
  }

  /** Forgets chunks older than `before`; returns their blob keys. */
  async expire(before: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('upload_chunks')
      .where('created_at', '<', before)
      .returning('blob_key')
      .execute();
    return rows.map((r) => r.blob_key);
  }
}
