import { connectionWeight } from '../../computed/connection-weight.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { SessionView } from '../../computed/session-view.js';
import { GDM, GUM } from '../../ingest/media-events.js';
import { currentPair } from './peer-connections.js';

/**
 * First and last observed call activity: connection events and stats samples, and getUserMedia /
 * getDisplayMedia calls. Stats-server bookkeeping (connect, close, public IP) and app events are
 * not call activity.
 */
/** Years 0000 to 9999: what an RFC 3339 date-time (the payload's callStart/callEnd) can write. */
const MIN_DATE_MS = Date.parse('0000-01-01T00:00:00.000Z');
const MAX_DATE_MS = Date.parse('9999-12-31T23:59:59.999Z');

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
  for (const e of session.clientEvents)
    if (e.type.startsWith(GUM) || e.type.startsWith(GDM)) see(e.timestamp);
  return Number.isFinite(start) ? { start, end } : { start: undefined, end: undefined };
}

/**
 * How media flowed, from the local side of the selected candidate pair of the busiest connection:
 * `RELAY/<udp|tcp|tls>` through TURN, else `DIRECT/<UDP|TCP>`; `NONE` when no pair was ever selected.
 */
export function connectivity(views: readonly PeerConnectionView[]): string {
  const ranked = [...views].sort((a, b) => connectionWeight(b) - connectionWeight(a));
  for (const view of ranked) {
    const pair = currentPair(view.ice.pairs, view.ice.selected);
    const local = pair?.local;
    if (!pair) continue;
    if (local?.type === 'relay')
      return `RELAY/${(local.relayProtocol ?? local.protocol ?? 'udp').toUpperCase()}`;
    if (pair.remote?.type === 'relay' && !local) return 'RELAY/UDP';
    return `DIRECT/${(local?.protocol ?? pair.remote?.protocol ?? 'udp').toUpperCase()}`;
  }
  return 'NONE';
}

/** A readable title: host and path of the call page, else the time of the call. */
export function title(session: SessionView, callStart: number | undefined): string {
  const url = session.connections.find((c) => c.url)?.url ?? session.client.url;
  if (url) {
    try {
      const u = new URL(url);
      // Trailing slashes cut by hand: `/\/+$/` tries every run of slashes in the path to its end,
      // quadratic in a dump's URL made of slashes (40 kB of them took five seconds).
      let end = u.pathname.length;
      while (end > 0 && u.pathname[end - 1] === '/') end--;
      const path = u.pathname.slice(0, end).replace(/^\/+/, '/');
      return `${u.host}${path === '/' ? '' : path}`;
    } catch {
      return url.slice(0, 200);
    }
  }
  return callStart !== undefined
    ? `WebRTC session ${new Date(callStart).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'WebRTC session';
}
