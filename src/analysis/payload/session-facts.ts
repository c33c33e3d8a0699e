import { connectionWeight } from '../../computed/connection-weight.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { SessionView } from '../../computed/session-view.js';
import { currentPair } from './peer-connections.js';

export { callTimes } from '../../computed/call-times.js';

/** Relay transports from the least to the most constrained: the session reports the worst one used. */
const RELAY_ORDER = ['UDP', 'TCP', 'TLS'];

/**
 * How media flowed: `RELAY/<UDP|TCP|TLS>` when any connection that carried bytes went through TURN
 * (the most constrained relay transport among them: an SFU call relayed over TURN/TLS beside a
 * direct peer-to-peer connection is a relayed call, and says where its delay and blocked ports come
 * from), else `DIRECT/<UDP|TCP>` from the selected pair of the busiest connection; `NONE` when no
 * pair was ever selected.
 */
export function connectivity(views: readonly PeerConnectionView[]): string {
  const ranked = [...views].sort((a, b) => connectionWeight(b) - connectionWeight(a));
  let relay: string | undefined;
  for (const view of ranked) {
    if (connectionWeight(view) <= 0) continue;
    const local = currentPair(view.ice.pairs, view.ice.selected)?.local;
    if (local?.type !== 'relay') continue;
    const protocol = (local.relayProtocol ?? local.protocol ?? 'udp').toUpperCase();
    if (relay === undefined || RELAY_ORDER.indexOf(protocol) > RELAY_ORDER.indexOf(relay)) relay = protocol;
  }
  if (relay !== undefined) return `RELAY/${relay}`;
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
