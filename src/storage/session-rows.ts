import type { Tag } from '../model/payload/observation.js';
import { flagColumns } from './flag-mask.js';
import type { SessionAbstract, SessionRow } from './records.js';
import type { SessionsTable } from './schema.js';
import { tagMask } from './tag-mask.js';

/**
 * How a session's row reads and writes: the columns read back, the abstract's columns written,
 * and a row made a SessionRow. SessionsRepo does the queries.
 */

/** The masks only serve filters (not read back); the tags and flags themselves come from session_tags and session_flags. */
export type Row = Pick<SessionsTable, (typeof COLUMNS)[number]>;
export const COLUMNS = [
  'id',
  'account_id',
  'created_at',
  'title',
  'description',
  'tags',
  'public_link',
  'file_name',
  'file_size',
  'blob_key',
  'processor_version',
  'uploaded_by',
  'uploaded_by_email',
  'call_start',
  'call_end',
  'indexed',
  'browser',
  'browser_version',
  'os',
  'os_version',
  'conference_id',
  'session_ref',
  'user_id',
  'experience_score',
  'connectivity',
  'obs_critical',
  'obs_high',
  'obs_medium',
  'score_band',
  'ai_summary',
] as const;

export const abstractColumns = (a: SessionAbstract) => ({
  indexed: 1,
  browser: a.browser,
  browser_version: a.browserVersion,
  os: a.os,
  os_version: a.osVersion,
  conference_id: a.conferenceId,
  session_ref: a.sessionId,
  user_id: a.userId,
  experience_score: a.experienceScore,
  connectivity: a.connectivity,
  obs_critical: a.observationsCritical,
  obs_high: a.observationsHigh,
  obs_medium: a.observationsMedium,
  obs_tag_mask: tagMask(a.observationTags),
  ...flagColumns(a.observationFlags),
  score_band: a.scoreBand,
});

const orNull = (v: number | null) => (v === null ? null : Number(v));

export function toRow(r: Row, flags: string[], tags: Tag[]): SessionRow {
  return {
    id: r.id,
    accountId: r.account_id,
    createdAt: Number(r.created_at),
    title: r.title,
    description: r.description,
    tags: JSON.parse(r.tags) as string[],
    publicLink: r.public_link,
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    blobKey: r.blob_key,
    processorVersion: r.processor_version,
    uploadedBy: r.uploaded_by,
    uploadedByEmail: r.uploaded_by_email,
    callStart: orNull(r.call_start),
    callEnd: orNull(r.call_end),
    abstract: r.indexed
      ? {
          observationFlags: flags,
          observationTags: tags,
          browser: r.browser,
          browserVersion: r.browser_version,
          os: r.os,
          osVersion: r.os_version,
          conferenceId: r.conference_id,
          sessionId: r.session_ref,
          userId: r.user_id,
          experienceScore: r.experience_score === null ? null : Number(r.experience_score),
          connectivity: r.connectivity,
          observationsCritical: Number(r.obs_critical),
          observationsHigh: Number(r.obs_high),
          observationsMedium: Number(r.obs_medium),
          scoreBand: r.score_band as SessionAbstract['scoreBand'],
        }
      : null,
    aiSummary: r.ai_summary ?? null,
  };
}
