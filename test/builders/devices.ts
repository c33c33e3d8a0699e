/**
 * Client-side rtcstats dumps (format 3, as rtcstats-js writes them) for device detector tests: the
 * header and device record of the real `rtcstats/rtcstats-gumonly.jsonl`, followed by the media
 * records a test needs. Reading them goes through the real reader, like a recorded dump.
 */
import { readFileSync } from 'node:fs';
import { readSessionView } from '../../src/analysis/analyze-dump.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { fixture } from '../support/fixtures.js';
import { buildInternalsDump, type DumpSpec, type GumEntry } from './internals-dump.js';

/** Method ids of rtcstats' compression table. */
export const GUM = 60;
export const GUM_SUCCESS = 61;
export const GDM = 63;
export const GDM_SUCCESS = 64;
export const GUM_FAILURE = 65;
export const TRACK_STOP = 70;
export const TRACK_ENDED = 72;

/** One client record: method (id or name), value, correlation id, ms after the previous record. */
export interface ClientRecord {
  method: number | string;
  value: unknown;
  id?: string;
  afterMs: number;
}

/** Time of the device record the fixture starts with; records follow it. */
export const GUMONLY_START = 1758602115670;

/** A recorded track as rtcstats-js dumps it: `[kind, id, label, streamId]`. */
export const track = (kind: 'audio' | 'video', id: string, label = ''): unknown[] => [
  kind,
  id,
  label,
  'stream-1',
];

/** The dump bytes: the fixture's header and device record, then `records` and a close. */
export function rtcstatsClientDump(records: readonly ClientRecord[]): Buffer {
  const lines = readFileSync(fixture('rtcstats', 'rtcstats-gumonly.jsonl'), 'utf8').split('\n').slice(0, 3);
  for (const r of records)
    lines.push(JSON.stringify([r.method, null, r.value, ...(r.id ? [r.id] : []), r.afterMs]));
  lines.push(JSON.stringify(['close', null, 1001, 200]));
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The session a client dump of `records` reads into. */
export function clientSession(records: readonly ClientRecord[]): () => Promise<SessionView> {
  return () => readSessionView(rtcstatsClientDump(records));
}

/** One getUserMedia/getDisplayMedia call in a webrtc-internals dump, with its result. */
export interface InternalsGumCall {
  at: number;
  api?: 'getUserMedia' | 'getDisplayMedia';
  /** Constraint texts (`""`: requested with `true`); leave out a kind not requested. */
  audio?: string;
  video?: string;
  /** Failure, or the tracks obtained; none: no result recorded. */
  result?:
    | { afterMs: number; error: string; message: string }
    | { afterMs: number; audio?: { id: string; label: string }; video?: { id: string; label: string } };
}

/** A webrtc-internals (M149) export holding these media calls and the given connections. */
export function internalsGumSession(
  calls: readonly InternalsGumCall[],
  connections: DumpSpec['connections'] = [],
): () => Promise<SessionView> {
  const ids = { rid: 7, pid: 1234 };
  const entries: GumEntry[] = calls.flatMap((c, requestId): GumEntry[] => {
    const api = c.api ?? 'getUserMedia';
    const request: GumEntry = {
      kind: 'request',
      at: c.at,
      ...ids,
      requestId,
      api,
      origin: 'https://meet.example.org',
      ...(c.audio !== undefined ? { audio: c.audio } : {}),
      ...(c.video !== undefined ? { video: c.video } : {}),
    };
    const r = c.result;
    if (!r) return [request];
    const at = c.at + r.afterMs;
    if ('error' in r)
      return [request, { kind: 'failure', at, ...ids, requestId, api, error: r.error, message: r.message }];
    return [
      request,
      {
        kind: 'success',
        at,
        ...ids,
        requestId,
        api,
        streamId: `stream${requestId}`,
        ...(r.audio ? { audio: r.audio } : {}),
        ...(r.video ? { video: r.video } : {}),
      },
    ];
  });
  return () => readSessionView(buildInternalsDump({ era: 'M149', getUserMedia: entries, connections }));
}
