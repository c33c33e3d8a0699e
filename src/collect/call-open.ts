import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BlobStore } from '../storage/blobs/blob-store.js';
import type { AccountBytes } from './account-bytes.js';
import { resumeCall, startCall } from './call-start.js';
import { ANY_AGE, type CallsRepo } from './calls-repo.js';
import type { CollectConnection } from './connection.js';
import type { LiveCall } from './live-call.js';
import type { Protocol } from './protocols.js';

/** What opening a call needs of the node's collector. */
export interface CallOpening {
  blobs: BlobStore;
  calls: CallsRepo;
  node: string;
  flushMs: number;
  /** jitsi calls waiting for their client to reconnect, by account and statsSessionId. */
  lingering: Map<string, LiveCall>;
  bytes: AccountBytes;
  log: Logger;
  now: number;
  wrote(call: LiveCall, bytes: number): void;
}

/** A new call: its row, owned by this node, and its dump's header written. */
export async function newCall(
  o: CallOpening,
  connection: CollectConnection,
  protocol: Protocol,
  clientKey: string | undefined,
): Promise<LiveCall> {
  const id = randomUUID();
  const now = o.now;
  const accountId = connection.account.id;
  await o.calls.insert({
    id,
    accountId,
    tokenId: connection.tokenId,
    protocol,
    clientKey: clientKey ?? null,
    owner: o.node,
    now,
  });
  const { call, headerBytes } = startCall(
    o.blobs,
    { id, accountId, tokenId: connection.tokenId, protocol, clientKey },
    connection.info,
    now,
    o.flushMs,
  );
  o.wrote(call, headerBytes);
  return call;
}

/** A jitsi client back with its statsSessionId: the same call goes on, here or from its parts. */
export async function continueCall(
  o: CallOpening,
  connection: CollectConnection,
  clientKey: string,
  reconnect: boolean,
): Promise<LiveCall | undefined> {
  const accountId = connection.account.id;
  const local = o.lingering.get(`${accountId}:${clientKey}`);
  const now = o.now;
  if (local) {
    o.lingering.delete(`${accountId}:${clientKey}`);
    clearTimeout(local.lingerTimer);
    if (await o.calls.claim(local.id, ['lingering'], 'open', o.node, now, ANY_AGE)) {
      o.bytes.add(accountId, local.dump.bytes);
      return local;
    }
  }
  if (!reconnect) return undefined;
  const row = await o.calls.continuable(accountId, clientKey);
  if (!row) return undefined;
  // Lingering on another node (or one that died): taken over; open elsewhere and still
  // refreshed: that node holds a live connection for it, so this one starts a call of its own.
  const staleBefore = now - 3 * o.flushMs;
  const from = row.state === 'lingering' ? ANY_AGE : staleBefore;
  if (!(await o.calls.claim(row.id, ['lingering', 'open'], 'open', o.node, now, from))) return undefined;
  const call = await resumeCall(o.blobs, row, clientKey, now, o.flushMs);
  o.bytes.add(accountId, call.dump.bytes);
  o.log.info(
    { call: row.id, parts: call.dump.parts, lastSeq: call.lastSeq },
    'collect call continued after a reconnect',
  );
  return call;
}
