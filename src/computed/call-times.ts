import { GDM, GUM } from '../ingest/media-events.js';
import type { SessionView } from './session-view.js';

/** Years 0000 to 9999: what an RFC 3339 date-time (the payload's callStart/callEnd) can write. */
const MIN_DATE_MS = Date.parse('0000-01-01T00:00:00.000Z');
const MAX_DATE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * First and last observed call activity: the connections' events and stats samples, from the first
 * connection created to the last closed or sampled. getUserMedia / getDisplayMedia requests are the
 * call's only activity when no connection has any (a dump of device access alone); beside
 * connections they are shown apart (metadata.mediaRequests), not counted in: a page keeps its
 * requests for hours, and one made long before the call stretched a 4-minute call to 2 h 20 min.
 * Stats-server bookkeeping (connect, close, public IP) and app events are not call activity.
 */

export function callTimes(session: SessionView): { start: number | undefined; end: number | undefined } {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  const see = (t: number | undefined) => {
    // Outside years 0000-9999 a time is no date a payload can write (toISOString throws past
    // ±8.64e15 ms, and writes 6-digit years before): a damaged file, not a call.
    if (t === undefined || !Number.isFinite(t) || t < MIN_DATE_MS || t > MAX_DATE_MS) return;
    if (t < start) start = t;
    if (t > end) end = t;
  };
  for (const view of session.connections) {
    if (view.statsRange) {
      see(view.statsRange.first);
      see(view.statsRange.last);
    }
  }
  for (const view of session.connections) {
    see(view.lifecycle.firstEventAt);
    see(view.lifecycle.lastEventAt);
  }
  if (Number.isFinite(start)) return { start, end };
  for (const e of session.clientEvents)
    if (e.type.startsWith(GUM) || e.type.startsWith(GDM)) see(e.timestamp);
  return Number.isFinite(start) ? { start, end } : { start: undefined, end: undefined };
}

/** A moment of the call as people read it: minutes and seconds since the call started (m:ss). */
export function callClock(session: SessionView): (t: number) => string {
  const { start } = callTimes(session);
  return (t) => clockText(start === undefined ? 0 : Math.max(0, t - start));
}

export function clockText(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
