import type { PeerConnectionView } from './peer-connection-view.js';

/** Bytes a connection carried: how "main" it is when a session has several. */
export function connectionWeight(view: PeerConnectionView): number {
  let bytes = 0;
  for (const s of view.streams) bytes += s.totals.bytes ?? 0;
  for (const p of view.ice.pairs)
    if (p.selected) bytes += (p.totals.bytesSent ?? 0) + (p.totals.bytesReceived ?? 0);
  return bytes;
}
