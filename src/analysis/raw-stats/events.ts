import type { DumpInput } from '../../ingest/input.js';
import type { ReadOptions } from '../../ingest/read-dump.js';
import type { RawEvent, RawEventsResponse } from '../../model/api/raw-stats.js';
import { RAW_LIMITS } from '../../model/raw-limits.js';
import type { TraceEvent } from '../../model/trace-event.js';
import { visitDump } from './sink.js';

export interface EventsRequest {
  /** One connection's events; "client" for the client-level ones; undefined for all. */
  connection?: string | undefined;
  /** Only the events that carry a session description. */
  only?: 'sdp' | undefined;
  offset: number;
  limit: number;
}

/** The description an event carries ({type, sdp}, as ingest normalizes every era), if any. */
export function descriptionOf(value: unknown): { type: string | null; sdp: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { sdp, type } = value as { sdp?: unknown; type?: unknown };
  if (typeof sdp !== 'string' || sdp.length === 0) return undefined;
  return { type: typeof type === 'string' ? type : null, sdp };
}

function jsonText(value: unknown): string {
  try {
    return (typeof value === 'string' ? value : JSON.stringify(value)) ?? '';
  } catch {
    return String(value);
  }
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function rawEvent(index: number, connection: string | null, e: TraceEvent): RawEvent {
  const description = descriptionOf(e.value);
  // The SDP is given apart: the value shows the rest (the type, other fields) without it.
  const rest = description ? { ...(e.value as object), sdp: undefined } : e.value;
  return {
    index,
    connection,
    timestamp: e.timestamp === undefined || !Number.isFinite(e.timestamp) ? null : Math.round(e.timestamp),
    type: e.type,
    value: cut(jsonText(rest), RAW_LIMITS.maxValueChars),
    sdpType: description?.type ?? null,
    sdp: description ? cut(description.sdp, RAW_LIMITS.maxSdpChars) : null,
  };
}

/**
 * A page of the dump's event log, in reading order (client-level events as the dump gives them,
 * each connection's log when the connection is complete). Every matching event is counted, only
 * the page is kept, and the page ends early once its text passes maxPageChars.
 */
export async function rawEvents(
  input: DumpInput,
  request: EventsRequest,
  options: ReadOptions,
): Promise<RawEventsResponse> {
  const events: RawEvent[] = [];
  let total = 0;
  let chars = 0;
  let full = false;
  const take = (connection: string | null, e: TraceEvent) => {
    if (request.only === 'sdp' && !descriptionOf(e.value)) return;
    const index = total++;
    if (full || index < request.offset || events.length >= request.limit) return;
    const event = rawEvent(index, connection, e);
    chars += event.value.length + (event.sdp?.length ?? 0);
    events.push(event);
    if (chars >= RAW_LIMITS.maxPageChars) full = true;
  };
  const all = request.connection === undefined;
  await visitDump(
    input,
    {
      clientEvent: (e) => {
        if (all || request.connection === 'client') take(null, e);
      },
      peerConnection: (pc) => {
        if (!all && request.connection !== pc.id) return;
        for (const e of pc.events) take(pc.id, e);
      },
    },
    options,
  );
  const last = events.at(-1);
  const next = last ? last.index + 1 : request.offset;
  return { total, offset: request.offset, nextOffset: next < total ? next : null, events };
}
