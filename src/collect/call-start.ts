import type { BlobStore } from '../storage/blobs/blob-store.js';
import { CallDump, lastJitsiSeq, listParts } from './call-dump.js';
import type { CallRow } from './calls-repo.js';
import type { LiveCall } from './live-call.js';
import { type ConnectionInfo, dumpFormat, isJitsiFormat, type Protocol } from './protocols.js';

/** When a call's first flush is due: staggered over the period so that flushes spread over time. */
const firstFlush = (now: number, flushMs: number) => now + Math.floor(Math.random() * flushMs);

/**
 * A new call's state, its dump opened with the format's header lines (not yet flushed). Returns
 * the bytes of the header beside it, for the account's count.
 */
export function startCall(
  blobs: BlobStore,
  row: { id: string; accountId: string; tokenId: string; protocol: Protocol; clientKey: string | undefined },
  info: ConnectionInfo,
  now: number,
  flushMs: number,
): { call: LiveCall; headerBytes: number } {
  const format = dumpFormat(row.protocol);
  const dump = new CallDump(blobs, row.accountId, row.id);
  const header = format.header(info);
  dump.append(header);
  return {
    call: { ...row, format, dump, lastSeq: 0, flushedSeq: 0, messages: 0, flushAt: firstFlush(now, flushMs) },
    headerBytes: header.reduce((n, line) => n + Buffer.byteLength(line) + 1, 0),
  };
}

/**
 * A jitsi call taken up again from its stored parts (its client reconnected here, or to a node
 * that died): the dump goes on after its last part, from the last sequence number written.
 */
export async function resumeCall(
  blobs: BlobStore,
  row: CallRow,
  clientKey: string,
  now: number,
  flushMs: number,
): Promise<LiveCall> {
  const parts = await listParts(blobs, row.accountId, row.id);
  const lastSeq = await lastJitsiSeq(blobs, parts);
  const format = dumpFormat('jitsi');
  if (isJitsiFormat(format)) format.resume(clientKey);
  const bytes = Math.max(row.bytes, 0);
  return {
    id: row.id,
    accountId: row.accountId,
    tokenId: row.tokenId,
    protocol: 'jitsi',
    format,
    dump: new CallDump(blobs, row.accountId, row.id, { parts: parts.length, bytes }),
    clientKey,
    lastSeq,
    flushedSeq: lastSeq,
    messages: row.messages,
    flushAt: firstFlush(now, flushMs),
  };
}
